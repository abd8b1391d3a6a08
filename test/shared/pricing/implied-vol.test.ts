import { describe, expect, it } from 'vitest';
import { greeks, impliedVol, price } from '@shared/pricing';
import type { ImpliedVolInput, OptionInput } from '@shared/pricing';
import { normCdf } from '@shared/pricing/normal-distribution';
import { normalisedBlackCall } from '@shared/pricing/normalised-black';

/** The accuracy requirement for σ wherever vega is not vanishingly small. */
const IV_ACCURACY = 1e-10;
/**
 * "Vega not vanishingly small", made precise: the premium, a difference of two terms of size m each computed to
 * a few ulps, only determines σ to about 4ε·m/vega. Grid points are checked where that bound is below 1e-11
 * (a tenth of IV_ACCURACY); elsewhere the quote simply does not carry 1e-10 of volatility information.
 */
const ATTAINABLE_SIGMA_BOUND = 1e-11;
const DBL_EPSILON = 2.220446049250313e-16;
const PUBLISHED_3DP = 0.0005;
const NORMALISED_BLACK_RELATIVE = 5e-14;

/** σ resolution of a double-precision premium: 4ε·(magnitude of the two BSM terms)/vega, plus denormal floor. */
function attainableSigmaAccuracy(input: OptionInput): number {
  const { S, K, T, r, q, sigma } = input;
  const v = sigma * Math.sqrt(T);
  const d1 = (Math.log(S / K) + (r - q) * T) / v + 0.5 * v;
  const sign = input.type === 'call' ? 1 : -1;
  const magnitude = S * Math.exp(-q * T) * normCdf(sign * d1) + K * Math.exp(-r * T) * normCdf(sign * (d1 - v));
  return (4 * DBL_EPSILON * magnitude + 1e-300) / greeks(input).vega;
}

describe('implied volatility (Let’s Be Rational)', () => {
  // Hull's implied-volatility example in the Black-Scholes-Merton chapter; its section number in the 9th ed. could not
  // be confirmed. The exact implied volatility is 0.234513.
  it('Hull, OFOD, BSM chapter implied-volatility example: call 1.875 with S=21, K=20, r=10%, T=0.25 → σ = 0.235', () => {
    const sigma = impliedVol({ type: 'call', S: 21, K: 20, T: 0.25, r: 0.1, q: 0, price: 1.875 });
    expect(Math.abs(sigma - 0.235)).toBeLessThanOrEqual(PUBLISHED_3DP);
  });

  it('round-trips to 1e-10 over deep ITM to deep OTM, 1 day to 5 years, 5% to 300% vol, calls and puts', () => {
    let checked = 0;
    let skipped = 0;
    let maxError = 0;
    const moneyness = [0.25, 0.4, 0.6, 0.8, 0.9, 0.97, 1, 1.03, 1.1, 1.25, 1.6, 2.5, 4];
    const maturities = [1 / 365, 7 / 365, 30 / 365, 0.25, 0.5, 1, 2, 5];
    const vols = [0.05, 0.1, 0.2, 0.35, 0.5, 0.8, 1.2, 2, 3];
    for (const [r, q] of [
      [0.03, 0.01],
      [0, 0],
      [-0.005, 0.04],
      [0.08, 0],
    ] as const) {
      for (const type of ['call', 'put'] as const) {
        for (const m of moneyness) {
          for (const T of maturities) {
            for (const sigma of vols) {
              const input: OptionInput = { type, S: 100, K: 100 * m, T, r, q, sigma };
              if (!(attainableSigmaAccuracy(input) < ATTAINABLE_SIGMA_BOUND)) {
                skipped++;
                continue;
              }
              const solved = impliedVol({ type, S: 100, K: 100 * m, T, r, q, price: price(input) });
              const error = Math.abs(solved - sigma);
              expect(error, JSON.stringify(input)).toBeLessThanOrEqual(IV_ACCURACY);
              maxError = Math.max(maxError, error);
              checked++;
            }
          }
        }
      }
    }
    // The filter must leave the bulk of the grid in, including every near-the-money point.
    expect(checked).toBeGreaterThan(3 * skipped);
    expect(maxError).toBeLessThan(IV_ACCURACY);
  });

  it('checks every near-the-money quote on the grid (none is excluded as uninformative)', () => {
    for (const T of [1 / 365, 1, 5]) {
      for (const sigma of [0.05, 3]) {
        const input: OptionInput = { type: 'call', S: 100, K: 100, T, r: 0.03, q: 0.01, sigma };
        expect(attainableSigmaAccuracy(input)).toBeLessThan(ATTAINABLE_SIGMA_BOUND);
      }
    }
  });

  it('returns NaN outside the no-arbitrage bounds and 0 exactly at the lower bound', () => {
    const base = { S: 100, K: 90, T: 1, r: 0.05, q: 0.02 };
    const lowerCall = 100 * Math.exp(-0.02) - 90 * Math.exp(-0.05);
    expect(impliedVol({ ...base, type: 'call', price: lowerCall - 1e-6 })).toBeNaN();
    expect(impliedVol({ ...base, type: 'call', price: lowerCall })).toBe(0);
    expect(impliedVol({ ...base, type: 'call', price: 100 * Math.exp(-0.02) })).toBeNaN();
    expect(impliedVol({ ...base, type: 'put', price: 90 * Math.exp(-0.05) })).toBeNaN();
    expect(impliedVol({ ...base, type: 'put', price: -0.01 })).toBeNaN();
    expect(impliedVol({ ...base, type: 'put', price: 0 })).toBe(0);
    expect(impliedVol({ ...base, T: 0, type: 'call', price: 10 })).toBeNaN();
  });

  it('recovers extreme volatilities and terminates on absurd but valid quotes', () => {
    // At the forward (r = q) so that even σ = 0.1% leaves a time value that carries the volatility.
    for (const sigma of [0.001, 5, 10]) {
      const input: OptionInput = { type: 'call', S: 100, K: 100, T: 1, r: 0.02, q: 0.02, sigma };
      const solved = impliedVol({ ...input, price: price(input) });
      const tolerance = Math.max(1e-12 * sigma, attainableSigmaAccuracy(input));
      expect(Math.abs(solved - sigma), `σ = ${sigma}`).toBeLessThanOrEqual(tolerance);
    }
    const nearlyMax = impliedVol({ type: 'call', S: 100, K: 1e-6, T: 1, r: 0, q: 0, price: 100 - 1e-9 });
    expect(nearlyMax > 0 || Number.isNaN(nearlyMax)).toBe(true);
    const farOtm = impliedVol({ type: 'call', S: 1, K: 1e6, T: 0.1, r: 0, q: 0, price: 1e-300 });
    expect(Number.isFinite(farOtm)).toBe(true);
  });

  it('rejects invalid and non-finite input with RangeErrors naming the field', () => {
    const valid: ImpliedVolInput = { type: 'put', S: 100, K: 100, T: 1, r: 0.05, q: 0, price: 5 };
    expect(() => impliedVol({ ...valid, price: NaN })).toThrow('price must be a finite number, got NaN');
    expect(() => impliedVol({ ...valid, price: Infinity })).toThrow(RangeError);
    expect(() => impliedVol({ ...valid, S: -1 })).toThrow('S must be a positive finite number, got -1');
    expect(() => impliedVol({ ...valid, T: -1 })).toThrow('T must be a non-negative finite number, got -1');
  });
});

describe('normalised Black function', () => {
  it('matches 60-digit mpmath values in each of Jäckel’s four evaluation regions', () => {
    // b(x, s) = Φ(x/s + s/2)e^{x/2} - Φ(x/s - s/2)e^{-x/2}, computed with mpmath at 60 digits.
    const reference: readonly (readonly [number, number, number])[] = [
      [-20, 1.5, 6.239644462189789e-42], // region 1: asymptotic expansion
      [-12, 0.8, 1.7928396111410763e-52], // region 1
      [-0.5, 0.05, 3.7361342698631205e-26], // region 2: small-t expansion
      [-2, 0.3, 5.58778356385508e-13], // region 4: erfcx difference
      [-5, 1, 4.755776371084643e-8], // region 4
      [-1, 0.7, 0.023067840497491544], // region 4
      [0, 2.5, 0.7887004526662895], // region 3: plain formula
      [-0.01, 3, 0.8613985651005478], // region 3
      [3, 1, 4.258901902607287], // in the money: intrinsic + out-of-the-money value
      [12, 6, 403.4282845821813],
      [0, 0.001, 0.0003989422637788383], // at the money, tiny total volatility
    ];
    for (const [x, s, expected] of reference) {
      const error = Math.abs(normalisedBlackCall(x, s) - expected) / expected;
      expect(error, `b(${x}, ${s})`).toBeLessThan(NORMALISED_BLACK_RELATIVE);
    }
  });
});
