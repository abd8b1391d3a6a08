import { formatAsOf } from './formula-tip';

/** Every analysis page says what its data is (issue 22): simulated or end-of-day, with its date; never intraday. */
export function EodBanner({ asOf, source, extra }: { asOf: string | null | undefined; source: 'live' | 'demo' | null | undefined; extra?: string }) {
  return (
    <p role="note" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="eod-banner">
      <strong>{source === 'live' ? 'End-of-day data' : 'Simulated end-of-day data'}</strong>
      {asOf ? `, as of the close of ${formatAsOf(asOf)}` : ''}. Quotes are a daily snapshot, not intraday prices: nothing here can be traded at these prices as
      shown.{extra ? ` ${extra}` : ''}
    </p>
  );
}
