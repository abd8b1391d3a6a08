import { describe, expect, it } from 'vitest';
import { callSpreadDigital, digitalPrice, price } from '@shared/pricing';
import { normCdf } from '@shared/pricing/normal-distribution';

/** The acceptance: the call-spread digital of a flat-volatility chain within half a percentage point. */
const HALF_A_POINT = 0.005;

describe('the cash-or-nothing digital', () => {
  it("matches Haug's published cash-or-nothing put (cash 10, S 100, K 80, T 0.75, r = q = 6%, σ 35%: 2.6710)", () => {
    // Haug, "Option Pricing Formulas" (1998), p. 88, the value QuantLib's digital-option tests check against.
    const value = 10 * digitalPrice({ type: 'put', S: 100, K: 80, T: 0.75, r: 0.06, q: 0.06, sigma: 0.35 });
    expect(Math.abs(value - 2.671)).toBeLessThan(0.00005);
  });

  it('is e^(−rT)·N(d₂) for a call and e^(−rT)·N(−d₂) for a put', () => {
    const S = 600,
      K = 610,
      T = 30 / 365,
      r = 0.04,
      q = 0.012,
      sigma = 0.15;
    const d2 = (Math.log(S / K) + (r - q - (sigma * sigma) / 2) * T) / (sigma * Math.sqrt(T));
    expect(digitalPrice({ type: 'call', S, K, T, r, q, sigma })).toBeCloseTo(Math.exp(-r * T) * normCdf(d2), 14);
    expect(digitalPrice({ type: 'put', S, K, T, r, q, sigma })).toBeCloseTo(Math.exp(-r * T) * normCdf(-d2), 14);
  });

  it('digital call + digital put = e^(−rT): YES and NO together are worth the dollar less interest', () => {
    for (const K of [450, 560, 600, 640, 800])
      for (const T of [1 / 365, 7 / 365, 0.25, 2])
        for (const sigma of [0, 0.05, 0.15, 0.6]) {
          const input = { S: 600, K, T, r: 0.04, q: 0.012, sigma };
          const sum = digitalPrice({ ...input, type: 'call' }) + digitalPrice({ ...input, type: 'put' });
          expect(sum, `K ${K}, T ${T}, σ ${sigma}`).toBeCloseTo(Math.exp(-0.04 * T), 14);
        }
  });

  it('at expiry pays 1 on the side the close is on, and a close exactly at the strike counts as above it', () => {
    const at = (S: number, type: 'call' | 'put') => digitalPrice({ type, S, K: 600, T: 0, r: 0.04, q: 0, sigma: 0.2 });
    expect([at(601, 'call'), at(601, 'put')]).toEqual([1, 0]);
    expect([at(599.99, 'call'), at(599.99, 'put')]).toEqual([0, 1]);
    expect([at(600, 'call'), at(600, 'put')]).toEqual([1, 0]);
  });

  it('with no volatility pays the discounted dollar on the forward’s side of the strike', () => {
    const T = 0.5;
    const discount = Math.exp(-0.04 * T);
    // Forward 600·e^(0.04·0.5) ≈ 612.1: above 610, below 615.
    expect(digitalPrice({ type: 'call', S: 600, K: 610, T, r: 0.04, q: 0, sigma: 0 })).toBeCloseTo(discount, 14);
    expect(digitalPrice({ type: 'call', S: 600, K: 615, T, r: 0.04, q: 0, sigma: 0 })).toBe(0);
  });

  it('refuses invalid input with the pricing core’s RangeError naming the field', () => {
    expect(() => digitalPrice({ type: 'call', S: -1, K: 600, T: 0.1, r: 0, q: 0, sigma: 0.2 })).toThrow(/S must be/);
    expect(() => digitalPrice({ type: 'call', S: 600, K: 600, T: 0.1, r: 0, q: 0, sigma: -0.2 })).toThrow(/sigma/);
  });
});

describe('the call-spread digital', () => {
  const S = 600,
    r = 0.04,
    q = 0.012,
    sigma = 0.15;

  it('on a flat-volatility European chain is within 0.5 percentage points of e^(−rT)·N(d₂) at every listed strike within ±2 standard deviations', () => {
    // A listed chain: $1 strikes for a week, $5 for a month and a quarter, priced by Black-Scholes-Merton at one σ;
    // the spread is taken between the listed neighbours K − step and K + step, as a chain offers them.
    for (const [days, step] of [
      [7, 1],
      [30, 5],
      [91, 5],
    ] as const) {
      const T = days / 365;
      const move = sigma * Math.sqrt(T) * S;
      const call = (K: number) => price({ type: 'call', S, K, T, r, q, sigma });
      let checked = 0;
      for (let K = Math.ceil((S - 2 * move) / step) * step; K <= S + 2 * move; K += step) {
        const spread = callSpreadDigital(call, K, step);
        const exact = digitalPrice({ type: 'call', S, K, T, r, q, sigma });
        expect(Math.abs(spread - exact), `${days} days, K ${K}: ${spread} vs ${exact}`).toBeLessThan(HALF_A_POINT);
        checked++;
      }
      expect(checked).toBeGreaterThan(8);
    }
  });

  it('with a skew differs from the flat digital by about −vega · dσ/dK (the smile’s slope)', () => {
    const T = 30 / 365;
    const K = 600;
    const slope = -0.001; // σ falls 0.1 point per dollar of strike: puts richer than calls
    const sigmaAt = (k: number) => sigma + slope * (k - K);
    const call = (k: number) => price({ type: 'call', S, K: k, T, r, q, sigma: sigmaAt(k) });
    const flat = digitalPrice({ type: 'call', S, K, T, r, q, sigma });
    const vega = (price({ type: 'call', S, K, T, r, q, sigma: sigma + 1e-5 }) - price({ type: 'call', S, K, T, r, q, sigma: sigma - 1e-5 })) / 2e-5;
    const spread = callSpreadDigital(call, K, 0.5);
    expect(spread).toBeGreaterThan(flat);
    expect(spread - flat).toBeCloseTo(-vega * slope, 3);
  });

  it('refuses a width that is not between 0 and the strike', () => {
    const call = (k: number) => price({ type: 'call', S, K: k, T: 0.1, r, q, sigma });
    expect(() => callSpreadDigital(call, 600, 0)).toThrow(RangeError);
    expect(() => callSpreadDigital(call, 600, 600)).toThrow(RangeError);
  });
});
