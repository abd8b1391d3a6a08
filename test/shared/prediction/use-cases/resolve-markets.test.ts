import { describe, expect, it } from 'vitest';
import { fixedClock } from '@shared/ports/clock.port';
import { marketResolution } from '@shared/prediction/market-resolution';
import { storedOfficialCloses, type OfficialCloses } from '@shared/prediction/official-closes';
import { resolvePredictionMarkets } from '@shared/prediction/use-cases/resolve-markets';
import { memoryMarketStore } from '../../../support/memory-market-store';
import { madeMarkets } from '../read-model/fixture';

/** Closes by `<underlying>#<date>`. */
const closes = (known: Record<string, number>): OfficialCloses => ({
  closeOf: async (u, date) => (known[`${u}#${date}`] === undefined ? null : { date, close: known[`${u}#${date}`]! }),
});

describe('resolving the prediction markets in the settle job', () => {
  it('resolves an expiry from the close of its date once trading has stopped, each market by its own range, once', async () => {
    const snapshots = await madeMarkets();
    const deps = { snapshots, closes: closes({ 'SPY#2026-12-04': 603.5 }), clock: fixedClock('2026-12-04T23:30:00Z') };
    expect(await resolvePredictionMarkets(deps)).toEqual({ resolved: 1, voided: 0, awaiting: 0, failures: 0 });
    const snap = (await snapshots.get('SPY', '2026-12-04'))!;
    expect(snap.resolution).toMatchObject({ status: 'resolved', close: 603.5, closeDate: '2026-12-04' });
    expect(snap.resolvedAt).toBe('2026-12-04T23:30:00.000Z');
    const now = new Date('2026-12-04T23:30:00Z');
    for (const m of snap.markets) {
      const yes = (m.market.lower === null || 603.5 >= m.market.lower) && (m.market.upper === null || 603.5 < m.market.upper);
      expect(marketResolution(snap, m.market, now)).toEqual({ status: 'resolved', outcome: yes ? 'yes' : 'no', close: 603.5, closeDate: '2026-12-04' });
    }
    // The other expiries still trade.
    expect((await snapshots.get('SPY', '2026-12-11'))!.resolution).toBeNull();

    const before = structuredClone([...snapshots.items.values()]);
    expect(await resolvePredictionMarkets({ ...deps, clock: fixedClock('2026-12-04T23:45:00Z') })).toEqual({
      resolved: 0,
      voided: 0,
      awaiting: 0,
      failures: 0,
    });
    expect([...snapshots.items.values()]).toEqual(before);
  });

  it('leaves an expiry trading before its close even when a close of its date is stored, and awaits the close after it', async () => {
    const snapshots = await madeMarkets();
    const known = closes({ 'SPY#2026-12-04': 600 });
    expect(await resolvePredictionMarkets({ snapshots, closes: known, clock: fixedClock('2026-12-04T20:59:00Z') })).toMatchObject({ resolved: 0, awaiting: 0 });
    expect(await resolvePredictionMarkets({ snapshots, closes: closes({}), clock: fixedClock('2026-12-04T21:00:00Z') })).toMatchObject({
      resolved: 0,
      awaiting: 1,
    });
    expect((await snapshots.get('SPY', '2026-12-04'))!.resolution).toBeNull();
  });

  it('voids an expiry whose close has not arrived by the close of the third trading day after it', async () => {
    const snapshots = await madeMarkets();
    // 4 Dec 2026 is a Friday: its void time is the close of Wednesday 9 Dec.
    expect(await resolvePredictionMarkets({ snapshots, closes: closes({}), clock: fixedClock('2026-12-09T20:59:00Z') })).toMatchObject({
      voided: 0,
      awaiting: 1,
    });
    expect(await resolvePredictionMarkets({ snapshots, closes: closes({}), clock: fixedClock('2026-12-09T21:00:00Z') })).toMatchObject({ voided: 1 });
    expect((await snapshots.get('SPY', '2026-12-04'))!.resolution).toMatchObject({ status: 'void' });
  });

  it('goes on with the other expiries when a close cannot be read', async () => {
    const snapshots = await madeMarkets();
    const flaky: OfficialCloses = {
      closeOf: async (_u, date) => (date === '2026-12-04' ? Promise.reject(new Error('throttled')) : { date, close: 610 }),
    };
    const report = await resolvePredictionMarkets({ snapshots, closes: flaky, clock: fixedClock('2026-12-11T23:00:00Z') });
    expect(report).toEqual({ resolved: 1, voided: 0, awaiting: 0, failures: 1 });
  });
});

describe('the official close from the market data', () => {
  const bar = (date: string, close: number) => ({ date, open: close, high: close, low: close, close, volume: 1 });
  const status = (lastSync: string, failures: { underlying: string; error: string }[] = []) => ({
    lastSync,
    session: lastSync.slice(0, 10),
    source: 'demo' as const,
    provider: 'simulated',
    contractsStored: 1,
    failures,
  });

  it("is the stored bar of that date once a run finished after that day's close, and not a bar stored during the session", async () => {
    const store = memoryMarketStore();
    await store.putBars('stock', 'SPY', [bar('2026-12-03', 598), bar('2026-12-04', 601.25)]);
    const closes = storedOfficialCloses(store);
    expect(await closes.closeOf('SPY', '2026-12-04')).toBeNull();
    await store.putStatus(status('2026-12-04T19:00:00.000Z'));
    expect(await closes.closeOf('SPY', '2026-12-04')).toBeNull();
    await store.putStatus(status('2026-12-04T23:00:30.000Z'));
    expect(await closes.closeOf('SPY', '2026-12-04')).toEqual({ date: '2026-12-04', close: 601.25 });
    expect(await closes.closeOf('SPY', '2026-12-07')).toBeNull();
    await store.putStatus(status('2026-12-04T23:00:30.000Z', [{ underlying: 'SPY', error: 'down' }]));
    expect(await closes.closeOf('SPY', '2026-12-04')).toBeNull();
  });
});
