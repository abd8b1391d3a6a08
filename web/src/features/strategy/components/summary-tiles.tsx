import { formatNumber } from '@shared/format/number';
import type { StrategySummary } from '@shared/strategy';
import { formatMoney } from '@shared/format/money';
import { percent, strike } from '../lib/format';
import { InfoTip } from '@web/components/ui/info-tip';

const ratio = (r: number | null) => (r === null ? 'n/a' : r === Infinity ? 'Unlimited' : formatNumber(r));

/** Spec part 3 §2: Max Profit, Max Loss, Reward/Risk, POP, Breakeven, Time Value, and the net debit or credit. */
export function SummaryTiles({ summary }: { summary: StrategySummary }) {
  const { debitCredit } = summary;
  const tiles: { label: string; value: string; tone?: string; tip?: string; testId: string }[] = [
    { label: 'Max Profit', value: formatMoney(summary.maxProfit), tone: 'text-emerald-800', testId: 'max-profit' },
    // A position that cannot lose at expiry (say, quotes that leave a free lock-in) has no max loss to show.
    summary.maxLoss >= 0
      ? { label: 'Max Loss', value: 'None', testId: 'max-loss' }
      : { label: 'Max Loss', value: summary.maxLoss === -Infinity ? 'Unlimited' : formatMoney(-summary.maxLoss), tone: 'text-red-700', testId: 'max-loss' },
    { label: 'Reward/Risk', value: ratio(summary.rewardRisk), testId: 'reward-risk' },
    { label: 'POP', value: summary.pop === null ? 'n/a' : percent(summary.pop), tip: summary.popMethod, testId: 'pop' },
    { label: 'Breakeven', value: summary.breakevens.length ? summary.breakevens.map(strike).join(', ') : 'None', testId: 'breakeven' },
    { label: 'Time Value', value: formatMoney(summary.timeValue), testId: 'time-value' },
  ];
  return (
    <div className="space-y-2">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {tiles.map((t) => (
          <div key={t.label} className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
            <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-600">
              {t.label}
              {t.tip && <InfoTip label="How POP is calculated" text={t.tip} />}
            </dt>
            <dd className={`mt-0.5 break-words text-base font-bold tabular-nums ${t.tone ?? 'text-slate-900'}`} data-testid={`summary-${t.testId}`}>
              {t.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-700" data-testid="net-premium">
        {debitCredit.kind === 'debit' ? (
          <>
            Net debit <span className="font-semibold tabular-nums">{formatMoney(debitCredit.amount)}</span> at the mid-prices this analysis uses. What the order
            pays now, with commission, is under the legs.
          </>
        ) : debitCredit.kind === 'credit' ? (
          <>
            Net credit <span className="font-semibold tabular-nums">{formatMoney(debitCredit.amount)}</span> at the mid-prices this analysis uses. What the
            order receives now, less commission, is under the legs.
          </>
        ) : (
          <>No net premium: the legs cost what they bring in.</>
        )}
      </p>
    </div>
  );
}
