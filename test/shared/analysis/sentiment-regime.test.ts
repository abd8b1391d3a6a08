import { describe, expect, it } from 'vitest';
import { putCallRatios, simpleMovingAverage, trendOf, volatilityPremium, volatilityState } from '@shared/analysis';

/** Put/call ratios and the regime components. */

describe('put/call ratios', () => {
  const tape = [
    { type: 'put' as const, volume: 300, openInterest: 1000, price: 0.5 },
    { type: 'put' as const, volume: 100, openInterest: 3000, price: 4 },
    { type: 'call' as const, volume: 200, openInterest: 2000, price: 2 },
    { type: 'call' as const, volume: 200, openInterest: 1000, price: 3 },
  ];

  it('divides puts by calls for volume, open interest and premium (volume × price × 100)', () => {
    const r = putCallRatios(tape);
    expect(r.volume).toBe(1);
    expect(r.openInterest).toBeCloseTo(4000 / 3000, 12);
    // Puts: 300 × 0.5 + 100 × 4 = 550 a share; calls: 200 × 2 + 200 × 3 = 1,000 a share.
    expect(r.premium).toBeCloseTo(0.55, 12);
    expect(r.totals).toEqual({ putVolume: 400, callVolume: 400, putOpenInterest: 4000, callOpenInterest: 3000, putPremium: 55_000, callPremium: 100_000 });
  });

  it('shows how cheap puts inflate the volume ratio but not the premium ratio', () => {
    const lottery = [...tape, { type: 'put' as const, volume: 2000, openInterest: 0, price: 0.02 }];
    expect(putCallRatios(lottery).volume).toBe(6);
    expect(putCallRatios(lottery).premium).toBeCloseTo(0.59, 12);
  });

  it('is null, not infinite, when no call traded', () => {
    const r = putCallRatios([{ type: 'put', volume: 10, openInterest: 0, price: 1 }]);
    expect(r.volume).toBeNull();
    expect(r.openInterest).toBeNull();
    expect(r.premium).toBeNull();
  });
});

describe('regime components', () => {
  it('averages the last window values', () => {
    expect(simpleMovingAverage([1, 2, 3, 4, 5], 2)).toBe(4.5);
    expect(simpleMovingAverage([1, 2], 3)).toBeNull();
  });

  it('calls the trend up only when C > SMA50 > SMA200, down only when C < SMA50 < SMA200', () => {
    expect(trendOf({ close: 110, sma50: 105, sma200: 100 })).toBe('up');
    expect(trendOf({ close: 90, sma50: 95, sma200: 100 })).toBe('down');
    expect(trendOf({ close: 95, sma50: 105, sma200: 100 })).toBe('range');
    expect(trendOf({ close: 110, sma50: 95, sma200: 100 })).toBe('range');
  });

  it('labels the volatility state and premium by the classifier’s thresholds', () => {
    expect(volatilityState({ ivRank: 20, termRatio: 0.85 })).toBe('low');
    expect(volatilityState({ ivRank: 20, termRatio: 0.95 })).toBe('normal');
    expect(volatilityState({ ivRank: 61, termRatio: 0.85 })).toBe('high');
    expect(volatilityState({ ivRank: 40, termRatio: 1.05 })).toBe('high');
    expect(volatilityPremium(0.2, 0.16)).toBe('rich');
    expect(volatilityPremium(0.15, 0.17)).toBe('cheap');
    expect(volatilityPremium(0.15, 0.155)).toBe('fair');
  });
});
