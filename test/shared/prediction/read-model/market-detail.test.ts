import { describe, expect, it } from 'vitest';
import { fixedClock } from '@shared/ports/clock.port';
import { bookOf } from '@shared/prediction/market-snapshots.port';
import { MarketDetailSchema } from '@shared/prediction/prediction.api';
import { marketDetail } from '@shared/prediction/read-model/market-detail';
import { TAKER_FEE_FORMULA } from '@shared/prediction/fee';
import { madeMarkets } from './fixture';

const open = fixedClock('2026-12-01T15:00:00Z');

describe("a prediction market's page", () => {
  it('shows an "above" market with its book, its three fair values and the model, and no ladder', async () => {
    const snapshots = await madeMarkets();
    const snap = (await snapshots.get('SPY', '2026-12-18'))!;
    const stored = snap.markets[0]!;
    const result = await marketDetail({ snapshots, clock: open }, stored.market.id);
    if (!result.ok) throw new Error(result.error.message);
    const detail = result.value;
    expect(MarketDetailSchema.parse(detail)).toEqual(detail);
    const book = bookOf(snap, stored);
    expect(detail).toMatchObject({
      demo: true,
      market: { id: stored.market.id, kind: 'above', yesPrice: stored.yesPrice },
      book: { yes: book.yes, no: book.no },
      fairValues: stored.fairValues,
      model: snap.model,
      ladder: null,
      feeFormula: TAKER_FEE_FORMULA,
    });
    expect(Object.keys(detail.fairValues!)).toEqual(['atmIv', 'strikeIv', 'callSpread']);
  });

  it("shows a bucket with the expiry's histogram: market price, the chain's implied and the lognormal probability", async () => {
    const snapshots = await madeMarkets();
    const snap = (await snapshots.get('SPY', '2026-12-18'))!;
    const buckets = snap.markets.filter((m) => m.market.kind === 'between');
    const result = await marketDetail({ snapshots, clock: open }, buckets[1]!.market.id);
    if (!result.ok) throw new Error(result.error.message);
    const bars = result.value.ladder!.bars;
    expect(result.value.ladder).toMatchObject({ id: 'SPY-2026-12-18-RANGE', question: snap.ladder.question });
    expect(bars.map((b) => b.marketId)).toEqual(buckets.map((b) => b.market.id));
    const growth = Math.exp(snap.model!.r * snap.model!.T);
    bars.forEach((bar, i) => {
      expect(bar.market).toBe(buckets[i]!.yesPrice / 100);
      expect(bar.implied).toBeCloseTo(Math.max(0, buckets[i]!.fairValues!.callSpread.value * growth), 12);
      expect(bar.lognormal).toBeCloseTo(buckets[i]!.fairValues!.atmIv.value * growth, 12);
    });
    // Undiscounted, the buckets' probabilities add up to one: every close falls in exactly one bucket.
    expect(bars.reduce((s, b) => s + b.lognormal, 0)).toBeCloseTo(1, 9);
    expect(bars.reduce((s, b) => s + b.implied, 0)).toBeCloseTo(1, 2);
  });

  it("shows the ladder's most likely bucket for the ladder's own id", async () => {
    const snapshots = await madeMarkets();
    const snap = (await snapshots.get('SPY', '2026-12-18'))!;
    const result = await marketDetail({ snapshots, clock: open }, 'SPY-2026-12-18-RANGE');
    if (!result.ok) throw new Error(result.error.message);
    const top = Math.max(...snap.markets.filter((m) => m.market.kind === 'between').map((m) => m.yesPrice));
    expect(result.value.market).toMatchObject({ kind: 'between', yesPrice: top });
    expect(result.value.ladder!.bars.length).toBeGreaterThan(2);
  });

  it('has no book and no fair values once trading has stopped', async () => {
    const snapshots = await madeMarkets();
    const id = (await snapshots.get('SPY', '2026-12-04'))!.markets[0]!.market.id;
    const result = await marketDetail({ snapshots, clock: fixedClock('2026-12-04T21:00:00Z') }, id);
    expect(result.ok && result.value).toMatchObject({ book: { yes: [], no: [] }, fairValues: null, market: { resolution: { status: 'awaiting-close' } } });
  });

  it('is a bad request for a string that is no market id, and not found for an id of no stored market', async () => {
    const snapshots = await madeMarkets();
    const deps = { snapshots, clock: open };
    for (const bad of ['nope', 'SPY-2026-12-18-ABOVE-0600', 'spy-2026-12-18-RANGE'])
      expect(await marketDetail(deps, bad)).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    for (const unknown of ['SPY-2026-12-18-ABOVE-601.5', 'QQQ-2026-12-18-ABOVE-500', 'SPY-2027-03-19-RANGE'])
      expect(await marketDetail(deps, unknown)).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
