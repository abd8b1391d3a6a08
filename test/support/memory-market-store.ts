import { DomainEvent } from '@shared/events/domain-events';
import type { ExpirySummary } from '@shared/market/chain';
import type { DailyBar } from '@shared/market/market-data.port';
import type { BarKind, MarketStore, StoredChain, StoredTicker, SyncStatus } from '@shared/market/market-store.port';

/** An in-memory MarketStore for unit tests of the domain code (the DynamoDB one is tested against DynamoDB Local). */
export function memoryMarketStore() {
  const chains = new Map<string, StoredChain>();
  const expiries = new Map<string, ExpirySummary[]>();
  const tickers = new Map<string, StoredTicker>();
  const bars = new Map<string, DailyBar[]>();
  let status: SyncStatus | null = null;
  /** The outbox: events written with the status, validated as the DynamoDB outbox validates them. */
  const outbox: DomainEvent[] = [];
  const store: MarketStore & { chains: typeof chains; bars: typeof bars; outbox: typeof outbox; failReads: boolean } = {
    chains,
    bars,
    outbox,
    failReads: false,
    async putChains(list) {
      for (const c of list) chains.set(`${c.underlying}|${c.expiration}`, c);
    },
    async getChain(u, e) {
      if (store.failReads) throw new Error('store down');
      return chains.get(`${u}|${e}`) ?? null;
    },
    async putExpiries(u, list) {
      expiries.set(u, [...list]);
    },
    async listExpiries(u) {
      if (store.failReads) throw new Error('store down');
      return expiries.get(u) ?? [];
    },
    async putTickers(list) {
      for (const t of list) tickers.set(t.ticker, t);
    },
    async listTickers() {
      if (store.failReads) throw new Error('store down');
      return [...tickers.values()];
    },
    async putBars(kind: BarKind, t, list) {
      bars.set(`${kind}|${t}`, [...list]);
    },
    async getBars(kind: BarKind, t, from) {
      return (bars.get(`${kind}|${t}`) ?? []).filter((b) => b.date >= from);
    },
    async putStatus(s, events = []) {
      const valid = events.map((e) => DomainEvent.parse(e));
      status = s;
      outbox.push(...valid);
    },
    async getStatus() {
      if (store.failReads) throw new Error('store down');
      return status;
    },
    async stats() {
      return { kinds: [] };
    },
    async cleanup() {
      return { bars: 0, chains: 0, expiries: 0 };
    },
  };
  return store;
}
