import { plural } from '@shared/format/words';
import type { StrategyLeg } from '@shared/strategy';
import { formatMoney } from '@shared/format/money';
import { formatShortDate } from '@shared/format/time';
import { strike } from '../lib/format';
import { optionTypeLabel } from '@shared/format/options';

/**
 * The Strategy Chart (the spec names the tab without content): the legs on a strike axis with the current
 * price, bought legs above the axis and sold legs below, so the shape of the position reads at a glance.
 */
export function StrategyChart({ legs, spot }: { legs: readonly StrategyLeg[]; spot: number }) {
  const xs = [...legs.map((l) => l.strike), spot];
  const min = Math.min(...xs);
  const max = Math.max(...xs);
  const pad = Math.max((max - min) * 0.12, spot * 0.01);
  const lo = min - pad;
  const hi = max + pad;
  const at = (x: number) => ((x - lo) / (hi - lo)) * 100;
  const stackAt = new Map<string, number>();
  const placed = legs.map((leg) => {
    const key = `${leg.action}|${leg.strike}`;
    const level = stackAt.get(key) ?? 0;
    stackAt.set(key, level + 1);
    return { leg, level };
  });
  const levels = Math.max(1, ...placed.map((p) => p.level + 1));
  const half = 28 + levels * 34;
  const ticks = [...new Set(legs.map((l) => l.strike))].sort((a, b) => a - b);
  const describe = (l: StrategyLeg) =>
    `${l.action === 'buy' ? 'Buy' : 'Sell'} ${plural(l.quantity, l.optionType === 'call' ? 'call' : 'put')} at ${strike(l.strike)}, ${formatShortDate(l.expiration)}`;

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">Each leg at its strike: bought legs above the line, sold legs below. The amber line is the current price.</p>
      <div className="overflow-x-auto">
        <div
          className="relative min-w-[20rem] rounded-xl bg-slate-50 ring-1 ring-slate-200"
          style={{ height: half * 2 + 28 }}
          role="img"
          aria-label={`Strike axis: current price ${formatMoney(spot)}; ${legs.map(describe).join('; ')}`}
          data-testid="strategy-chart"
        >
          <span className="absolute left-2 top-1 text-xs font-semibold text-emerald-800">Bought</span>
          <span className="absolute bottom-7 left-2 text-xs font-semibold text-red-700">Sold</span>
          <div className="absolute left-0 right-0 border-t-2 border-slate-400" style={{ top: half }} />
          {ticks.map((k) => (
            <span key={k} className="absolute -translate-x-1/2 text-xs tabular-nums text-slate-700" style={{ left: `${at(k)}%`, top: half * 2 + 6 }}>
              {strike(k)}
            </span>
          ))}
          <div className="absolute w-0.5 bg-amber-700" style={{ left: `${at(spot)}%`, top: 0, height: half * 2 }} />
          <span
            className="absolute -translate-x-1/2 rounded bg-amber-700 px-1.5 text-xs font-semibold text-white"
            style={{ left: `${at(spot)}%`, top: half - 9 }}
          >
            {formatMoney(spot)}
          </span>
          {placed.map(({ leg, level }, i) => {
            const buy = leg.action === 'buy';
            const offset = 30 + level * 34;
            return (
              <span
                key={i}
                className={`absolute -translate-x-1/2 whitespace-nowrap rounded-md px-1.5 py-0.5 text-xs font-bold ring-1 ${buy ? 'bg-emerald-100 text-emerald-900 ring-emerald-300' : 'bg-red-100 text-red-900 ring-red-300'}`}
                style={{ left: `${at(leg.strike)}%`, top: buy ? half - offset : half + offset - 22 }}
              >
                {buy ? 'B' : 'S'} {leg.quantity}× {optionTypeLabel(leg.optionType)}
              </span>
            );
          })}
        </div>
      </div>
      <ol className="space-y-1 text-sm text-slate-800">
        {legs.map((l, i) => (
          <li key={i} className="flex items-center gap-2">
            <span aria-hidden className={`inline-block h-2.5 w-2.5 rounded-full ${l.action === 'buy' ? 'bg-emerald-600' : 'bg-red-600'}`} />
            {describe(l)}
          </li>
        ))}
      </ol>
    </div>
  );
}
