import { formatNewYorkTime } from '@shared/format/time';
import { useMarketStatus, useQuotes } from '@web/api/market';
import { INDEX_TAPE, STOCK_TAPE } from '../lib/tickers';
import { TickerTape } from './ticker-tape';

/** Both tapes and what they are: end-of-day prices, ETFs for indices, and demo data when it is. */
export function MarketTapes() {
  const status = useMarketStatus();
  const indices = useQuotes(INDEX_TAPE.map((e) => e.ticker));
  const demo = status.data?.source === 'demo';
  const asOf = indices.data?.quotes[0]?.asOf;
  return (
    <section aria-label="Market prices">
      <TickerTape title="Indices" entries={INDEX_TAPE} speedSeconds={40} />
      <TickerTape title="Stocks" entries={STOCK_TAPE} speedSeconds={55} />
      {/* Room for the longest note (the demo sentence and the time added once the prices arrive), so nothing below moves then. */}
      <p className="min-h-[80px] bg-slate-900 px-4 pb-2 pt-1 text-xs text-slate-300 min-[400px]:min-h-[64px] md:min-h-[48px] xl:min-h-[32px]">
        {demo && <span className="mr-2 inline-flex rounded bg-amber-300 px-1.5 font-semibold text-slate-900">Demo data</span>}
        End-of-day prices from Options Academy&apos;s own market data{asOf ? `, as of ${formatNewYorkTime(asOf)}` : ''}. Index ETFs stand in for the indices.
        {demo && ' These are simulated prices, not real quotes.'}
      </p>
    </section>
  );
}
