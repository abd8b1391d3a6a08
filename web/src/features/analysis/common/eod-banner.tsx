import { formatDate } from '@shared/format/time';
import { formatAsOf } from './formula-tip';

/**
 * Every analysis page says what its data is (issue 22): simulated or end-of-day, as of its session's close (a date, or
 * the snapshot's time), never intraday. One banner for the screener, arbitrage, volatility, sentiment, events and
 * regime pages.
 */
export function EodBanner({ asOf, source, extra }: { asOf: string | null | undefined; source: 'live' | 'demo' | null | undefined; extra?: string }) {
  const when = asOf ? (/^\d{4}-\d{2}-\d{2}$/.test(asOf) ? formatDate(asOf) : formatAsOf(asOf)) : null;
  return (
    <p role="note" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="eod-banner">
      <strong>{source === 'live' ? 'End-of-day data' : 'Simulated end-of-day data'}</strong>
      {when ? `, as of the close of ${when}` : ''}. Quotes are a daily snapshot, not intraday prices: nothing here can be traded at these prices as shown.
      {extra ? ` ${extra}` : ''}
    </p>
  );
}

/** The history-based pages' banner: the same, saying the simulated market is a model. */
export function EndOfDayBanner({ source, asOf }: { source: 'live' | 'demo'; asOf: string | null }) {
  return <EodBanner source={source} asOf={asOf} extra={source === 'demo' ? 'The simulated market is a model for learning, not real prices.' : undefined} />;
}
