import { describe, expect, it } from 'vitest';
import { runIngestion } from '@shared/market/ingest';
import { marketReader } from '@shared/market/market-reader';
import { simulatedProvider } from '@shared/market/simulated-market';
import { fixedClock } from '@shared/ports/clock.port';
import type { Result } from '@shared/result';
import { memoryMarketStore } from '../../support/memory-market-store';

const ingestClock = fixedClock('2026-11-20T23:00:00Z'); // Friday after the close
const readClock = fixedClock('2026-11-23T15:00:00Z'); // Monday 10:00 New York

async function seeded() {
  const store = memoryMarketStore();
  await runIngestion(
    {
      provider: simulatedProvider(ingestClock),
      store,
      outbox: { enqueue: async () => undefined },
      clock: ingestClock,
      sleep: async () => undefined,
      newId: () => '01JD0000000000000000000001',
    },
    { underlyings: ['SPY'], historyContracts: 0 },
  );
  return store;
}

/** A read's value; a failed read fails the test with its message. */
function valueOf<T>(read: Result<T>): T {
  if (!read.ok) throw new Error(read.error.message);
  return read.value;
}

describe('reading market data', () => {
  it('serves stored data, relabelling expiry types and days for today', async () => {
    const store = await seeded();
    const reader = marketReader({ store, simulated: simulatedProvider(readClock), clock: readClock, warn: () => undefined });
    const result = valueOf(await reader.expiries('spy'));
    expect(result.expiries[0]).toMatchObject({ expiration_date: '2026-11-23', expiry_type: '0DTE', days_to_expiry: 0 });
    const weekly = valueOf(await reader.expiries('SPY', 'Weekly'));
    expect(weekly.expiries.every((e) => e.expiry_type === 'Weekly')).toBe(true);
    const chain = valueOf(await reader.chain('SPY', '2026-11-27'));
    expect(chain).toMatchObject({ version: '2026-11-20T21:00:00.000Z#01JD0000000000000000000001', expiry_type: 'Weekly', days_to_expiry: 4, source: 'demo' });
  });

  it('leaves out expired expiries and says so for an expired chain', async () => {
    const store = await seeded();
    const afterClose = fixedClock('2026-11-23T21:30:00Z');
    const reader = marketReader({ store, simulated: simulatedProvider(afterClose), clock: afterClose, warn: () => undefined });
    const result = valueOf(await reader.expiries('SPY'));
    expect(result.expiries.some((e) => e.expiration_date === '2026-11-23')).toBe(false);
    expect(await reader.chain('SPY', '2026-11-23')).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'SPY options expiring 2026-11-23 have expired. Pick a later expiry.' },
    });
  });

  it('falls back to the simulated market, marked demo, when the store is empty or failing', async () => {
    const warnings: string[] = [];
    const store = memoryMarketStore();
    const reader = marketReader({ store, simulated: simulatedProvider(readClock), clock: readClock, warn: (m) => warnings.push(m) });
    const empty = valueOf(await reader.chain('QQQ', '2026-11-27'));
    expect(empty.source).toBe('demo');
    expect(empty.contracts.length).toBeGreaterThan(50);

    store.failReads = true;
    const failing = valueOf(await reader.expiries('SPY'));
    expect(failing.source).toBe('demo');
    expect(failing.expiries.length).toBeGreaterThan(10);
    expect(warnings.some((w) => w.includes('expiries'))).toBe(true);
  });

  it('prices a chain it has no stored copy of once a session: a view cached for the session is reused', async () => {
    let snapshots = 0;
    const market = simulatedProvider(readClock);
    const counting = { ...market, chainSnapshot: (u: string, o?: { expiration?: string }) => (snapshots++, market.chainSnapshot(u, o)) };
    const reader = marketReader({ store: memoryMarketStore(), simulated: counting, clock: readClock, warn: () => undefined });
    const first = valueOf(await reader.chain('IWM', '2026-12-18')); // not tracked: always from the simulated market
    expect(first).toMatchObject({ version: 'sim#2026-11-20T21:00:00.000Z', source: 'demo' });
    expect(first.contracts.every((c) => c.pricing_model === 'american')).toBe(true);
    expect(await reader.chain('IWM', '2026-12-18', { version: first.version, view: first })).toEqual({ ok: true, value: first });
    expect(snapshots).toBe(1);
    // A view from an earlier session is priced again.
    await reader.chain('IWM', '2026-12-18', { version: 'sim#2026-11-19T21:00:00.000Z', view: first });
    expect(snapshots).toBe(2);
  });

  it('names the known underlyings for an unknown one, and searches tickers by symbol or name', async () => {
    const reader = marketReader({ store: memoryMarketStore(), simulated: simulatedProvider(readClock), clock: readClock, warn: () => undefined });
    const unknown = await reader.chain('ZZZZ', '2026-11-27');
    expect(unknown).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(!unknown.ok && unknown.error.message).toContain('SPY');
    const byName = await reader.tickers('micro');
    expect(byName.tickers.map((t) => t.ticker)).toEqual(['MSFT']);
    const all = await reader.tickers();
    expect(all.tickers.map((t) => t.ticker)).toEqual([...all.tickers.map((t) => t.ticker)].sort());
  });

  it("answers the ticker tape from memory until an ingestion moves a ticker's as-of or price", async () => {
    const store = await seeded();
    let bars = 0;
    const counting = { ...store, getBars: (...args: Parameters<typeof store.getBars>) => (bars++, store.getBars(...args)) };
    let at = readClock.now().getTime();
    const clock = { now: () => new Date(at) };
    const reader = marketReader({ store: counting, simulated: simulatedProvider(clock), clock, warn: () => undefined });
    const first = await reader.quotes(['spy', 'SPY']);
    expect(first.quotes.map((q) => q.ticker)).toEqual(['SPY', 'SPY']);
    expect(bars).toBe(1);
    expect(await reader.quotes(['SPY'])).toEqual({ quotes: [first.quotes[0]] });
    expect(bars).toBe(1);
    // A later ingestion rewrites the ticker (new as-of and price); once the tickers are read again, so is the history.
    const [spy] = await store.listTickers();
    await store.putTickers([{ ...spy!, current_price: spy!.current_price + 1, last_update: '2026-11-23T15:30:00.000Z' }]);
    at += 61_000;
    const moved = await reader.quotes(['SPY']);
    expect(bars).toBe(2);
    expect(moved.quotes[0]).toMatchObject({ price: spy!.current_price + 1, asOf: '2026-11-23T15:30:00.000Z' });
    // The stored last bar is now the previous session's close: the change is the dollar the price moved.
    expect(moved.quotes[0]!.change).toBeCloseTo(1, 2);
  });
});
