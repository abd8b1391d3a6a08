/**
 * Black-Scholes-Merton European options on an asset with continuous dividend yield q.
 *
 *   d1 = [ln(S/K) + (r - q + σ²/2)T] / (σ√T),  d2 = d1 - σ√T
 *   call = S e^{-qT} Φ(d1) - K e^{-rT} Φ(d2),  put = K e^{-rT} Φ(-d2) - S e^{-qT} Φ(-d1)
 *
 *   delta = ±e^{-qT} Φ(±d1)                     gamma = e^{-qT} φ(d1) / (S σ √T)
 *   vega  = S e^{-qT} φ(d1) √T   (per 1.00 of σ)  rho   = ±K T e^{-rT} Φ(±d2)   (per 1.00 of r)
 *   theta = -S e^{-qT} φ(d1) σ / (2√T) ∓ r K e^{-rT} Φ(±d2) ± q S e^{-qT} Φ(±d1)   (per year, dV/dt)
 *
 * Units: S, K in currency; T in years; r, q continuously compounded; σ annualised.
 * References: F. Black & M. Scholes (1973), R. C. Merton (1973); J. C. Hull, "Options, Futures, and Other
 * Derivatives", 9th ed., ch. 15 and 17 (formulas), ch. 19 (Greeks); E. G. Haug, "The Complete Guide to Option
 * Pricing Formulas", 2nd ed. (2007), §1.1 and §2.1.
 *
 * Degenerate inputs: T = 0 gives intrinsic value, delta 1/0/-1 by moneyness (±1/2 exactly at the money) and zero
 * for the other Greeks; σ√T = 0 with T > 0 gives the discounted intrinsic value of the forward,
 * max(±(S e^{-qT} - K e^{-rT}), 0), with the σ → 0⁺ limits of the Greeks.
 */
import { normCdfFromGauss, ONE_OVER_SQRT_TWO_PI } from './normal-distribution';
import type { Greeks, OptionInput, OptionType } from './types';
import { checkNonNegative, isNonNegative, isValidCommon, throwForCommon } from './validate';

/** Slots of the scratch array filled by bsmAll. */
export const PRICE = 0, DELTA = 1, GAMMA = 2, THETA = 3, VEGA = 4, RHO = 5;

const priceScratch = new Float64Array(6);

/** Validates the fields of an option input (RangeError naming the field). */
export function checkOptionFields(
  type: OptionType, S: number, K: number, T: number, r: number, q: number, sigma: number,
): void {
  if (!(isValidCommon(type, S, K, T, r, q) && isNonNegative(sigma))) {
    throwForCommon(type, S, K, T, r, q);
    checkNonNegative('sigma', sigma);
  }
}

/**
 * Unvalidated BSM price; the building block for the other modules. The usual case (0 < σ√T < 30 and
 * |ln(F/K)| < 700) is computed here; the rest (T = 0, σ = 0, absurd extremes) by the full kernel.
 */
export function bsmPrice(
  isCall: boolean, S: number, K: number, T: number, r: number, q: number, sigma: number,
): number {
  const sqrtT = Math.sqrt(T);
  const v = sigma * sqrtT;
  const x = Math.log(S / K) + (r - q) * T;
  const dq = q === 0 ? 1 : Math.exp(-q * T);
  const dr = r === 0 ? 1 : Math.exp(-r * T);
  if (!(v > 0 && v < 30 && x < 700 && x > -700)) {
    bsmAllDiscounted(isCall, S, K, T, sqrtT, dq, dr, r, q, sigma, priceScratch);
    return priceScratch[PRICE] as number;
  }
  const sDq = S * dq;
  const kDr = K * dr;
  const d1 = x / v + 0.5 * v;
  const g1 = Math.exp(-0.5 * d1 * d1);
  const sign = isCall ? 1 : -1;
  const n1 = normCdfFromGauss(sign * d1, g1);
  return sign * (sDq * n1 - kDr * normCdfFromGauss(sign * (d1 - v), gaussAtD2(g1, sDq, kDr)));
}

/**
 * Unvalidated price and all five Greeks, sharing d1, d2, the discount factors and one Gaussian exponential.
 * Writes [price, delta, gamma, theta, vega, rho] into out so hot loops allocate nothing.
 */
export function bsmAll(
  isCall: boolean, S: number, K: number, T: number, r: number, q: number, sigma: number, out: Float64Array,
): void {
  const dq = q === 0 ? 1 : Math.exp(-q * T);
  const dr = r === 0 ? 1 : Math.exp(-r * T);
  bsmAllDiscounted(isCall, S, K, T, Math.sqrt(T), dq, dr, r, q, sigma, out);
}

/**
 * bsmAll with the expiry-only quantities √T, e^{-qT} and e^{-rT} supplied, so a chain computes them once per
 * expiry rather than once per contract.
 */
export function bsmAllDiscounted(
  isCall: boolean, S: number, K: number, T: number, sqrtT: number, dq: number, dr: number, r: number, q: number,
  sigma: number, out: Float64Array,
): void {
  const sDq = S * dq;
  const kDr = K * dr;
  const v = sigma * sqrtT;
  const x = Math.log(S / K) + (r - q) * T; // ln(F/K)
  // Everything unusual is handled out of line, which keeps this function small enough for the JIT to inline.
  if (!(v > 0 && v < 30 && x < 700 && x > -700)) {
    unusualInputs(isCall, S, K, T, sqrtT, dq, r, q, sigma, sDq, kDr, v, x, out);
    return;
  }
  // One reciprocal instead of four divisions: 1/v serves d1, gamma and theta (σ/(2√T) = σ²/(2v)).
  const inverseV = 1 / v;
  const d1 = x * inverseV + 0.5 * v;
  const g1 = Math.exp(-0.5 * d1 * d1);
  writeAll(isCall, S, T, sqrtT, dq, r, q, sigma, sDq, kDr, inverseV, d1, d1 - v, g1, gaussAtD2(g1, sDq, kDr), out);
}

/**
 * φ(d2)/φ(0) from φ(d1): exp(-d2²/2) = exp(-d1²/2)·F/K exactly, saving an exponential. Used only when σ√T < 30,
 * where exp(-d1²/2) underflowing to 0 (|d1| > 38.6) implies |d2| > 8.6, so Φ(d2) is already 0 or 1 to the last bit.
 */
function gaussAtD2(g1: number, sDq: number, kDr: number): number {
  return (g1 * sDq) / kDr;
}

/** T = 0, σ√T = 0, σ√T >= 30 or |ln(F/K)| >= 700: the limits, or the formulas with both Gaussians computed. */
function unusualInputs(
  isCall: boolean, S: number, K: number, T: number, sqrtT: number, dq: number, r: number, q: number, sigma: number,
  sDq: number, kDr: number, v: number, x: number, out: Float64Array,
): void {
  if (T === 0) {
    expired(isCall, S, K, out);
  } else if (!(v > 0)) {
    degenerateVolatility(isCall, T, r, q, sDq, kDr, dq, sqrtT, out);
  } else {
    const inverseV = 1 / v;
    const d1 = x * inverseV + 0.5 * v;
    const d2 = d1 - v;
    const g1 = Math.exp(-0.5 * d1 * d1);
    writeAll(isCall, S, T, sqrtT, dq, r, q, sigma, sDq, kDr, inverseV, d1, d2, g1, Math.exp(-0.5 * d2 * d2), out);
  }
}

/**
 * The formulas proper, given d1, d2 and g = exp(-d²/2) at both. With θ = ±1 for call/put,
 * V = θ(S e^{-qT} Φ(θd₁) - K e^{-rT} Φ(θd₂)), so one code path serves both.
 */
function writeAll(
  isCall: boolean, S: number, T: number, sqrtT: number, dq: number, r: number, q: number, sigma: number,
  sDq: number, kDr: number, inverseV: number, d1: number, d2: number, g1: number, g2: number, out: Float64Array,
): void {
  const sDqPdf = sDq * ONE_OVER_SQRT_TWO_PI * g1;
  const sign = isCall ? 1 : -1;
  const n1 = normCdfFromGauss(sign * d1, g1);
  const n2 = normCdfFromGauss(sign * d2, g2);
  out[PRICE] = sign * (sDq * n1 - kDr * n2);
  out[DELTA] = sign * dq * n1;
  out[GAMMA] = (dq * ONE_OVER_SQRT_TWO_PI * g1 * inverseV) / S;
  out[THETA] = -0.5 * sDqPdf * sigma * sigma * inverseV - sign * (r * kDr * n2 - q * sDq * n1);
  out[VEGA] = sDqPdf * sqrtT;
  out[RHO] = sign * T * kDr * n2;
}

/** T = 0: intrinsic value; delta 1/0/-1 by moneyness (±1/2 exactly at the money), other Greeks zero. */
function expired(isCall: boolean, S: number, K: number, out: Float64Array): void {
  out[PRICE] = isCall ? Math.max(S - K, 0) : Math.max(K - S, 0);
  out[DELTA] = isCall ? (S > K ? 1 : S < K ? 0 : 0.5) : S < K ? -1 : S > K ? 0 : -0.5;
  out[GAMMA] = 0;
  out[THETA] = 0;
  out[VEGA] = 0;
  out[RHO] = 0;
}

/** σ√T = 0: the option is worth its discounted forward intrinsic value; Greeks are the σ → 0⁺ limits. */
function degenerateVolatility(
  isCall: boolean, T: number, r: number, q: number, sDq: number, kDr: number, dq: number, sqrtT: number,
  out: Float64Array,
): void {
  const forwardIntrinsic = isCall ? sDq - kDr : kDr - sDq;
  // Weight of the exercised branch: 1 in the money, 0 out of it, 1/2 exactly at the forward.
  const w = forwardIntrinsic > 0 ? 1 : forwardIntrinsic < 0 ? 0 : 0.5;
  const sign = isCall ? 1 : -1;
  out[PRICE] = Math.max(forwardIntrinsic, 0);
  out[DELTA] = sign * w * dq;
  out[GAMMA] = 0;
  out[THETA] = sign * w * (q * sDq - r * kDr);
  // At the forward vega keeps its finite limit S e^{-qT} √T φ(0); elsewhere it vanishes.
  out[VEGA] = w === 0.5 ? sDq * sqrtT * ONE_OVER_SQRT_TWO_PI : 0;
  out[RHO] = sign * w * T * kDr;
}

/** Black-Scholes-Merton price of a European option. Throws RangeError on invalid input. */
export function price(input: OptionInput): number {
  const { type, S, K, T, r, q, sigma } = input;
  checkOptionFields(type, S, K, T, r, q, sigma);
  return bsmPrice(type === 'call', S, K, T, r, q, sigma);
}

const scratch = new Float64Array(6);

/**
 * Black-Scholes-Merton Greeks: delta, gamma, theta per year, vega per 1.00 of σ, rho per 1.00 of r.
 * Throws RangeError on invalid input.
 */
export function greeks(input: OptionInput): Greeks {
  const { type, S, K, T, r, q, sigma } = input;
  checkOptionFields(type, S, K, T, r, q, sigma);
  bsmAll(type === 'call', S, K, T, r, q, sigma, scratch);
  return {
    delta: scratch[DELTA] as number,
    gamma: scratch[GAMMA] as number,
    theta: scratch[THETA] as number,
    vega: scratch[VEGA] as number,
    rho: scratch[RHO] as number,
  };
}
