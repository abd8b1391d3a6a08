import { strategyLabel } from '@shared/backtest/saved-run';
import { formatMoney, formatUsd } from '@shared/format/money';
import { formatCount, formatNumber, formatPercent } from '@shared/format/number';
import { formatExpiry, formatNewYorkTime } from '@shared/format/time';
import { plural } from '@shared/format/words';
import type { Post } from '@web/api/community-posts';

export type BacktestPart = NonNullable<Post['backtest']>;

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
const pct = (x: number | null) => (x === null ? '–' : formatPercent(x / 100));

/** A shared run's rules in words, one sentence each: what it traded, when it entered, when it left and how large. */
export function rulesInWords(rules: BacktestPart['rules']): string[] {
  const { entry, filters, exit, size } = rules;
  const when =
    entry.schedule.kind === 'weekday'
      ? `every ${WEEKDAYS[entry.schedule.weekday - 1]}`
      : entry.schedule.tradingDays === 1
        ? 'every session'
        : `every ${plural(entry.schedule.tradingDays, 'trading day')}`;
  const only = [
    filters.ivRank?.above !== undefined ? `IV rank above ${formatNumber(filters.ivRank.above, { minDigits: 0 })}` : null,
    filters.ivRank?.below !== undefined ? `IV rank below ${formatNumber(filters.ivRank.below, { minDigits: 0 })}` : null,
    filters.noEarningsBeforeExpiry ? 'no earnings before the expiry' : null,
  ].filter(Boolean);
  const exits = [
    exit.profitTargetPct !== undefined ? `at ${formatNumber(exit.profitTargetPct, { minDigits: 0 })}% of the max profit` : null,
    exit.stopLoss
      ? `at a loss of ${formatNumber(exit.stopLoss.pct, { minDigits: 0 })}% of the ${exit.stopLoss.of === 'max-loss' ? 'max loss' : 'credit received (debit paid)'}`
      : null,
    exit.daysBeforeExpiry !== undefined ? `${plural(exit.daysBeforeExpiry, 'day')} before expiry` : null,
  ].filter(Boolean);
  return [
    `${strategyLabel(rules)} on ${rules.underlying}.`,
    `Entered ${when} at about ${plural(entry.daysToExpiry, 'day')} to expiry, at most ${entry.maxOpen} open at once${only.length ? `, only with ${only.join(' and ')}` : ''}.`,
    exits.length ? `Closed ${exits.join(', or ')}, else at expiry.` : 'Held to expiry.',
    `${size.kind === 'contracts' ? plural(size.contracts, 'lot') : `Risking ${formatNumber(size.riskPct, { minDigits: 0 })}% of the balance`} a trade, from a ${formatMoney(rules.startingBalance)} balance; costs ${formatUsd(rules.costs.commissionPerContract)} commission and ${formatUsd(rules.costs.spreadPerContract)} spread a contract.`,
  ];
}

/** The backtest a post was shared from: its range, rules and headline figures, modelled from end-of-day data. */
export function BacktestPartView({ part }: { part: BacktestPart }) {
  const figures = [
    ['Trades', formatCount(part.trades)],
    ['Win rate', pct(part.winRate)],
    ['Return on risk', pct(part.returnOnRisk)],
    ['Max drawdown', formatMoney(-part.maxDrawdown)],
  ] as const;
  return (
    <section aria-labelledby="backtest-heading" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="backtest-heading" className="font-semibold text-slate-900">
        The backtest
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {part.underlying}, {formatExpiry(part.from)} to {formatExpiry(part.to)}. Run {formatNewYorkTime(part.ranAt)}.
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-800" aria-label="Rules">
        {rulesInWords(part.rules).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 p-2">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-base font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-slate-600">
        Prices were modelled from end-of-day data through {formatExpiry(part.dataAsOf)}, not traded quotes: past results do not promise future ones.
      </p>
    </section>
  );
}
