import { marketQuoteSource } from '../functions/adapters/market/quote-source';
import { marketDeps } from '../functions/wiring/market';
import type { StandInContract, StandInMarket } from './alpaca-standin';

/**
 * The market the Alpaca stand-in fills at: the product's own chains (the stored snapshot, or the simulated market), read
 * the way the paper account reads them, so a live order through the stand-in fills at the prices the learner saw.
 * Called once the local stack has set the environment (the table's endpoint).
 */
export function standInMarket(): StandInMarket {
  const market = marketDeps();
  const quotes = marketQuoteSource(market.reader, market.clock);
  return {
    async quotes(symbols) {
      const found = await quotes.quotes(symbols);
      return new Map([...found].map(([symbol, q]) => [symbol, { bid: q.bid, ask: q.ask, mark: q.mark }]));
    },
    async contracts(underlying, expiration) {
      let expiry = expiration;
      if (!expiry) {
        // Alpaca's default is the contracts expiring before the coming weekend (Alpaca Trading API v2, GET /v2/options/contracts): the nearest expiry.
        const listed = await market.reader.expiries(underlying);
        if (!listed.ok) return [];
        expiry = listed.value.expiries[0]?.expiration_date;
        if (!expiry) return [];
      }
      const read = await market.reader.chain(underlying, expiry);
      if (!read.ok) return [];
      return read.value.contracts.map((c): StandInContract => ({
        symbol: c.contract_ticker,
        underlying: c.underlying_ticker,
        type: c.contract_type,
        strike: c.strike_price,
        expiration: c.expiration_date,
        close: c.last ?? c.mark,
        openInterest: c.open_interest,
      }));
    },
  };
}
