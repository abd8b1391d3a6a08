import type { DomainEvent } from '@shared/events/domain-events';
import { paperAccount } from '@shared/paper/paper-account';
import type { QuoteSource } from '@shared/paper/paper.port';
import type { Quote } from '@shared/trading/order';
import { memoryPaperAccountRepo } from './memory-paper-account-repo';
import { call, put, quote } from './trading-fixtures';

/** The paper account's use cases over the in-memory repository, a settable clock, quotes, prices and closes. */
export function harness(start = '2026-11-23T15:00:00Z') {
  let now = new Date(start);
  const quotes = new Map<string, Quote>([
    [call(100), quote(call(100), 2.0, 2.2)],
    [call(105), quote(call(105), 0.8, 0.9)],
    [put(95), quote(put(95), 1.1, 1.2)],
    [call(100, '2026-11-27'), quote(call(100, '2026-11-27'), 1.0, 1.1)],
  ]);
  let price = 100;
  // The instant the underlying's price is from; unset, it is always now (a live price).
  let priceAsOf: string | undefined;
  const closes = new Map<string, number>();
  const contractCloses = new Map<string, number>();
  const source: QuoteSource = {
    quotes: async (cs) => new Map(cs.filter((c) => quotes.has(c)).map((c) => [c, quotes.get(c)!])),
    underlyingPrices: async (us) => new Map(us.map((u) => [u, price])),
    underlyingQuotes: async (us) => new Map(us.map((u) => [u, { price, asOf: priceAsOf ?? now.toISOString() }])),
    closeOn: async (u, d) => closes.get(`${u}|${d}`),
    contractCloseOn: async (c, d) => contractCloses.get(`${c}|${d}`),
  };
  const repo = memoryPaperAccountRepo();
  const events: DomainEvent[] = repo.events;
  let id = 0;
  const service = paperAccount({
    repo,
    quotes: source,
    clock: { now: () => now },
    ids: { newId: () => `01J${String(++id).padStart(23, '0')}` },
  });
  return {
    service,
    repo,
    source,
    clock: { now: () => now },
    events,
    quotes,
    closes,
    contractCloses,
    setPrice: (p: number, asOf?: string) => {
      price = p;
      priceAsOf = asOf;
    },
    setNow: (iso: string) => {
      now = new Date(iso);
    },
  };
}
export const buy = (contract: string, quantity = 1, extra = {}) => ({
  clientOrderId: `c-${Math.random()}`,
  type: 'market' as const,
  timeInForce: 'day',
  legs: [{ contract, side: 'buy' as const, quantity }],
  ...extra,
});
