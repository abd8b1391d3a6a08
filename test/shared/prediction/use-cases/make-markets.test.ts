import { describe, expect, it } from 'vitest';
import { fixedClock } from '@shared/ports/clock.port';
import { quoteOf } from '@shared/prediction/book';
import { fairValues } from '@shared/prediction/fair-value';
import { bookOf } from '@shared/prediction/market-snapshots.port';
import { makePredictionMarkets, type MakeMarketsDeps } from '@shared/prediction/use-cases/make-markets';
import { expiryChainOf, expiryModel } from '@shared/prediction/chain-model';
import { memoryMarketSnapshots } from '../../../support/memory-market-snapshots';
import { AS_OF } from '../chain-fixture';
import { spyMarketStore, storedSpyChain } from '../stored-chains';

/** 18:05 New York on Monday 30 Nov 2026, after the day's ingestion. */
const NOW = '2026-11-30T23:05:00.000Z';

async function world(ivAt?: (expiration: string, k: number) => number | null) {
  const chains = await spyMarketStore(undefined, ivAt);
  const snapshots = memoryMarketSnapshots();
  const warnings: { message: string; expiration?: string }[] = [];
  const deps: MakeMarketsDeps = { chains, snapshots, clock: fixedClock(NOW), warn: (message, c) => warnings.push({ message, expiration: c.expiration }) };
  return { chains, snapshots, warnings, deps };
}

describe('making the prediction markets after an ingestion', () => {
  it('makes the next four expiries after today, every market with its fair values and a book around the call-spread value', async () => {
    const w = await world();
    const report = await makePredictionMarkets(w.deps, ['SPY']);
    const expiries = ['2026-12-04', '2026-12-11', '2026-12-18', '2026-12-24'];
    expect(report).toEqual({ made: 4, unchanged: 0, current: expiries.map((expiration) => ({ underlying: 'SPY', expiration })), skipped: [] });
    expect([...w.snapshots.items.values()].map((s) => s.expiration)).toEqual(expiries);

    const snap = (await w.snapshots.get('SPY', '2026-12-18'))!;
    const model = expiryModel(expiryChainOf(storedSpyChain('2026-12-18')));
    if (!model.ok) throw new Error('fixture');
    expect(snap).toMatchObject({
      underlying: 'SPY',
      closesAt: '2026-12-18T21:00:00.000Z',
      madeAt: NOW,
      provider: 'simulated',
      bookSeed: `${AS_OF}#run-1`,
      model: { spot: 600, atmIv: model.value.atmIv, r: 0.04, q: 0.012, T: model.value.T, asOf: AS_OF },
      ladder: { id: 'SPY-2026-12-18-RANGE' },
      resolution: null,
    });
    const above = snap.markets.filter((m) => m.market.kind === 'above');
    const buckets = snap.markets.filter((m) => m.market.kind === 'between');
    expect(above.length).toBeGreaterThanOrEqual(2);
    expect(buckets).toHaveLength(above.length + 1);
    for (const m of snap.markets) {
      const values = fairValues(model.value, m.market);
      expect(m.fairValues).toEqual(values);
      expect(m.fairValue).toBeCloseTo(Math.min(1, Math.max(0, values.callSpread.value)), 12);
      const q = quoteOf(bookOf(snap, m));
      expect(m.yesPrice).toBe((q.yesBid! + q.yesAsk!) / 2);
      expect(m.previousYesPrice).toBeNull();
    }
  });

  it('changes nothing when made again from the same chains (a redelivered event)', async () => {
    const w = await world();
    await makePredictionMarkets(w.deps, ['SPY']);
    const before = structuredClone([...w.snapshots.items.values()]);
    const report = await makePredictionMarkets({ ...w.deps, clock: fixedClock('2026-11-30T23:30:00.000Z') }, ['SPY']);
    // The expiries are still named current, so a redelivery after a failed re-check of the bids re-checks them.
    expect(report).toMatchObject({ made: 0, unchanged: 4, skipped: [] });
    expect(report.current.map((e) => e.expiration)).toEqual(['2026-12-04', '2026-12-11', '2026-12-18', '2026-12-24']);
    expect([...w.snapshots.items.values()]).toEqual(before);
  });

  it("keeps the previous making's YES prices for the change and makes a fresh book from a new ingestion", async () => {
    const w = await world();
    await makePredictionMarkets(w.deps, ['SPY']);
    const first = (await w.snapshots.get('SPY', '2026-12-18'))!;
    await w.chains.putChains([storedSpyChain('2026-12-18', `${AS_OF}#run-2`, () => 0.16)]);
    const report = await makePredictionMarkets(w.deps, ['SPY']);
    expect(report).toMatchObject({ made: 1, unchanged: 3 });
    const second = (await w.snapshots.get('SPY', '2026-12-18'))!;
    expect(second.bookSeed).toBe(`${AS_OF}#run-2`);
    for (const m of second.markets) {
      const was = first.markets.find((x) => x.market.id === m.market.id);
      expect(m.previousYesPrice).toBe(was ? was.yesPrice : null);
    }
  });

  it('skips an expiry whose chain makes no markets, says why, and makes the others', async () => {
    const w = await world((expiration) => (expiration === '2026-12-11' ? null : 0.15));
    const report = await makePredictionMarkets(w.deps, ['SPY', 'QQQ']);
    expect(report.made).toBe(3);
    expect(report.current.map((e) => e.expiration)).toEqual(['2026-12-04', '2026-12-18', '2026-12-24']);
    expect(report.skipped).toEqual([{ underlying: 'SPY', expiration: '2026-12-11', reason: expect.stringContaining('no implied volatility') }]);
    expect(w.warnings).toHaveLength(1);
    expect(await w.snapshots.get('SPY', '2026-12-11')).toBeNull();
  });

  it('goes on with the other expiries when a chain cannot be read', async () => {
    const w = await world();
    const getChain = w.chains.getChain.bind(w.chains);
    w.deps.chains = { ...w.chains, getChain: async (u, e) => (e === '2026-12-04' ? Promise.reject(new Error('throttled')) : getChain(u, e)) };
    const report = await makePredictionMarkets(w.deps, ['SPY']);
    expect(report.made).toBe(3);
    expect(report.skipped).toEqual([{ underlying: 'SPY', expiration: '2026-12-04', reason: 'throttled' }]);
  });
});
