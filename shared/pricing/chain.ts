/**
 * Implied volatilities and Black-Scholes-Merton Greeks for a whole option chain held in typed arrays: one
 * underlying and expiry set, scalar S, r, q, and per contract a call/put flag, strike, time and either a market
 * premium (solve IV, then Greeks at that IV) or a volatility (price and Greeks at that vol).
 *
 * Same formulas and units as bsm.ts and implied-vol.ts (σ annualised, T in years, r and q continuous; theta
 * per year, vega per 1.00 of σ, rho per 1.00 of r). The loop allocates nothing when output arrays are passed in.
 */
import { bsmAllDiscounted, DELTA, GAMMA, PRICE, RHO, THETA, VEGA } from './bsm';
import { impliedVolDiscounted } from './implied-vol';
import { checkFinite, checkPositive } from './validate';

/**
 * One chain (per underlying, typically per expiry) in structure-of-arrays form. All per-contract arrays have
 * the same length n (the number of contracts); entry i of each describes contract i.
 *
 * Give exactly one of `price` (market mode) or `sigma` (model mode):
 * - market mode: IV is solved from `price[i]` (the mid); Greeks are computed at that IV. Where the premium is
 *   outside the no-arbitrage bounds, not finite, or T[i] = 0, the IV and all outputs for i are NaN.
 * - model mode: `sigma[i]` prices contract i; outputs are the price and Greeks at that vol.
 */
export interface ChainBatch {
  /** Spot price of the underlying, > 0 (shared by every contract). */
  S: number;
  /** Continuously compounded risk-free rate (shared). */
  r: number;
  /** Continuous dividend yield (shared). */
  q: number;
  /** Per contract: 1 = call, 0 = put. */
  isCall: Uint8Array;
  /** Per contract: strike, > 0. */
  K: Float64Array;
  /** Per contract: time to expiry in years, >= 0. */
  T: Float64Array;
  /** Per contract: market premium (mid), in market mode. */
  price?: Float64Array;
  /** Per contract: annualised volatility >= 0, in model mode. */
  sigma?: Float64Array;
}

/**
 * Results per contract, index-aligned with the batch. `iv` is the solved IV (market mode) or a copy of sigma
 * (model mode); `price` is the model price at that vol (in market mode it reproduces the mid to round-off).
 */
export interface ChainOutput {
  iv: Float64Array;
  price: Float64Array;
  delta: Float64Array;
  gamma: Float64Array;
  theta: Float64Array;
  vega: Float64Array;
  rho: Float64Array;
}

const OUTPUT_FIELDS = ['iv', 'price', 'delta', 'gamma', 'theta', 'vega', 'rho'] as const;

function outputArray(out: Partial<ChainOutput> | undefined, name: keyof ChainOutput, n: number): Float64Array {
  const given = out?.[name];
  if (given === undefined) return new Float64Array(n);
  if (!(given instanceof Float64Array) || given.length < n) {
    throw new RangeError(`out.${name} must be a Float64Array of length >= ${n}, got length ${String(given?.length)}`);
  }
  return given;
}

function checkLength(name: string, array: ArrayLike<number>, n: number): void {
  if (array.length !== n) throw new RangeError(`${name} must have length ${n} (as K), got ${array.length}`);
}

const scratch = new Float64Array(6);

/**
 * Implied volatility and Greeks (market mode) or price and Greeks (model mode) for every contract of a chain.
 * Pass `out` (any subset of the output arrays, each of length >= n) to reuse buffers; missing ones are
 * allocated. Throws RangeError on invalid scalars, mismatched lengths, a flag other than 0/1, K <= 0, T < 0,
 * a negative or non-finite sigma, or both/neither of price and sigma; a bad market price only yields NaN.
 */
export function chainGreeks(batch: ChainBatch, out?: Partial<ChainOutput>): ChainOutput {
  const { S, r, q, isCall, K, T, price, sigma } = batch;
  checkPositive('S', S);
  checkFinite('r', r);
  checkFinite('q', q);
  const n = K.length;
  checkLength('isCall', isCall, n);
  checkLength('T', T, n);
  if ((price === undefined) === (sigma === undefined)) {
    throw new RangeError('exactly one of price (market mode) or sigma (model mode) must be given');
  }
  if (price !== undefined) checkLength('price', price, n);
  if (sigma !== undefined) checkLength('sigma', sigma, n);
  for (let i = 0; i < n; i++) {
    const flag = isCall[i] as number;
    if (flag !== 0 && flag !== 1) throw new RangeError(`isCall[${i}] must be 0 (put) or 1 (call), got ${flag}`);
    const k = K[i] as number;
    if (!(k > 0 && k < Infinity)) throw new RangeError(`K[${i}] must be a positive finite number, got ${k}`);
    const t = T[i] as number;
    if (!(t >= 0 && t < Infinity)) throw new RangeError(`T[${i}] must be a non-negative finite number, got ${t}`);
    if (sigma !== undefined) {
      const v = sigma[i] as number;
      if (!(v >= 0 && v < Infinity)) throw new RangeError(`sigma[${i}] must be a non-negative finite number, got ${v}`);
    }
  }

  const result = {} as ChainOutput;
  for (const name of OUTPUT_FIELDS) result[name] = outputArray(out, name, n);
  const { iv, price: modelPrice, delta, gamma, theta, vega, rho } = result;

  // Chains come grouped by expiry: recompute √T and the discount factors only when T changes.
  let lastT = NaN, sqrtT = NaN, dq = NaN, dr = NaN;
  for (let i = 0; i < n; i++) {
    const call = isCall[i] === 1;
    const k = K[i] as number;
    const t = T[i] as number;
    if (t !== lastT) {
      lastT = t;
      sqrtT = Math.sqrt(t);
      dq = q === 0 ? 1 : Math.exp(-q * t);
      dr = r === 0 ? 1 : Math.exp(-r * t);
    }
    const vol = sigma !== undefined
      ? (sigma[i] as number)
      : impliedVolDiscounted(call, S, k, t, sqrtT, dq, dr, r, q, (price as Float64Array)[i] as number);
    iv[i] = vol;
    if (vol !== vol) {
      modelPrice[i] = NaN;
      delta[i] = NaN;
      gamma[i] = NaN;
      theta[i] = NaN;
      vega[i] = NaN;
      rho[i] = NaN;
      continue;
    }
    bsmAllDiscounted(call, S, k, t, sqrtT, dq, dr, r, q, vol, scratch);
    modelPrice[i] = scratch[PRICE] as number;
    delta[i] = scratch[DELTA] as number;
    gamma[i] = scratch[GAMMA] as number;
    theta[i] = scratch[THETA] as number;
    vega[i] = scratch[VEGA] as number;
    rho[i] = scratch[RHO] as number;
  }
  return result;
}
