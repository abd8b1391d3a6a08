import { describe, expect, it } from 'vitest';
import { CalibrationSchema } from '@shared/prediction/prediction.api';
import { calibration } from '@shared/prediction/read-model/calibration';
import { madeMarkets } from './fixture';

describe('the calibration chart', () => {
  it('is ten empty buckets before any market settled', async () => {
    const c = await calibration({ snapshots: await madeMarkets() });
    expect(c).toMatchObject({ demo: true, settledMarkets: 0, from: null, to: null });
    expect(c.buckets.map((b) => [b.from, b.to, b.count, b.meanImplied])).toEqual(Array.from({ length: 10 }, (_, i) => [i / 10, (i + 1) / 10, 0, null]));
  });

  it('counts every resolved market by its last YES price against how often YES happened, leaving void ones out', async () => {
    const snapshots = await madeMarkets();
    await snapshots.resolve('SPY', '2026-12-04', { status: 'resolved', outcome: 'yes', close: 598, closeDate: '2026-12-04' }, '2026-12-04T23:30:00Z');
    await snapshots.resolve('SPY', '2026-12-11', { status: 'resolved', outcome: 'no', close: 612, closeDate: '2026-12-11' }, '2026-12-11T23:30:00Z');
    await snapshots.resolve('SPY', '2026-12-18', { status: 'void', reason: 'no close' }, '2026-12-23T21:00:00Z');
    const c = await calibration({ snapshots });
    expect(CalibrationSchema.parse(c)).toEqual(c);

    const counted = [...snapshots.items.values()].filter((s) => s.resolution?.status === 'resolved');
    const markets = counted.flatMap((s) => s.markets.map((m) => ({ m, close: s.resolution!.status === 'resolved' ? s.resolution!.close : NaN })));
    expect(c).toMatchObject({ settledMarkets: markets.length, from: '2026-12-04', to: '2026-12-11' });
    for (const [i, b] of c.buckets.entries()) {
      const inIt = markets.filter(({ m }) => Math.min(9, Math.floor(m.yesPrice / 10)) === i);
      const yes = inIt.filter(({ m, close }) => (m.market.lower === null || close >= m.market.lower) && (m.market.upper === null || close < m.market.upper));
      expect(b).toMatchObject({ count: inIt.length, yes: yes.length });
      if (inIt.length) expect(b.meanImplied).toBeCloseTo(inIt.reduce((s, { m }) => s + m.yesPrice / 100, 0) / inIt.length, 12);
    }
    expect(c.buckets.reduce((s, b) => s + b.count, 0)).toBe(markets.length);
    // Of each expiry's ladder exactly one bucket resolved YES.
    expect(c.buckets.reduce((s, b) => s + b.yes, 0)).toBeGreaterThanOrEqual(2);
  });
});
