/**
 * American implied volatility: the σ at which the Andersen-Lake-Offengenden price (alo.ts, the default of
 * americanPrice) equals a premium.
 *
 * The American price A(σ) rises from the best deterministic exercise value A(0) (σ = 0) towards the spot (call)
 * or the strike (put) as σ → ∞, and it is at least the European price E(σ) at the same σ, so the European
 * implied volatility σ_E of the premium is an upper bound. The solve:
 * 1. σ_E by Jäckel's "Let's Be Rational" (impliedVol); where the premium exceeds the European bounds (a deep
 *    in-the-money put worth more than K e^{-rT}), an upper bound is found by doubling instead;
 * 2. "de-Americanisation": σ₁ = European implied volatility of the premium less the early-exercise premium at
 *    σ_E, A(σ_E) - E(σ_E), which changes slowly with σ, so σ₁ is usually within 1e-3 of the answer;
 * 3. secant steps through the last two points, kept inside a bracket [σ_lo, σ_hi] (regula falsi on the bracket
 *    when a step leaves it, bisection when that does too), until a step is below 1e-8·σ (the secant converges superlinearly, so the point it then returns is good to about 1e-13) or 24 prices are
 *    spent.
 *
 * Each step prices with the same deterministic, smooth function as americanPrice, so a price made by
 * americanPrice at σ comes back to σ to within the tolerance wherever the premium determines σ (vega not
 * vanishingly small, and not in the exercise region, where the price is the intrinsic value for every σ up to
 * some level).
 *
 * Conventions as impliedVol: americanImpliedVolResult says which bound a premium breaks (below A(0), or at or above
 * the σ → ∞ limit) or that T = 0; americanImpliedVol, the number form, gives NaN there. A premium equal to A(0)
 * (or within four rounding units of max(S, K) of it, BOUND_ROUNDING) gives σ = 0 (in the exercise region every σ up
 * to some level gives that premium, so it carries no volatility); one further below (a deep in-the-money put's
 * intrinsic value printed to twelve decimals by another engine) is below the lower bound, and the result says so
 * with the bound. RangeError on invalid input.
 */
import { bsmPrice } from '../bsm';
import { europeanBounds, impliedVolUnchecked, outOfBounds } from '../implied-vol';
import type { ImpliedVolInput, ImpliedVolResult } from '../types';
import { checkFinite, isFiniteNumber, isValidCommon, throwForCommon } from '../validate';
import { aloValue } from './american-price';

const MAXIMUM_PRICES = 24;
const RELATIVE_TOLERANCE = 1e-8;
/**
 * A premium at most this many rounding units of max(S, K) below A(0) counts as A(0): the engine's own price of a
 * deep in-the-money option is the European value, whose rounding can put it an ulp or two below A(0) computed by
 * the other formula (S e^{-qT} - K e^{-rT} against S N(d₁) e^{-qT} - K N(d₂) e^{-rT} with N = 1 to the last bit).
 */
const BOUND_ROUNDING = 4 * 2.220446049250313e-16;

/** The σ → ∞ limit of the American price: S for a call, K for a put, unless early exercise never pays. */
function upperLimit(isCall: boolean, S: number, K: number, T: number, r: number, q: number): number {
  const rate = isCall ? q : r;
  const dividend = isCall ? r : q;
  const european = isCall ? S * Math.exp(-q * T) : K * Math.exp(-r * T);
  if (rate <= 0 && rate <= dividend) return european;
  return Math.max(isCall ? S : K, european);
}

/** American implied volatility for valid inputs (see americanImpliedVol). */
export function americanImpliedVolUnchecked(isCall: boolean, S: number, K: number, T: number, r: number, q: number, premium: number): number {
  if (!(T > 0) || !(premium >= 0)) return NaN;
  // Where early exercise never pays the American price is the European one: its implied volatility.
  const rate = isCall ? q : r;
  const dividend = isCall ? r : q;
  if (rate <= 0 && rate <= dividend) return impliedVolUnchecked(isCall, S, K, T, r, q, premium);
  const value = (sigma: number): number => aloValue(isCall, S, K, T, r, q, sigma);
  const floor = value(0);
  if (premium < floor - BOUND_ROUNDING * Math.max(S, K) || premium >= upperLimit(isCall, S, K, T, r, q)) return NaN;
  if (premium <= floor) return 0;
  // Bracket: A(lo) < premium <= A(hi), from the European implied volatility (an upper bound up to rounding, so
  // nudged up if need be), or by doubling where the premium is beyond the European bounds.
  let lo = 0;
  let fLo = floor - premium;
  let hi = impliedVolUnchecked(isCall, S, K, T, r, q, premium);
  let growth = 1e-7;
  if (!(hi === hi && hi > 0)) {
    hi = 0.5;
    growth = 1;
  }
  let fHi = value(hi) - premium;
  let spent = 1;
  while (fHi < 0 && spent < MAXIMUM_PRICES) {
    lo = hi;
    fLo = fHi;
    hi *= 1 + growth;
    growth = Math.min(100 * growth, 1);
    fHi = value(hi) - premium;
    spent++;
  }
  if (!(fHi >= 0)) return NaN;
  if (fHi === 0) return hi;
  // De-Americanisation: the European volatility of the premium less the early-exercise premium at hi.
  const earlyExercise = fHi + premium - Math.max(bsmPrice(isCall, S, K, T, r, q, hi), 0);
  let previous = hi;
  let fPrevious = fHi;
  let x = impliedVolUnchecked(isCall, S, K, T, r, q, premium - earlyExercise);
  if (!(x > lo && x < hi)) x = 0.5 * (lo + hi);
  while (spent < MAXIMUM_PRICES) {
    const fx = value(x) - premium;
    spent++;
    if (fx === 0) return x;
    if (fx < 0) {
      lo = x;
      fLo = fx;
    } else {
      hi = x;
      fHi = fx;
    }
    // Secant through the last two points; regula falsi on the bracket if that leaves it, bisection if both do.
    let next = x - (fx * (x - previous)) / (fx - fPrevious);
    if (!(next > lo && next < hi)) next = lo - (fLo * (hi - lo)) / (fHi - fLo);
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    previous = x;
    fPrevious = fx;
    const step = Math.abs(next - x);
    x = next;
    if (step <= RELATIVE_TOLERANCE * x) return x;
  }
  return x;
}

/**
 * American implied volatility (annualised) of a premium, by the Andersen-Lake-Offengenden engine. NaN when the
 * premium is outside the American bounds or T = 0; throws RangeError on invalid or non-finite input.
 */
export function americanImpliedVol(input: ImpliedVolInput): number {
  const { type, S, K, T, r, q, price } = input;
  if (!(isValidCommon(type, S, K, T, r, q) && isFiniteNumber(price))) {
    throwForCommon(type, S, K, T, r, q);
    checkFinite('price', price);
  }
  return americanImpliedVolUnchecked(type === 'call', S, K, T, r, q, price);
}

/**
 * americanImpliedVol as a value: { ok: true, sigma }, or { ok: false, reason } saying which bound the premium
 * breaks (below the value at σ = 0, or at or above the σ → ∞ limit; the European bounds where early exercise never
 * pays) or that T = 0, with the bounds. Throws RangeError on invalid or non-finite input.
 */
export function americanImpliedVolResult(input: ImpliedVolInput): ImpliedVolResult {
  const sigma = americanImpliedVol(input);
  if (sigma === sigma) return { ok: true, sigma };
  const { type, S, K, T, r, q, price } = input;
  const isCall = type === 'call';
  const rate = isCall ? q : r;
  const dividend = isCall ? r : q;
  if (rate <= 0 && rate <= dividend) {
    const { lower, upper } = europeanBounds(isCall, S, K, T, r, q);
    return outOfBounds(T, price, lower, upper);
  }
  return outOfBounds(T, price, aloValue(isCall, S, K, T, r, q, 0), upperLimit(isCall, S, K, T, r, q));
}
