import { describe, expect, it } from 'vitest';
import { chartDays, chartFacts, earningsMarkers, expectedMove, expectedMoveCone, simpleMovingAverage, volatilitySeries } from '@shared/analysis/price-chart';
import { earningsBetween } from '@shared/market/earnings';

const day = (date: string, close: number) => ({ date, close, volume: 1000 });
const dates = (n: number) => Array.from({ length: n }, (_, i) => `2026-01-${String(i + 1).padStart(2, '0')}`);

describe('chartDays', () => {
  it('keeps every summary session and gives a candle only where a daily bar of that session is stored', () => {
    const days = chartDays(
      [day('2026-11-18', 100), day('2026-11-19', 101), day('2026-11-20', 102)],
      [{ date: '2026-11-20', open: 101.5, high: 103, low: 101, close: 102, volume: 900 }],
    );
    expect(days.map((d) => d.date)).toEqual(['2026-11-18', '2026-11-19', '2026-11-20']);
    expect(days[0]!.candle).toBeNull();
    expect(days[2]).toEqual({ date: '2026-11-20', close: 102, volume: 1000, candle: { open: 101.5, high: 103, low: 101 } });
  });

  it('adds a bar whose summary row is not stored yet, with its own close and volume', () => {
    const days = chartDays([day('2026-11-19', 101)], [{ date: '2026-11-20', open: 101, high: 104, low: 100, close: 103, volume: 900 }]);
    expect(days.at(-1)).toEqual({ date: '2026-11-20', close: 103, volume: 900, candle: { open: 101, high: 104, low: 100 } });
  });
});

describe('simpleMovingAverage', () => {
  const closes = dates(25).map((d, i) => day(d, i + 1)); // closes 1..25

  it('draws nothing before the period-th session and starts on it with the mean of the first period closes', () => {
    const sma = simpleMovingAverage(closes, 20);
    expect(sma[0]).toEqual({ date: '2026-01-20', value: 10.5 }); // (1 + … + 20) / 20
    expect(sma).toHaveLength(6);
    expect(sma.at(-1)).toEqual({ date: '2026-01-25', value: 15.5 }); // (6 + … + 25) / 20
  });

  it('is empty when there are fewer sessions than the period, and the close itself at period 1', () => {
    expect(simpleMovingAverage(closes.slice(0, 19), 20)).toEqual([]);
    expect(simpleMovingAverage(closes.slice(0, 20), 20)).toHaveLength(1);
    expect(simpleMovingAverage(closes.slice(0, 3), 1).map((p) => p.value)).toEqual([1, 2, 3]);
  });

  it('refuses a period that is not a whole number of sessions', () => {
    expect(() => simpleMovingAverage(closes, 0)).toThrow(RangeError);
    expect(() => simpleMovingAverage(closes, 2.5)).toThrow(RangeError);
  });
});

describe('expectedMoveCone', () => {
  it('is ±S·σ·√(t/365): 100 × 20% over a whole year is ±20', () => {
    expect(expectedMove(100, 0.2, 365)).toBeCloseTo(20, 12);
    const cone = expectedMoveCone({ lastDate: '2026-11-20', lastClose: 100, expiration: '2027-11-20', iv: 0.2 });
    expect(cone.at(-1)).toEqual({ date: '2027-11-20', upper: 120, lower: 80 });
  });

  it('starts at the last close and widens on each trading day to the expiry, skipping the Thanksgiving holiday', () => {
    const cone = expectedMoveCone({ lastDate: '2026-11-20', lastClose: 100, expiration: '2026-11-27', iv: 0.2 });
    expect(cone.map((p) => p.date)).toEqual(['2026-11-20', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-27']);
    expect(cone[0]).toEqual({ date: '2026-11-20', upper: 100, lower: 100 });
    // 7 calendar days: 100 × 0.2 × √(7/365) = 2.7697…
    expect(cone.at(-1)!.upper).toBeCloseTo(102.7697, 4);
    expect(cone.at(-1)!.lower).toBeCloseTo(97.2303, 4);
    // 3 calendar days to Monday: 100 × 0.2 × √(3/365) = 1.8132…
    expect(cone[1]!.upper).toBeCloseTo(101.8132, 4);
  });

  it('draws nothing for an expiry on or before the last close, or without a price', () => {
    expect(expectedMoveCone({ lastDate: '2026-11-20', lastClose: 100, expiration: '2026-11-20', iv: 0.2 })).toEqual([]);
    expect(expectedMoveCone({ lastDate: '2026-11-20', lastClose: 0, expiration: '2026-12-18', iv: 0.2 })).toEqual([]);
  });
});

describe('volatilitySeries', () => {
  it('puts IV30 and HV20 on the same sessions, oldest first, keeping the unknown as null', () => {
    const series = volatilitySeries([
      { date: '2026-11-20', iv30: 0.22, hv20: 0.18 },
      { date: '2026-11-18', iv30: null, hv20: null },
      { date: '2026-11-19', iv30: 0.21, hv20: null },
    ]);
    expect(series).toEqual([
      { date: '2026-11-18', iv30: null, hv20: null },
      { date: '2026-11-19', iv30: 0.21, hv20: null },
      { date: '2026-11-20', iv30: 0.22, hv20: 0.18 },
    ]);
  });
});

describe('earningsMarkers', () => {
  it('marks the simulated calendar’s reports inside the window only, and says which is still to come', () => {
    const window = { from: '2025-12-01', to: '2026-12-18', lastSession: '2026-11-20' };
    const markers = earningsMarkers('AAPL', [], window);
    const expected = earningsBetween('AAPL', window.from, window.to).map((e) => e.reportDate);
    expect(markers.map((m) => m.date)).toEqual(expected);
    expect(markers.length).toBeGreaterThanOrEqual(4);
    expect(markers.every((m) => m.date >= window.from && m.date <= window.to)).toBe(true);
    expect(markers.every((m) => m.upcoming === m.date > window.lastSession)).toBe(true);
  });

  it('adds the report dates the summaries carried, once each, and none for an index ETF outside them', () => {
    const rows = [
      { date: '2026-11-18', nextEarnings: '2026-12-01' },
      { date: '2026-11-19', nextEarnings: '2026-12-01' },
      { date: '2026-11-20', nextEarnings: '2027-02-01' },
    ];
    const markers = earningsMarkers('SPY', rows, { from: '2026-01-01', to: '2026-12-18', lastSession: '2026-11-20' });
    expect(markers).toEqual([{ date: '2026-12-01', upcoming: true }]);
  });
});

describe('chartFacts', () => {
  it('reads the period, first and last close, the high and low (candles where stored), the averages and the cone', () => {
    const summaries = dates(25).map((d, i) => day(d, 100 + i));
    const days = chartDays(summaries, [{ date: '2026-01-10', open: 109, high: 140, low: 90, close: 109, volume: 5 }]);
    const cone = expectedMoveCone({ lastDate: '2026-01-25', lastClose: 124, expiration: '2027-01-25', iv: 0.25 });
    const facts = chartFacts(days, cone)!;
    expect(facts).toMatchObject({ from: '2026-01-01', to: '2026-01-25', sessions: 25, firstClose: 100, lastClose: 124 });
    expect(facts.high).toEqual({ value: 140, date: '2026-01-10' });
    expect(facts.low).toEqual({ value: 90, date: '2026-01-10' });
    expect(facts.sma20).toBeCloseTo(114.5, 10);
    expect(facts.sma50).toBeNull();
    expect(facts.cone).toEqual({ expiration: '2027-01-25', upper: 155, lower: 93 });
  });

  it('is null without sessions', () => {
    expect(chartFacts([])).toBeNull();
  });
});
