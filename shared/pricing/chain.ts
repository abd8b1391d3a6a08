/**
 * Implied volatilities and Black-Scholes-Merton Greeks for a whole option chain held in typed arrays: one
 * underlying and expiry set, scalar S, r, q, and per contract a call/put flag, strike, time and either a market
 * premium (solve IV, then Greeks at that IV) or a volatility (price and Greeks at that vol).
 *
 * Same formulas and units as bsm.ts and implied-vol.ts (σ annualised, T in years, r and q continuous; theta
 * per year, vega per 1.00 of σ, rho per 1.00 of r). The input arrays are checked once, up front; √T and the
 * discount factors are computed once per run of equal T; in model mode a call and a put with the same strike,
 * expiry and vol are priced together (see modelChain). Nothing is allocated per contract, and nothing at all
 * when output arrays are passed in (beyond a scratch array reused across calls).
 */
import { bsmIntoArrays, bsmPairIntoArrays, setExpiry } from './bsm';
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

/**
 * Checks a batch (RangeError naming field and index, as chainGreeks documents) and returns its length. Shared
 * with the American chain (american/american-chain.ts).
 */
export function checkChainBatch(batch: ChainBatch): number {
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
  return n;
}

/** The output arrays of a chain: those given in out (checked), the rest allocated. */
export function chainOutputArrays(out: Partial<ChainOutput> | undefined, n: number): ChainOutput {
  const result = {} as ChainOutput;
  for (const name of OUTPUT_FIELDS) result[name] = outputArray(out, name, n);
  return result;
}

/**
 * The contract arrays of one expiry's chain at a model volatility per strike: a call then a put at each strike, in strike
 * order (contract 2i is the call at strikes[i], 2i + 1 the put), all with time to expiry T.
 */
export function callPutBatch(strikes: readonly number[], T: number, volAt: (strike: number) => number): Pick<ChainBatch, 'isCall' | 'K' | 'T' | 'sigma'> {
  const n = strikes.length * 2;
  const isCall = new Uint8Array(n);
  const K = new Float64Array(n);
  const sigma = new Float64Array(n);
  strikes.forEach((k, i) => {
    const vol = volAt(k);
    isCall[2 * i] = 1;
    K[2 * i] = k;
    K[2 * i + 1] = k;
    sigma[2 * i] = vol;
    sigma[2 * i + 1] = vol;
  });
  return { isCall, K, T: new Float64Array(n).fill(T), sigma };
}

/**
 * Implied volatility and Greeks (market mode) or price and Greeks (model mode) for every contract of a chain.
 * Pass `out` (any subset of the output arrays, each of length >= n) to reuse buffers; missing ones are
 * allocated. Throws RangeError on invalid scalars, mismatched lengths, a flag other than 0/1, K <= 0, T < 0,
 * a negative or non-finite sigma, or both/neither of price and sigma; a bad market price only yields NaN.
 */
export function chainGreeks(batch: ChainBatch, out?: Partial<ChainOutput>): ChainOutput {
  const { S, r, q, isCall, K, T, price, sigma } = batch;
  const n = checkChainBatch(batch);
  const result = chainOutputArrays(out, n);
  if (sigma !== undefined) modelChain(S, r, q, isCall, K, T, sigma, result, n);
  else marketChain(S, r, q, isCall, K, T, price as Float64Array, result, n);
  return result;
}

// The loops below are separate functions, each with a single pricing call site: V8 compiles a long loop on the
// fly (on-stack replacement) with the feedback it has seen so far, and a call site the loop had not reached by
// then (say, the single-contract path of a chain that so far held only call/put pairs) makes that compiled loop
// bail out at it on every later call.

/** Market mode: IV from each mid, then the price and Greeks at that IV (NaN throughout where there is none). */
function marketChain(
  S: number,
  r: number,
  q: number,
  isCall: Uint8Array,
  K: Float64Array,
  T: Float64Array,
  mids: Float64Array,
  out: ChainOutput,
  n: number,
): void {
  const { iv } = out;
  // Chains come grouped by expiry: recompute √T and the discount factors only when T changes.
  let lastT = NaN,
    sqrtT = NaN,
    dq = NaN,
    dr = NaN;
  for (let i = 0; i < n; i++) {
    const call = isCall[i] === 1;
    const k = K[i] as number;
    const t = T[i] as number;
    if (t !== lastT) {
      lastT = t;
      sqrtT = Math.sqrt(t);
      dq = q === 0 ? 1 : Math.exp(-q * t);
      dr = r === 0 ? 1 : Math.exp(-r * t);
      setExpiry(S, t, sqrtT, dq, dr, r, q);
    }
    const vol = impliedVolDiscounted(call, S, k, t, sqrtT, dq, dr, r, q, mids[i] as number);
    iv[i] = vol;
    if (vol === vol) {
      bsmIntoArrays(call, K, iv, i, out);
    } else {
      out.price[i] = NaN;
      out.delta[i] = NaN;
      out.gamma[i] = NaN;
      out.theta[i] = NaN;
      out.vega[i] = NaN;
      out.rho[i] = NaN;
    }
  }
}

let partnerScratch = new Int32Array(0);

/**
 * Model mode. A call and a put on the same strike, expiry and vol share every intermediate (d1, d2, the Gaussian,
 * gamma, vega, and Φ(-d) = 1 - Φ(d)), so they are priced together for little more than the cost of one. Chains
 * come in one of two layouts: sorted by strike with each call next to its put, or all calls of an expiry followed
 * by all its puts in the same strike order (or puts first). At the start of each expiry the first contract of the
 * other type gives the offset between partners (1, or the size of the call block); each contract tries its partner
 * at that offset, then next to it. Everything else (no partner, or a different vol) is priced alone.
 */
function modelChain(
  S: number,
  r: number,
  q: number,
  isCall: Uint8Array,
  K: Float64Array,
  T: Float64Array,
  sigma: Float64Array,
  out: ChainOutput,
  n: number,
): void {
  out.iv.set(sigma.subarray(0, n));
  // partner[i]: the put of call i or the call of put i, once paired; -1 when priced alone; -2 not yet seen.
  if (partnerScratch.length < n) partnerScratch = new Int32Array(n);
  const partner = partnerScratch;
  partner.fill(-2, 0, n);
  let singles = 0;
  let offset = 0;
  let lastT = NaN;
  for (let i = 0; i < n; i++) {
    if (partner[i] !== -2) continue;
    const t = T[i] as number;
    if (t !== lastT) {
      lastT = t;
      offset = offsetOfOtherType(isCall, T, i, n);
    }
    let j = -1;
    if (offset > 0) {
      j = i + offset;
      if (!isPartner(isCall, K, T, sigma, partner, i, j, n)) {
        j = i + 1;
        if (!isPartner(isCall, K, T, sigma, partner, i, j, n)) j = -1;
      }
    }
    partner[i] = j;
    if (j >= 0) partner[j] = i;
    else singles++;
  }
  if (singles < n) pricePairs(S, r, q, isCall, K, T, sigma, partner, out, n);
  if (singles > 0) priceSingles(S, r, q, isCall, K, T, sigma, partner, out, n);
}

/**
 * Distance from contract i (the first of its expiry) to the first later contract of the other type with the same
 * expiry, or 0 if the expiry has none. Scans one expiry group once, so the pairing stays O(n).
 */
function offsetOfOtherType(isCall: Uint8Array, T: Float64Array, i: number, n: number): number {
  const t = T[i];
  const flag = isCall[i];
  for (let j = i + 1; j < n && T[j] === t; j++) {
    if (isCall[j] !== flag) return j - i;
  }
  return 0;
}

/** Whether j is a not yet paired contract of the other type with i's strike, expiry and vol. */
function isPartner(isCall: Uint8Array, K: Float64Array, T: Float64Array, sigma: Float64Array, partner: Int32Array, i: number, j: number, n: number): boolean {
  return j < n && partner[j] === -2 && isCall[j] !== isCall[i] && K[j] === K[i] && T[j] === T[i] && sigma[j] === sigma[i];
}

/** Prices every call/put pair (partner[i] > i), in chain order. */
function pricePairs(
  S: number,
  r: number,
  q: number,
  isCall: Uint8Array,
  K: Float64Array,
  T: Float64Array,
  sigma: Float64Array,
  partner: Int32Array,
  out: ChainOutput,
  n: number,
): void {
  let lastT = NaN;
  for (let i = 0; i < n; i++) {
    const j = partner[i] as number;
    if (j < i) continue;
    const t = T[i] as number;
    if (t !== lastT) {
      lastT = t;
      setExpiry(S, t, Math.sqrt(t), q === 0 ? 1 : Math.exp(-q * t), r === 0 ? 1 : Math.exp(-r * t), r, q);
    }
    if (isCall[i] === 1) bsmPairIntoArrays(K, sigma, i, j, out);
    else bsmPairIntoArrays(K, sigma, j, i, out);
  }
}

/** Prices every contract without a partner (partner[i] = -1), in chain order. */
function priceSingles(
  S: number,
  r: number,
  q: number,
  isCall: Uint8Array,
  K: Float64Array,
  T: Float64Array,
  sigma: Float64Array,
  partner: Int32Array,
  out: ChainOutput,
  n: number,
): void {
  let lastT = NaN;
  for (let i = 0; i < n; i++) {
    if (partner[i] !== -1) continue;
    const t = T[i] as number;
    if (t !== lastT) {
      lastT = t;
      setExpiry(S, t, Math.sqrt(t), q === 0 ? 1 : Math.exp(-q * t), r === 0 ? 1 : Math.exp(-r * t), r, q);
    }
    bsmIntoArrays(isCall[i] === 1, K, sigma, i, out);
  }
}
