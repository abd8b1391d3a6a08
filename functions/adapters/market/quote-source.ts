import type { MarketReader } from '@shared/market/market-reader';
import { parseOcc } from '@shared/market/occ';
import type { Quote } from '@shared/trading/order';
import type { Clock } from '@shared/ports/clock.port';
import type { QuoteSource, UnderlyingQuote } from '@shared/paper/paper.port';
import { BoundedMap } from '@shared/bounded-map';
import type { Result } from '@shared/result';

/**
 * Quotes for paper trading from the latest chain the market API serves (stored snapshot, or the
 * simulated market), so an order fills at the prices the learner saw. Chains are kept briefly per
 * (underlying, expiry), as the chain route keeps them.
 */
const FRESH_MS = 10_000;
const PAST_CLOSES_KEPT = 5_000;

export function marketQuoteSource(reader: MarketReader, clock: Clock): QuoteSource {
  const chains = new Map<string, { at: number; quotes: Promise<Map<string, Quote>>; refreshing: boolean }>();
  const pastCloses = new BoundedMap<string, number>(PAST_CLOSES_KEPT);

  async function load(underlying: string, expiration: string): Promise<Map<string, Quote>> {
    const read = await reader.chain(underlying, expiration);
    const quotes = new Map<string, Quote>();
    if (read.ok) {
      const view = read.value;
      for (const c of view.contracts) {
        quotes.set(c.contract_ticker, {
          contract: c.contract_ticker,
          bid: c.bid,
          ask: c.ask,
          last: c.last,
          mark: c.mark,
          asOf: view.underlying.asOf,
          underlyingPrice: view.underlying.price,
          delta: c.delta,
          gamma: c.gamma,
          theta: c.theta,
          vega: c.vega,
          rho: c.rho,
          impliedVolatility: c.implied_volatility,
        });
      }
    }
    return quotes;
  }

  /**
   * A chain older than FRESH_MS is still served while one request reloads it in the background:
   * quotes change when a snapshot is ingested, so an order never waits on that reload.
   */
  function chainQuotes(underlying: string, expiration: string): Promise<Map<string, Quote>> {
    const key = `${underlying}|${expiration}`;
    const now = clock.now().getTime();
    const hit = chains.get(key);
    if (!hit) {
      const entry = { at: now, quotes: load(underlying, expiration), refreshing: false };
      entry.quotes.catch(() => chains.delete(key));
      chains.set(key, entry);
      return entry.quotes;
    }
    if (now - hit.at >= FRESH_MS && !hit.refreshing) {
      hit.refreshing = true;
      load(underlying, expiration)
        .then((quotes) => chains.set(key, { at: clock.now().getTime(), quotes: Promise.resolve(quotes), refreshing: false }))
        .catch(() => {
          hit.refreshing = false;
        });
    }
    return hit.quotes;
  }

  return {
    async quotes(contracts) {
      const out = new Map<string, Quote>();
      const groups = new Map<string, string[]>();
      for (const c of contracts) {
        const occ = parseOcc(c);
        if (!occ) continue;
        const key = `${occ.underlying}|${occ.expiration}`;
        groups.set(key, [...(groups.get(key) ?? []), c.toUpperCase().replace(/^O:/, '')]);
      }
      await Promise.all(
        [...groups.entries()].map(async ([key, list]) => {
          const [u, e] = key.split('|') as [string, string];
          const quotes = await chainQuotes(u, e);
          for (const c of list) {
            const q = quotes.get(c);
            if (q) out.set(c, q);
          }
        }),
      );
      return out;
    },

    async underlyingPrices(underlyings) {
      const quotes = await underlyingQuotes(underlyings);
      return new Map([...quotes].map(([u, q]) => [u, q.price]));
    },

    underlyingQuotes,

    // A past day's close never changes, so found ones are kept (a bounded map: the oldest go first).
    closeOn: (underlying, date) => pastClose(`S|${underlying.toUpperCase()}|${date}`, () => reader.history(underlying, 30), date),
    contractCloseOn: (contract, date) => pastClose(`${contract}|${date}`, () => reader.contractHistory(contract, 30), date),
  };

  async function underlyingQuotes(underlyings: readonly string[]): Promise<Map<string, UnderlyingQuote>> {
    const { tickers } = await reader.tickers();
    const out = new Map<string, UnderlyingQuote>();
    for (const u of underlyings) {
      const t = tickers.find((x) => x.ticker === u.toUpperCase());
      if (t) out.set(u, { price: t.current_price, asOf: t.last_update });
    }
    return out;
  }

  async function pastClose(key: string, read: () => Promise<Result<{ bars: { date: string; close: number }[] }>>, date: string) {
    if (pastCloses.has(key)) return pastCloses.get(key);
    const history = await read();
    if (!history.ok) return undefined;
    const close = history.value.bars.find((b) => b.date === date)?.close;
    if (close !== undefined) {
      pastCloses.set(key, close);
    }
    return close;
  }
}
