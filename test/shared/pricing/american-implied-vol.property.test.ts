import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { americanImpliedVol, americanImpliedVolResult, americanPrice, impliedVolResult } from '@shared/pricing';
import type { OptionInput } from '@shared/pricing';

/** The requirement: a premium the engine made at σ solves back to σ within this. */
const SIGMA_TOLERANCE = 1e-4;
/** Where the premium does not pin σ to SIGMA_TOLERANCE, the solved σ must reprice it within this ($ a share). */
const PREMIUM_TOLERANCE = 0.0001;
/**
 * The premium pins σ to SIGMA_TOLERANCE when moving σ by that much either way moves the price by more than this
 * ($ a share, strike 100): far above the price's rounding (about 1e-14) and its discretisation noise in σ, so no other
 * σ can give the same premium. Below it (deep in or far out of the money, or a put just inside its exercise
 * region, where the price is the intrinsic value for every σ up to some level) the premium says nothing finer of σ.
 */
const PINNED = 1e-9;
/** Contracts drawn, with a fixed seed: the same sequence on every run, about three seconds. */
const RUNS = 1200;

/** Uniform on [0, 1] in steps of 1e-6, without fast-check's bias towards the ends (the grid's interior matters). */
const unit = fc.noBias(fc.integer({ min: 0, max: 1_000_000 })).map((i) => i / 1_000_000);
/** Log-uniform on [low, high]. */
const logUniform = (low: number, high: number): fc.Arbitrary<number> => unit.map((u) => low * Math.exp(u * Math.log(high / low)));

/** The grid the engine is validated on: σ 5%-150%, T one day to five years, r and q 0-10%, S/K 0.5-2, calls and puts. */
const contract: fc.Arbitrary<OptionInput> = fc.record({
  type: fc.constantFrom('call' as const, 'put' as const),
  S: logUniform(50, 200),
  K: fc.constant(100),
  T: logUniform(1 / 365, 5),
  r: unit.map((u) => 0.1 * u),
  q: unit.map((u) => 0.1 * u),
  sigma: logUniform(0.05, 1.5),
});

describe('American implied volatility: every premium the engine makes solves back (property)', () => {
  it(`finds σ within ${SIGMA_TOLERANCE}, or where the premium does not pin σ a σ that reprices it within $${PREMIUM_TOLERANCE}`, () => {
    let pinned = 0;
    fc.assert(
      fc.property(contract, (input) => {
        const premium = americanPrice(input);
        const quote = { type: input.type, S: input.S, K: input.K, T: input.T, r: input.r, q: input.q, price: premium };
        const result = americanImpliedVolResult(quote);
        if (!result.ok) return false;
        const up = americanPrice({ ...input, sigma: input.sigma + SIGMA_TOLERANCE });
        const down = americanPrice({ ...input, sigma: input.sigma - SIGMA_TOLERANCE });
        if (up - premium > PINNED && premium - down > PINNED) {
          pinned++;
          return Math.abs(result.sigma - input.sigma) <= SIGMA_TOLERANCE;
        }
        return Math.abs(americanPrice({ ...input, sigma: result.sigma }) - premium) <= PREMIUM_TOLERANCE;
      }),
      { numRuns: RUNS, seed: 20261128 },
    );
    // Over half the contracts pin σ (measured: about 57%); the exemption is for the
    // wings and the exercise region only.
    expect(pinned).toBeGreaterThan(RUNS / 2);
  });

  it('says a premium rounded just below the intrinsic value of a put exercised at once is below the lower bound, by how much', () => {
    // A 4-day put 38% in the money: exercised at once at σ = 16%, so its premium is its intrinsic value, which
    // QuantLib printed to twelve decimals, 4e-13 below the exact 100 - S. No σ gives less than the intrinsic value.
    const quote = { type: 'put', S: 61.52586034989158, K: 100, T: 0.009518012795386431, r: 0.049639228731393814, q: 0.055135371373035015 } as const;
    expect(americanPrice({ ...quote, sigma: 0.1621938250853393 })).toBe(100 - quote.S);
    expect(americanImpliedVolResult({ ...quote, price: 100 - quote.S })).toEqual({ ok: true, sigma: 0 });
    expect(americanImpliedVolResult({ ...quote, price: 38.474139650108 })).toEqual({
      ok: false,
      reason: 'below-lower-bound',
      premium: 38.474139650108,
      lower: 100 - quote.S,
      upper: 100,
    });
  });

  it('says which bound a premium breaks, in the shape the European implied volatility uses', () => {
    const put = { type: 'put', S: 90, K: 100, T: 1, r: 0.05, q: 0 } as const;
    // Exercised at once the put pays 10: nothing less is a price.
    expect(americanImpliedVolResult({ ...put, price: 9.99 })).toEqual({ ok: false, reason: 'below-lower-bound', premium: 9.99, lower: 10, upper: 100 });
    expect(americanImpliedVolResult({ ...put, price: 100 })).toEqual({ ok: false, reason: 'at-or-above-upper-bound', premium: 100, lower: 10, upper: 100 });
    expect(americanImpliedVolResult({ ...put, T: 0, price: 12 })).toMatchObject({ ok: false, reason: 'expired' });
    expect(americanImpliedVol({ ...put, price: 9.99 })).toBeNaN();
    // A call 5% out of the money with r = 10%, q = 2% over 5 years: even at σ = 0 the forward ends in the money, worth
    // S e^{-qT} - K e^{-rT} today, so a premium of 20 is below the American (and European) lower bound.
    const call = { type: 'call', S: 95, K: 100, T: 5, r: 0.1, q: 0.02, price: 20 } as const;
    const american = americanImpliedVolResult(call);
    const european = impliedVolResult(call);
    const lower = 95 * Math.exp(-0.1) - 100 * Math.exp(-0.5);
    expect(american).toMatchObject({ ok: false, reason: 'below-lower-bound', premium: 20, upper: 95 });
    expect(european).toMatchObject({ ok: false, reason: 'below-lower-bound', premium: 20, upper: 95 * Math.exp(-0.1) });
    expect(Object.keys(american)).toEqual(Object.keys(european));
    if (!american.ok && !european.ok) {
      expect(american.lower).toBeCloseTo(lower, 12);
      expect(european.lower).toBeCloseTo(lower, 12);
    }
    // Where early exercise never pays (a call without dividends) the bounds are the European ones.
    const noDividend = { type: 'call', S: 100, K: 100, T: 1, r: 0.05, q: 0, price: 100 } as const;
    expect(americanImpliedVolResult(noDividend)).toEqual(impliedVolResult(noDividend));
  });
});
