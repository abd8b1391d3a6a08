import { describe, expect, it } from 'vitest';
import { EXPECTED_MOVE_LABELS, eventImpliedMove, expectedMove, ivPercentile, ivRank, realizedVolatility, straddleMoves } from '@shared/metrics/volatility';
import { impliedVol, price } from '@shared/pricing';

/** The volatility definitions of issue 22 on published worked examples. */

describe('IV rank and IV percentile', () => {
  const history = [30, 10, 11, 15, 17];

  it('gives rank 50 and percentile 80 on the published example: past 30, 10, 11, 15, 17, today 20', () => {
    expect(ivRank(20, history)).toBe(50);
    expect(ivPercentile(20, history)).toBe(80);
  });

  it('counts the current value in the range: a new high ranks 100, a new low 0', () => {
    expect(ivRank(35, history)).toBe(100);
    expect(ivRank(5, history)).toBe(0);
    expect(ivPercentile(35, history)).toBe(100);
    expect(ivPercentile(5, history)).toBe(0);
  });

  it('shows why the percentile is robust to one spike and the rank is not', () => {
    const calm = [12, 13, 14, 15, 16, 17, 18, 19];
    expect(ivRank(17, calm)).toBeCloseTo(71.43, 2);
    // One day at 60 in the history drags the rank down; the percentile barely moves.
    expect(ivRank(17, [...calm, 60])!).toBeLessThan(12);
    expect(ivPercentile(17, calm)).toBe(62.5);
    expect(ivPercentile(17, [...calm, 60])).toBeCloseTo((100 * 5) / 9, 10);
  });

  it('answers null with no history or no range, never a division by zero', () => {
    expect(ivRank(20, [])).toBeNull();
    expect(ivPercentile(20, [])).toBeNull();
    expect(ivRank(20, [20, 20])).toBeNull();
  });
});

describe('realized volatility', () => {
  it('annualises the sample standard deviation of the last window log returns', () => {
    // Returns alternating +1% and −1% in log terms: mean 0, each squared deviation 0.0001.
    const closes = [100];
    for (let i = 0; i < 20; i++) closes.push(closes.at(-1)! * Math.exp(i % 2 === 0 ? 0.01 : -0.01));
    expect(realizedVolatility(closes, 20)).toBeCloseTo(Math.sqrt((252 / 19) * 20 * 0.0001), 12);
  });

  it('uses only the last window returns and subtracts their mean (a steady drift is no volatility)', () => {
    const drift = Array.from({ length: 30 }, (_, i) => 100 * Math.exp(0.002 * i));
    expect(realizedVolatility(drift, 20)).toBeCloseTo(0, 12);
    const wild = [50, 200, 40, ...drift.map((x) => x * 3)];
    expect(realizedVolatility(wild, 20)).toBeCloseTo(0, 12);
  });

  it('needs window + 1 closes', () => {
    expect(realizedVolatility([100, 101, 102], 3)).toBeNull();
    expect(realizedVolatility([100, 101, 102, 103], 3)).not.toBeNull();
    expect(realizedVolatility([100, 101], 1)).toBeNull();
  });
});

describe('expected move', () => {
  it('is S × σ × √t: S = 425, σ = 55%, 6 days → ±$29.97', () => {
    expect(expectedMove({ price: 425, iv: 0.55, t: 6 / 365 })).toBeCloseTo(29.97, 2);
  });

  it('relates to the straddle as the research note says: straddle ≈ 0.80 SD, 0.85 × straddle ≈ the 50% range', () => {
    // A flat-vol at-the-money-forward straddle, priced by the pricing core.
    const S = 500;
    const sigma = 0.2;
    const T = 30 / 365;
    const K = S; // r = q = 0: the forward is S
    const straddle = price({ type: 'call', S, K, T, r: 0, q: 0, sigma }) + price({ type: 'put', S, K, T, r: 0, q: 0, sigma });
    const sd = expectedMove({ price: S, iv: sigma, t: T });
    const moves = straddleMoves(straddle);
    expect(moves.meanAbsoluteMove / sd).toBeCloseTo(Math.sqrt(2 / Math.PI), 2);
    expect(moves.halfTheTimeRange / sd).toBeCloseTo(0.674, 1);
    expect(EXPECTED_MOVE_LABELS.halfTheTime).toContain('about half the time');
  });
});

describe('event implied move', () => {
  it('recovers the worked example: 3 days at 80%, 24 days at 40% → σd ≈ 30%, E ≈ 0.00653, 1-SD move 8.1%', () => {
    const e = eventImpliedMove({ frontIv: 0.8, frontT: 3 / 252, backIv: 0.4, backT: 24 / 252 })!;
    expect(e.diffusiveVol ** 2).toBeCloseTo(0.0914, 4);
    expect(e.diffusiveVol).toBeCloseTo(0.3024, 4);
    expect(e.eventVariance).toBeCloseTo(0.00653, 5);
    expect(e.eventMove).toBeCloseTo(0.081, 3);
    // E = T1 T2 (σ1² − σ2²) / (T2 − T1), the same number by the note's second form.
    expect(e.eventVariance).toBeCloseTo(((3 / 252) * (24 / 252) * (0.64 - 0.16)) / (21 / 252), 12);
  });

  it('recovers a known diffusive vol and event variance within 1% from a synthetic chain priced and solved back by the pricing core', () => {
    const sd = 0.3;
    const E = 0.0065;
    const S = 100;
    const r = 0.04;
    const q = 0.01;
    const ivOf = (T: number) => {
      const sigma = Math.sqrt((sd * sd * T + E) / T);
      const K = Math.round(S * Math.exp((r - q) * T)); // the listed strike nearest the forward
      const quote = Math.round(price({ type: 'call', S, K, T, r, q, sigma }) * 100) / 100; // quoted in cents
      return impliedVol({ type: 'call', S, K, T, r, q, price: quote });
    };
    const frontT = 9 / 365;
    const backT = 37 / 365;
    const e = eventImpliedMove({ frontIv: ivOf(frontT), frontT, backIv: ivOf(backT), backT })!;
    expect(Math.abs(e.diffusiveVol / sd - 1)).toBeLessThan(0.01);
    expect(Math.abs(e.eventVariance / E - 1)).toBeLessThan(0.01);
    expect(Math.abs(e.eventMove / Math.sqrt(E) - 1)).toBeLessThan(0.01);
  });

  it('refuses when the expiries are out of order or the term structure prices no event premium', () => {
    expect(eventImpliedMove({ frontIv: 0.8, frontT: 24 / 252, backIv: 0.4, backT: 3 / 252 })).toBeNull();
    expect(eventImpliedMove({ frontIv: 0.8, frontT: 3 / 252, backIv: 0.4, backT: 3 / 252 })).toBeNull();
    // Upward-sloping: the front is cheaper than the back, E < 0.
    expect(eventImpliedMove({ frontIv: 0.2, frontT: 7 / 365, backIv: 0.25, backT: 35 / 365 })).toBeNull();
    // Flat: no event at all.
    expect(eventImpliedMove({ frontIv: 0.2, frontT: 7 / 365, backIv: 0.2, backT: 35 / 365 })).toBeNull();
  });
});
