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
 * Pricing Formulas", 2nd ed. (2007), chapters 1 (Black-Scholes-Merton) and 2 (the Greeks).
 *
 * Degenerate inputs: T = 0 gives intrinsic value, delta 1/0/-1 by moneyness (±1/2 exactly at the money) and zero
 * for the other Greeks; σ√T = 0 with T > 0 gives the discounted intrinsic value of the forward,
 * max(±(S e^{-qT} - K e^{-rT}), 0), with the σ → 0⁺ limits of the Greeks.
 */
import { fastExp } from './fast-math';
import { normCdfFromGauss, normTailFromGauss, ONE_OVER_SQRT_TWO_PI } from './normal-distribution';
import type { Greeks, OptionInput, OptionType } from './types';
import { checkNonNegative, isValidOption, throwForCommon } from './validate';

// Every single-option kernel below evaluates the usual case with the same operations in the same order, so price(),
// greeks() and chainGreeks() agree to the last bit (the call/put pair kernel differs in taking Φ(-d) as
// 1 - Φ(d), from the same smaller tail): 1/v once (it serves d1, gamma and theta, σ/(2√T) = σ²/(2v));
// e^{-d1²/2} by fastExp; e^{-d2²/2} = e^{-d1²/2}·F/K exactly (saving an exponential: with σ√T < 30,
// e^{-d1²/2} underflowing to 0 (|d1| > 38.6) implies |d2| > 8.6, where Φ(d2) is 0 or 1 to the last bit anyway);
// and everything that does not need d1 is computed while Math.log runs, so that a single call, which pays the
// latency of the whole chain S/K → log → d1 → exp → Φ, waits for nothing else.

/** Slots of the scratch array filled by bsmAll. */
export const PRICE = 0,
  DELTA = 1,
  GAMMA = 2,
  THETA = 3,
  VEGA = 4,
  RHO = 5;

/**
 * Cold path of the input check: throws the RangeError naming the first invalid field. Callers test
 * isValidOption first (one inlined predicate) and come here only when it fails.
 */
export function throwForOption(type: OptionType, S: number, K: number, T: number, r: number, q: number, sigma: number): void {
  throwForCommon(type, S, K, T, r, q);
  checkNonNegative('sigma', sigma);
}

/** Validates the fields of an option input (RangeError naming the field). */
export function checkOptionFields(type: OptionType, S: number, K: number, T: number, r: number, q: number, sigma: number): void {
  if (!isValidOption(type, S, K, T, r, q, sigma)) throwForOption(type, S, K, T, r, q, sigma);
}

/**
 * The usual case of every kernel: 0 < σ√T < 30 and |ln(F/K)| < 700. Everything else (T = 0, σ = 0, absurd
 * extremes) goes out of line to unusualInputs, which keeps the hot functions small enough for V8 to inline Φ.
 */
function isUsual(v: number, x: number): boolean {
  return v > 0 && v < 30 && x < 700 && x > -700;
}

/** Unvalidated BSM price; the building block for the other modules. */
export function bsmPrice(isCall: boolean, S: number, K: number, T: number, r: number, q: number, sigma: number): number {
  const sqrtT = Math.sqrt(T);
  const v = sigma * sqrtT;
  const x = Math.log(S / K) + (r - q) * T;
  const dq = q === 0 ? 1 : Math.exp(-q * T);
  const dr = r === 0 ? 1 : Math.exp(-r * T);
  if (!isUsual(v, x)) {
    unusualInputs(isCall, S, K, T, sqrtT, dq, r, q, sigma, S * dq, K * dr, v, x, scratch);
    return scratch[PRICE] as number;
  }
  const sDq = S * dq;
  const kDr = K * dr;
  const inverseV = 1 / v;
  const forwardOverStrike = sDq / kDr;
  const d1 = x * inverseV + 0.5 * v;
  const g1 = fastExp(-0.5 * d1 * d1);
  const sign = isCall ? 1 : -1;
  const n1 = normCdfFromGauss(sign * d1, g1);
  const n2 = normCdfFromGauss(sign * (d1 - v), g1 * forwardOverStrike);
  return sign * (sDq * n1 - kDr * n2);
}

/**
 * Unvalidated price and all five Greeks, sharing d1, d2, the discount factors and one Gaussian exponential.
 * Writes [price, delta, gamma, theta, vega, rho] into out so hot loops allocate nothing.
 */
export function bsmAll(isCall: boolean, S: number, K: number, T: number, r: number, q: number, sigma: number, out: Float64Array): void {
  const dq = q === 0 ? 1 : Math.exp(-q * T);
  const dr = r === 0 ? 1 : Math.exp(-r * T);
  bsmAllDiscounted(isCall, S, K, T, Math.sqrt(T), dq, dr, r, q, sigma, out);
}

/**
 * bsmAll with the expiry-only quantities √T, e^{-qT} and e^{-rT} supplied, so a chain computes them once per
 * expiry rather than once per contract.
 */
export function bsmAllDiscounted(
  isCall: boolean,
  S: number,
  K: number,
  T: number,
  sqrtT: number,
  dq: number,
  dr: number,
  r: number,
  q: number,
  sigma: number,
  out: Float64Array,
): void {
  const sDq = S * dq;
  const kDr = K * dr;
  const v = sigma * sqrtT;
  const x = Math.log(S / K) + (r - q) * T; // ln(F/K)
  if (!isUsual(v, x)) {
    unusualInputs(isCall, S, K, T, sqrtT, dq, r, q, sigma, sDq, kDr, v, x, out);
    return;
  }
  const inverseV = 1 / v;
  const forwardOverStrike = sDq / kDr;
  const sDqDensity = sDq * ONE_OVER_SQRT_TWO_PI; // S e^{-qT} φ(d1) = sDqDensity·e^{-d1²/2}
  const d1 = x * inverseV + 0.5 * v;
  const g1 = fastExp(-0.5 * d1 * d1);
  const sign = isCall ? 1 : -1;
  const n1 = normCdfFromGauss(sign * d1, g1);
  const n2 = normCdfFromGauss(sign * (d1 - v), g1 * forwardOverStrike);
  const kDrN2 = kDr * n2;
  out[PRICE] = sign * (sDq * n1 - kDrN2);
  out[DELTA] = sign * dq * n1;
  out[GAMMA] = ((dq * ONE_OVER_SQRT_TWO_PI * inverseV) / S) * g1;
  out[THETA] = -0.5 * sDqDensity * sigma * sigma * inverseV * g1 - sign * (r * kDrN2 - q * sDq * n1);
  out[VEGA] = sDqDensity * sqrtT * g1;
  out[RHO] = sign * T * kDrN2;
}

/** The output arrays of a chain (see ChainOutput in chain.ts). */
export interface GreekArrays {
  price: Float64Array;
  delta: Float64Array;
  gamma: Float64Array;
  theta: Float64Array;
  vega: Float64Array;
  rho: Float64Array;
}

/**
 * The expiry-level inputs of the array kernels below: S, T, √T, e^{-qT}, e^{-rT}, r, q. The kernels take these
 * from here and the per-contract K and σ from the chain's arrays, rather than as arguments: V8 passes numbers
 * between functions it has not inlined as heap-allocated boxes, and ten double arguments per contract cost more
 * than the rest of the call.
 */
const EXPIRY = new Float64Array(7);

/** Sets the expiry the array kernels price at (once per run of equal T in a chain). */
export function setExpiry(S: number, T: number, sqrtT: number, dq: number, dr: number, r: number, q: number): void {
  EXPIRY[0] = S;
  EXPIRY[1] = T;
  EXPIRY[2] = sqrtT;
  EXPIRY[3] = dq;
  EXPIRY[4] = dr;
  EXPIRY[5] = r;
  EXPIRY[6] = q;
}

/**
 * bsmAllDiscounted for contract i of a chain at the current expiry (setExpiry), strike strikes[i] and vol
 * vols[i], written straight into the chain's output arrays. (Also large enough, at over 460 bytes of bytecode,
 * that V8 compiles it as its own unit instead of inlining it into the chain loop, whose inlining budget would then
 * not cover the two Φ inside: they would become real calls.)
 */
export function bsmIntoArrays(isCall: boolean, strikes: Float64Array, vols: Float64Array, i: number, out: GreekArrays): void {
  const S = EXPIRY[0] as number,
    T = EXPIRY[1] as number,
    sqrtT = EXPIRY[2] as number;
  const dq = EXPIRY[3] as number,
    dr = EXPIRY[4] as number,
    r = EXPIRY[5] as number,
    q = EXPIRY[6] as number;
  const K = strikes[i] as number;
  const sigma = vols[i] as number;
  const sDq = S * dq;
  const kDr = K * dr;
  const v = sigma * sqrtT;
  const x = Math.log(S / K) + (r - q) * T;
  if (!isUsual(v, x)) {
    unusualInputs(isCall, S, K, T, sqrtT, dq, r, q, sigma, sDq, kDr, v, x, scratch);
    copyScratch(scratch, 0, out, i);
    return;
  }
  const inverseV = 1 / v;
  const forwardOverStrike = sDq / kDr;
  const sDqDensity = sDq * ONE_OVER_SQRT_TWO_PI;
  const d1 = x * inverseV + 0.5 * v;
  const g1 = fastExp(-0.5 * d1 * d1);
  const sign = isCall ? 1 : -1;
  const n1 = normCdfFromGauss(sign * d1, g1);
  const n2 = normCdfFromGauss(sign * (d1 - v), g1 * forwardOverStrike);
  const kDrN2 = kDr * n2;
  out.price[i] = sign * (sDq * n1 - kDrN2);
  out.delta[i] = sign * dq * n1;
  out.gamma[i] = ((dq * ONE_OVER_SQRT_TWO_PI * inverseV) / S) * g1;
  out.theta[i] = -0.5 * sDqDensity * sigma * sigma * inverseV * g1 - sign * (r * kDrN2 - q * sDq * n1);
  out.vega[i] = sDqDensity * sqrtT * g1;
  out.rho[i] = sign * T * kDrN2;
}

/**
 * A call (index c) and a put (index p) of a chain with the same strike and vol at the current expiry
 * (setExpiry), at once. They share d1, d2, the Gaussian, gamma and vega, and Φ(-d) = 1 - Φ(d): each Φ pair comes
 * from one rational function by taking the smaller tail Φ(-|d|) and its complement, so both stay fully accurate.
 */
export function bsmPairIntoArrays(strikes: Float64Array, vols: Float64Array, c: number, p: number, out: GreekArrays): void {
  const S = EXPIRY[0] as number,
    T = EXPIRY[1] as number,
    sqrtT = EXPIRY[2] as number;
  const dq = EXPIRY[3] as number,
    dr = EXPIRY[4] as number,
    r = EXPIRY[5] as number,
    q = EXPIRY[6] as number;
  const K = strikes[c] as number;
  const sigma = vols[c] as number;
  const sDq = S * dq;
  const kDr = K * dr;
  const v = sigma * sqrtT;
  const x = Math.log(S / K) + (r - q) * T;
  if (!isUsual(v, x)) {
    unusualInputs(true, S, K, T, sqrtT, dq, r, q, sigma, sDq, kDr, v, x, scratch);
    copyScratch(scratch, 0, out, c);
    unusualInputs(false, S, K, T, sqrtT, dq, r, q, sigma, sDq, kDr, v, x, scratch);
    copyScratch(scratch, 0, out, p);
    return;
  }
  const inverseV = 1 / v;
  const forwardOverStrike = sDq / kDr;
  const sDqDensity = sDq * ONE_OVER_SQRT_TWO_PI;
  const d1 = x * inverseV + 0.5 * v;
  const d2 = d1 - v;
  const g1 = fastExp(-0.5 * d1 * d1);
  const tail1 = normTailFromGauss(d1, g1); // Φ(-|d1|)
  const tail2 = normTailFromGauss(d2, g1 * forwardOverStrike);
  const callN1 = d1 < 0 ? tail1 : 1 - tail1; // Φ(d1)
  const putN1 = d1 < 0 ? 1 - tail1 : tail1; // Φ(-d1)
  const callN2 = d2 < 0 ? tail2 : 1 - tail2;
  const putN2 = d2 < 0 ? 1 - tail2 : tail2;
  const gamma = ((dq * ONE_OVER_SQRT_TWO_PI * inverseV) / S) * g1;
  const vega = sDqDensity * sqrtT * g1;
  const decay = -0.5 * sDqDensity * sigma * sigma * inverseV * g1;
  const kDrCallN2 = kDr * callN2;
  const kDrPutN2 = kDr * putN2;
  out.price[c] = sDq * callN1 - kDrCallN2;
  out.delta[c] = dq * callN1;
  out.gamma[c] = gamma;
  out.theta[c] = decay - (r * kDrCallN2 - q * sDq * callN1);
  out.vega[c] = vega;
  out.rho[c] = T * kDrCallN2;
  out.price[p] = kDrPutN2 - sDq * putN1;
  out.delta[p] = -dq * putN1;
  out.gamma[p] = gamma;
  out.theta[p] = decay + (r * kDrPutN2 - q * sDq * putN1);
  out.vega[p] = vega;
  out.rho[p] = -T * kDrPutN2;
}

function copyScratch(from: Float64Array, offset: number, out: GreekArrays, i: number): void {
  out.price[i] = from[offset + PRICE] as number;
  out.delta[i] = from[offset + DELTA] as number;
  out.gamma[i] = from[offset + GAMMA] as number;
  out.theta[i] = from[offset + THETA] as number;
  out.vega[i] = from[offset + VEGA] as number;
  out.rho[i] = from[offset + RHO] as number;
}

const scratch = new Float64Array(6);

/** T = 0, σ√T = 0, σ√T >= 30 or |ln(F/K)| >= 700: the limits, or the formulas with both Gaussians computed. */
function unusualInputs(
  isCall: boolean,
  S: number,
  K: number,
  T: number,
  sqrtT: number,
  dq: number,
  r: number,
  q: number,
  sigma: number,
  sDq: number,
  kDr: number,
  v: number,
  x: number,
  out: Float64Array,
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
    const g2 = Math.exp(-0.5 * d2 * d2);
    const sDqDensity = sDq * ONE_OVER_SQRT_TWO_PI;
    const sign = isCall ? 1 : -1;
    const n1 = normCdfFromGauss(sign * d1, g1);
    const n2 = normCdfFromGauss(sign * d2, g2);
    out[PRICE] = sign * (sDq * n1 - kDr * n2);
    out[DELTA] = sign * dq * n1;
    out[GAMMA] = ((dq * ONE_OVER_SQRT_TWO_PI * inverseV) / S) * g1;
    out[THETA] = -0.5 * sDqDensity * sigma * sigma * inverseV * g1 - sign * (r * kDr * n2 - q * sDq * n1);
    out[VEGA] = sDqDensity * sqrtT * g1;
    out[RHO] = sign * T * kDr * n2;
  }
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
function degenerateVolatility(isCall: boolean, T: number, r: number, q: number, sDq: number, kDr: number, dq: number, sqrtT: number, out: Float64Array): void {
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
  if (!isValidOption(type, S, K, T, r, q, sigma)) throwForOption(type, S, K, T, r, q, sigma);
  return bsmPrice(type === 'call', S, K, T, r, q, sigma);
}

/**
 * One-entry memo of e^{-qT} and e^{-rT} for greeks(), keyed by (T, r, q): callers walk chains expiry by expiry,
 * and the two exponentials are a tenth of the call. (Same values as computing them afresh.)
 */
const memo = Float64Array.of(NaN, NaN, NaN, 1, 1);

/**
 * Black-Scholes-Merton price and Greeks in one call: delta, gamma, theta per year, vega per 1.00 of σ, rho per
 * 1.00 of r, and the price itself (equal to `price()` of the same input), all from one d₁, d₂, one pair of
 * discount factors and one Gaussian. Throws RangeError on invalid input.
 *
 * The body repeats bsmAllDiscounted's formulas instead of calling it: building the result straight from locals
 * skips a round trip through a scratch array.
 */
export function greeks(input: OptionInput): Greeks {
  const { type, S, K, T, r, q, sigma } = input;
  if (!isValidOption(type, S, K, T, r, q, sigma)) throwForOption(type, S, K, T, r, q, sigma);
  const sqrtT = Math.sqrt(T);
  const v = sigma * sqrtT;
  const x = Math.log(S / K) + (r - q) * T;
  if (!isUsual(v, x)) return greeksFromScratch(type === 'call', S, K, T, r, q, sigma);
  if (T !== memo[0] || r !== memo[1] || q !== memo[2]) {
    memo[0] = T;
    memo[1] = r;
    memo[2] = q;
    memo[3] = q === 0 ? 1 : Math.exp(-q * T);
    memo[4] = r === 0 ? 1 : Math.exp(-r * T);
  }
  const dq = memo[3] as number;
  const dr = memo[4] as number;
  const sDq = S * dq;
  const kDr = K * dr;
  const inverseV = 1 / v;
  const forwardOverStrike = sDq / kDr;
  const sDqDensity = sDq * ONE_OVER_SQRT_TWO_PI;
  const d1 = x * inverseV + 0.5 * v;
  const g1 = fastExp(-0.5 * d1 * d1);
  const sign = type === 'call' ? 1 : -1;
  const n1 = normCdfFromGauss(sign * d1, g1);
  const n2 = normCdfFromGauss(sign * (d1 - v), g1 * forwardOverStrike);
  const kDrN2 = kDr * n2;
  return {
    delta: sign * dq * n1,
    gamma: ((dq * ONE_OVER_SQRT_TWO_PI * inverseV) / S) * g1,
    theta: -0.5 * sDqDensity * sigma * sigma * inverseV * g1 - sign * (r * kDrN2 - q * sDq * n1),
    vega: sDqDensity * sqrtT * g1,
    rho: sign * T * kDrN2,
    price: sign * (sDq * n1 - kDrN2),
  };
}

function greeksFromScratch(isCall: boolean, S: number, K: number, T: number, r: number, q: number, sigma: number): Greeks {
  bsmAll(isCall, S, K, T, r, q, sigma, scratch);
  return {
    delta: scratch[DELTA] as number,
    gamma: scratch[GAMMA] as number,
    theta: scratch[THETA] as number,
    vega: scratch[VEGA] as number,
    rho: scratch[RHO] as number,
    price: scratch[PRICE] as number,
  };
}
