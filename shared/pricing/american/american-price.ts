/**
 * American option price: validation, degenerate inputs and the choice of method.
 *
 * - 'alo' (default): the Andersen-Lake-Offengenden integral-equation method (alo.ts), within about 2e-6 of the
 *   strike of the exact value.
 * - 'bjerksund-stensland': Bjerksund-Stensland 2002 closed form, about 1e-3 relative of the true value.
 * - 'baw': Barone-Adesi-Whaley 1987 quadratic approximation.
 * - 'binomial': Leisen-Reimer tree with `steps` (default 501, rounded up to odd, at most 100000), for checking.
 *
 * T = 0 gives the intrinsic value. σ√T = 0 (T > 0) makes the path deterministic, S_t = S e^{(r-q)t}, so the
 * value is the best discounted exercise value over t ∈ [0, T]: max(0, max_t ±(S e^{-qt} - K e^{-rt})), whose
 * interior optimum is at e^{(r-q)t*} = rK/(qS).
 * Units: S, K in currency; T in years; r, q continuously compounded; σ annualised.
 */
import { bsmPrice, checkOptionFields } from '../bsm';
import type { AmericanInput } from '../types';
import { baroneAdesiWhaley } from './baw';
import { binomialPrice } from './binomial';
import { aloPutPremium, schemeFor } from './alo';
import type { Scheme } from './alo';
import { bjerksundStensland } from './bjerksund-stensland';

const DEFAULT_STEPS = 501;
/** Steps of the tree that prices the double-boundary case (see aloPrice). */
const DOUBLE_BOUNDARY_STEPS = 2001;
const MAXIMUM_STEPS = 100_000;

/**
 * The best time to exercise when σ√T = 0 (T > 0): the path is S e^{(r-q)t}, so the value is the largest
 * discounted exercise value ±(S e^{-qt} - K e^{-rt}) over t ∈ [0, T], or 0; the interior optimum, if any, is at
 * e^{(r-q)t*} = rK/(qS). Returns the time (NaN where never exercising is best, the value being 0).
 */
export function deterministicExerciseTime(isCall: boolean, S: number, K: number, T: number, r: number, q: number): number {
  const sign = isCall ? 1 : -1;
  const value = (t: number): number => sign * (S * Math.exp(-q * t) - K * Math.exp(-r * t));
  let best = 0;
  let time = NaN;
  if (value(0) > best) {
    best = value(0);
    time = 0;
  }
  if (value(T) > best) {
    best = value(T);
    time = T;
  }
  if (r !== q) {
    const tStar = Math.log((r * K) / (q * S)) / (r - q);
    if (tStar > 0 && tStar < T && value(tStar) > best) time = tStar;
  }
  return time;
}

function deterministicExercise(isCall: boolean, S: number, K: number, T: number, r: number, q: number): number {
  const time = deterministicExerciseTime(isCall, S, K, T, r, q);
  return time === time ? (isCall ? 1 : -1) * (S * Math.exp(-q * time) - K * Math.exp(-r * time)) : 0;
}

/**
 * American price by ALO (unvalidated; T > 0, σ > 0). A call is the put with S and K, r and q exchanged
 * (C(S, K, r, q) = P(K, S, q, r), McDonald & Schroder 1998). A put with r <= 0 and r <= q is never exercised
 * early: its European value. A put with q < r < 0 has two exercise boundaries (Andersen & Lake 2021), which this
 * engine does not solve: it is priced on a Leisen-Reimer tree of 2001 steps (within about 1e-5 of the strike).
 */
export function aloPrice(isCall: boolean, S: number, K: number, T: number, r: number, q: number, sigma: number, scheme: Scheme = schemeFor(T)): number {
  const spot = isCall ? K : S;
  const strike = isCall ? S : K;
  const rate = isCall ? q : r;
  const dividend = isCall ? r : q;
  const european = bsmPrice(isCall, S, K, T, r, q, sigma);
  if (rate <= 0 && rate <= dividend) return european;
  const intrinsic = Math.max(isCall ? S - K : K - S, 0);
  // The no-arbitrage bounds of an American option: at least the European and the intrinsic value, at most
  // what exercising after a crash or a spike could pay, the strike of a put (the spot of a call) grown at -r (-q).
  const lower = Math.max(european, intrinsic);
  const upper = strike * Math.max(1, Math.exp(-rate * T));
  if (rate <= 0) {
    const tree = binomialPrice(isCall, S, K, T, r, q, sigma, DOUBLE_BOUNDARY_STEPS, 'leisen-reimer');
    return tree >= lower ? Math.min(tree, upper) : lower;
  }
  return fromPremium(european, intrinsic, aloPutPremium(spot / strike, T, rate, dividend, sigma, scheme), strike, upper);
}

/**
 * The American value from the European value, the intrinsic value and the early-exercise premium per unit of
 * strike (NaN in the exercise region: the intrinsic value, exactly), kept within the bounds (far beyond the
 * tested range, σ√T in the tens, the boundary's few nodes no longer resolve it; the bounds keep the value sane).
 */
export function fromPremium(european: number, intrinsic: number, premium: number, strike: number, upper: number): number {
  if (premium !== premium) return Math.max(intrinsic, european);
  return Math.min(Math.max(Math.max(european, 0) + strike * Math.max(premium, 0), intrinsic), upper);
}

/**
 * American value by ALO for any T >= 0 and σ >= 0 (unvalidated): intrinsic at T = 0, the best deterministic
 * exercise at σ√T = 0, aloPrice otherwise.
 */
export function aloValue(isCall: boolean, S: number, K: number, T: number, r: number, q: number, sigma: number, scheme: Scheme = schemeFor(T)): number {
  if (T === 0) return isCall ? Math.max(S - K, 0) : Math.max(K - S, 0);
  if (!(sigma * Math.sqrt(T) > 0)) return deterministicExercise(isCall, S, K, T, r, q);
  return aloPrice(isCall, S, K, T, r, q, sigma, scheme);
}

/**
 * American option price. Throws RangeError on invalid input, an unknown method, or steps outside [1, 100000].
 */
export function americanPrice(input: AmericanInput): number {
  const { type, S, K, T, r, q, sigma } = input;
  checkOptionFields(type, S, K, T, r, q, sigma);
  const isCall = type === 'call';
  const method = input.method ?? 'alo';
  if (method !== 'alo' && method !== 'bjerksund-stensland' && method !== 'baw' && method !== 'binomial') {
    throw new RangeError(`method must be 'alo', 'bjerksund-stensland', 'baw' or 'binomial', got ${JSON.stringify(method)}`);
  }
  const steps = input.steps ?? DEFAULT_STEPS;
  // The tree is O(steps²) in time; the cap keeps a typo from hanging the caller (10⁵ steps take ~30 s).
  if (typeof steps !== 'number' || !(steps >= 1 && steps <= MAXIMUM_STEPS)) {
    throw new RangeError(`steps must be a number from 1 to ${MAXIMUM_STEPS}, got ${String(steps)}`);
  }
  if (T === 0) return isCall ? Math.max(S - K, 0) : Math.max(K - S, 0);
  if (!(sigma * Math.sqrt(T) > 0)) return deterministicExercise(isCall, S, K, T, r, q);
  if (method === 'baw') return baroneAdesiWhaley(isCall, S, K, T, r, q, sigma);
  if (method === 'binomial') return binomialPrice(isCall, S, K, T, r, q, sigma, steps, 'leisen-reimer');
  if (method === 'bjerksund-stensland') return bjerksundStensland(isCall, S, K, T, r, q, sigma);
  return aloPrice(isCall, S, K, T, r, q, sigma);
}
