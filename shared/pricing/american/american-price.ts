/**
 * American option price: validation, degenerate inputs and the choice of method.
 *
 * - 'bjerksund-stensland' (default): Bjerksund-Stensland 2002 closed form, about 1e-3 relative of the true value.
 * - 'baw': Barone-Adesi-Whaley 1987 quadratic approximation.
 * - 'binomial': Leisen-Reimer tree with `steps` (default 501, rounded up to odd, at most 100000), for checking.
 *
 * T = 0 gives the intrinsic value. σ√T = 0 (T > 0) makes the path deterministic, S_t = S e^{(r-q)t}, so the
 * value is the best discounted exercise value over t ∈ [0, T]: max(0, max_t ±(S e^{-qt} - K e^{-rt})), whose
 * interior optimum is at e^{(r-q)t*} = rK/(qS).
 * Units: S, K in currency; T in years; r, q continuously compounded; σ annualised.
 */
import { checkOptionFields } from '../bsm';
import type { AmericanInput } from '../types';
import { baroneAdesiWhaley } from './baw';
import { binomialPrice } from './binomial';
import { bjerksundStensland } from './bjerksund-stensland';

const DEFAULT_STEPS = 501;
const MAXIMUM_STEPS = 100_000;

function deterministicExercise(isCall: boolean, S: number, K: number, T: number, r: number, q: number): number {
  const sign = isCall ? 1 : -1;
  const value = (t: number): number => sign * (S * Math.exp(-q * t) - K * Math.exp(-r * t));
  let best = Math.max(0, value(0), value(T));
  if (r !== q) {
    const tStar = Math.log((r * K) / (q * S)) / (r - q);
    if (tStar > 0 && tStar < T) best = Math.max(best, value(tStar));
  }
  return best;
}

/**
 * American option price. Throws RangeError on invalid input, an unknown method, or steps outside [1, 100000].
 */
export function americanPrice(input: AmericanInput): number {
  const { type, S, K, T, r, q, sigma } = input;
  checkOptionFields(type, S, K, T, r, q, sigma);
  const isCall = type === 'call';
  const method = input.method ?? 'bjerksund-stensland';
  if (method !== 'bjerksund-stensland' && method !== 'baw' && method !== 'binomial') {
    throw new RangeError(`method must be 'bjerksund-stensland', 'baw' or 'binomial', got ${JSON.stringify(method)}`);
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
  return bjerksundStensland(isCall, S, K, T, r, q, sigma);
}
