import { useId } from 'react';
import { GUIDELINE_TEXTS, tradeGuidelines, type StrategySummary } from '@shared/strategy';
import { formatMoney } from '@shared/format/money';
import { percent } from '../lib/format';

/**
 * Spec part 3 §9's three guideline texts, each worked out in dollars for the strategy on the board and the
 * learner's paper account.
 */
export function GuidelinesView({ summary, equity }: { summary: StrategySummary; equity: number | null }) {
  const headingId = useId();
  const g = tradeGuidelines(summary, equity);
  const size = g.positionSize;
  const range = size ? `${formatMoney(size.low)}–${formatMoney(size.high)}` : '';
  const sizeText = !size
    ? 'Open a paper account to see this in dollars.'
    : size.atRisk === null
      ? `With ${formatMoney(equity)} in the account that is ${range} at risk. This strategy's loss is unlimited, so no lot size keeps it within that: decide the loss at which you will close it before you open it.`
      : `With ${formatMoney(equity)} in the account that is ${range} at risk. This strategy can lose ${formatMoney(size.atRisk)} (${percent(size.share ?? 0)} of the account)${size.tooLarge ? ', more than the guideline: fewer lots would bring it within.' : '.'}`;
  const profitText = g.profitTarget
    ? `Close when the profit reaches ${formatMoney(g.profitTarget.low)}–${formatMoney(g.profitTarget.high)} (the most it can make is ${formatMoney(summary.maxProfit)}).`
    : summary.maxProfit === Infinity
      ? 'The profit is unlimited: set a target in dollars before you open it.'
      : 'At these prices this strategy makes no profit at expiry.';
  const stopText = !g.stop
    ? 'No net premium changes hands: set the stop from the max loss.'
    : g.stop.kind === 'credit'
      ? `You receive ${formatMoney(g.stop.premium)}: close if buying it back would cost ${formatMoney(g.stop.closeAt)}, a loss of ${formatMoney(g.stop.loss)}.`
      : `You pay ${formatMoney(g.stop.premium)}: close if it falls to ${formatMoney(g.stop.closeAt)}, a loss of ${formatMoney(g.stop.loss)}.`;
  const rows: { key: string; guideline: string; text: string; warn: boolean }[] = [
    { key: 'position-size', guideline: GUIDELINE_TEXTS.positionSize, text: sizeText, warn: !!size?.tooLarge },
    { key: 'profit-target', guideline: GUIDELINE_TEXTS.profitTarget, text: profitText, warn: false },
    { key: 'stop', guideline: GUIDELINE_TEXTS.stop, text: stopText, warn: false },
  ];
  return (
    <section aria-labelledby={headingId} className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        Trade management guidelines
      </h3>
      <ul className="mt-2 space-y-2 text-sm">
        {rows.map((r) => (
          <li key={r.key} data-testid={`guideline-${r.key}`}>
            <p className="font-medium text-slate-900 first-letter:uppercase">{r.guideline}</p>
            <p className={r.warn ? 'text-amber-900' : 'text-slate-700'}>{r.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
