import { formatDate } from '@shared/format/time';

/**
 * What every analysis page says first (issue 22): the data is simulated or end-of-day, as of its session, never intraday.
 * Shared with the screener, arbitrage and volatility pages (web/src/features/analysis/common).
 */
export function EndOfDayBanner({ source, asOf }: { source: 'live' | 'demo'; asOf: string | null }) {
  return (
    <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200" data-testid="eod-banner">
      <strong>{source === 'demo' ? 'Simulated end-of-day data' : 'End-of-day data'}</strong>
      {asOf ? `, as of the ${formatDate(asOf)} close.` : '.'} Figures are computed once a day after the close; nothing here is intraday or a live quote.
      {source === 'demo' && ' The simulated market is a model for learning, not real prices.'}
    </p>
  );
}
