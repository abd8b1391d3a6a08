/**
 * American prices (and Greeks, and implied volatilities) for a whole chain in typed arrays, by the
 * Andersen-Lake-Offengenden engine (alo.ts), in the same structure-of-arrays form as chainGreeks (chain.ts).
 *
 * What a chain shares:
 * - Per expiry and "family" (the puts, priced at (r, q); the calls, priced as puts at (q, r)), the quadrature
 *   nodes and weights and every term that depends only on T, r and q (discount factors at all quadrature
 *   points), computed once.
 * - The exercise boundary in units of the strike depends on σ but not on the strike. Within a family it is a
 *   smooth function of ln σ, so where a family has more than INTERPOLATE_ABOVE contracts the boundary is solved at
 *   SIGMA_NODES Chebyshev nodes in ln σ across the family's range of vols and interpolated (barycentric form) for
 *   each contract: each contract then costs one price integral. The interpolation's error is checked from the
 *   last Chebyshev coefficients of √H at every boundary node; where they exceed SIGMA_TAIL (a family whose
 *   boundaries vary too fast over its vols) every contract of the family is solved on its own instead. Measured
 *   against solving each contract alone: within 1e-8 of the strike on the test chains (see american.test.ts).
 * - Contracts whose premium is provably negligible (premiumBound) or that are never exercised early need no
 *   boundary at all, as in americanPrice.
 *
 * Greeks (unless `greeks: false`): delta and gamma from the price integral, theta, vega and rho by central
 * differences as americanGreeks (σ ± 1e-4·σ from the same interpolated boundaries; T ± 1e-4·T and r ± 1e-5 from
 * boundaries built again at the shifted parameter on the same nodes in σ). Market mode (price given): each
 * contract's implied volatility by americanImpliedVol, then its Greeks there, contract by contract.
 *
 * Units as everywhere: T in years, r and q continuous, σ annualised; theta per year, vega and rho per 1.00.
 */
import { bsmAll, DELTA, GAMMA, PRICE } from '../bsm';
import type { ChainBatch, ChainOutput } from '../chain';
import { chainOutputArrays, checkChainBatch } from '../chain';
import {
  loadBoundary,
  NEGLIGIBLE_PREMIUM,
  premiumBound,
  premiumDerivatives,
  premiumFromBoundary,
  schemeFor,
  setExpiry,
  solveBoundary,
  storeBoundary,
} from './alo';
import type { Scheme } from './alo';
import { americanGreeksUnchecked } from './american-greeks';
import { americanImpliedVolUnchecked } from './american-implied-vol';
import { aloValue, fromPremium } from './american-price';

/** Families with more contracts than this share boundaries interpolated in σ. */
const INTERPOLATE_ABOVE = 12;
/**
 * Chebyshev nodes in ln σ per family: a first try, then a second if the check fails. Puts with r >= q (the
 * boundary starts at the strike) need fewer than those with q > r (it starts at K·r/q).
 */
const SIGMA_NODES_FROM_STRIKE = [6, 12] as const;
const SIGMA_NODES = [8, 12] as const;
/** Largest difference (per unit of strike) between interpolated and solved premiums at the check points. */
const CHECK_TOLERANCE = 1e-8;
const SIGMA_STEP = 1e-4;
const TIME_STEP = 1e-4;
const RATE_STEP = 1e-5;

export interface AmericanChainOptions {
  /** Compute delta, gamma, theta, vega and rho too (default true); false fills them with NaN. */
  greeks?: boolean;
}

const european = new Float64Array(6);
const derivatives = new Float64Array(3);

/** What contract i needs: a boundary (family 0 puts, 1 calls), or nothing (the single-contract path). */
const NEEDS_NOTHING = -1;

/**
 * Boundaries of one family solved at `count` Chebyshev nodes in ln σ, stored as G = √H/σ (which varies far more
 * smoothly with σ than H, roughly proportional to σ² near expiry): node m's values occupy
 * values[m·(n+1) .. m·(n+1)+n]. `direct` when the family is priced contract by contract.
 */
interface Interpolant {
  direct: boolean;
  count: number;
  lnSigma: Float64Array;
  weights: Float64Array;
  values: Float64Array;
}

const MAX_NODES = SIGMA_NODES[SIGMA_NODES.length - 1] as number;
const barycentric = new Float64Array(MAX_NODES);
const boundary = new Float64Array(64);
/** Spots (per unit of strike, in put terms) at which the interpolation is checked. */
const CHECK_SPOTS = [0.8, 1, 1.25] as const;

function newInterpolant(): Interpolant {
  return { direct: true, count: 0, lnSigma: new Float64Array(MAX_NODES), weights: new Float64Array(MAX_NODES), values: new Float64Array(MAX_NODES * 64) };
}

/** Solves the family's boundaries at count Chebyshev nodes in ln σ over [low, high]. */
function solveNodes(scheme: Scheme, T: number, rate: number, dividend: number, low: number, high: number, count: number, into: Interpolant): void {
  const a = Math.log(low);
  const b = Math.log(high);
  const stride = scheme.n + 1;
  into.count = count;
  into.direct = false;
  for (let m = 0; m < count; m++) {
    const x = 0.5 * (a + b) + 0.5 * (b - a) * Math.cos(((2 * m + 1) * Math.PI) / (2 * count));
    into.lnSigma[m] = x;
    into.weights[m] = (m % 2 === 0 ? 1 : -1) * Math.sin(((2 * m + 1) * Math.PI) / (2 * count));
    const sigma = Math.exp(x);
    solveBoundary(scheme, T, rate, dividend, sigma);
    storeBoundary(scheme, boundary, 0);
    for (let k = 0; k < stride; k++) into.values[m * stride + k] = Math.sqrt(boundary[k] as number) / sigma;
  }
}

/**
 * Interpolation of the family's boundary in ln σ, checked: at σ a quarter of the way in from each end of the
 * range the premium at CHECK_SPOTS from the interpolated boundary must match a solved one to CHECK_TOLERANCE;
 * else more nodes, else every contract on its own (`direct`).
 */
function buildInterpolant(scheme: Scheme, T: number, rate: number, dividend: number, low: number, high: number, into: Interpolant): void {
  const X = dividend > rate ? rate / dividend : 1;
  for (const count of dividend > rate ? SIGMA_NODES : SIGMA_NODES_FROM_STRIKE) {
    solveNodes(scheme, T, rate, dividend, low, high, count, into);
    let worst = 0;
    for (const fraction of [0.125, 0.875]) {
      const sigma = Math.exp(Math.log(low) + fraction * Math.log(high / low));
      solveBoundary(scheme, T, rate, dividend, sigma);
      storeBoundary(scheme, boundary, 32);
      for (const spot of CHECK_SPOTS) {
        loadBoundary(scheme, boundary, 32);
        const solved = premiumFromBoundary(scheme, spot * X, rate, dividend, sigma);
        interpolateBoundary(scheme, sigma, into);
        const interpolated = premiumFromBoundary(scheme, spot * X, rate, dividend, sigma);
        if (solved !== solved && interpolated !== interpolated) continue; // both in the exercise region
        const difference = Math.abs(solved - interpolated);
        worst = Math.max(worst, difference === difference ? difference : Infinity);
      }
    }
    if (worst <= CHECK_TOLERANCE) return;
  }
  into.direct = true;
}

/** Loads the family's boundary at σ, interpolated: H_k = (σ·Σ_m w_m G_{m,k})² (barycentric weights in ln σ). */
function interpolateBoundary(scheme: Scheme, sigma: number, interpolant: Interpolant): void {
  const count = interpolant.count;
  const x = Math.log(sigma);
  let sum = 0;
  let exact = -1;
  for (let m = 0; m < count; m++) {
    const d = x - (interpolant.lnSigma[m] as number);
    if (d === 0) exact = m;
    const w = (interpolant.weights[m] as number) / d;
    barycentric[m] = w;
    sum += w;
  }
  const stride = scheme.n + 1;
  for (let k = 0; k < stride; k++) {
    let g = 0;
    if (exact >= 0) g = interpolant.values[exact * stride + k] as number;
    else {
      for (let m = 0; m < count; m++) g += (barycentric[m] as number) * (interpolant.values[m * stride + k] as number);
      g /= sum;
    }
    const root = sigma * g;
    boundary[k] = root * root;
  }
  loadBoundary(scheme, boundary, 0);
}

/** Loads the boundary at σ into alo.ts's state: interpolated, or solved when the family is priced one by one. */
function boundaryAt(scheme: Scheme, T: number, rate: number, dividend: number, sigma: number, interpolant: Interpolant): void {
  if (interpolant.direct) {
    solveBoundary(scheme, T, rate, dividend, sigma);
  } else {
    setExpiry(scheme, T, rate, dividend);
    interpolateBoundary(scheme, sigma, interpolant);
  }
}

/** The premium per unit of strike behind the last priceFromBoundary (NaN in the exercise region). */
let lastPremium = NaN;

/**
 * The American price from the boundary in alo.ts's state, as aloPrice computes it from a solved one (fromPremium).
 * Leaves the European price and Greeks in `european`.
 */
function priceFromBoundary(scheme: Scheme, isCall: boolean, S: number, K: number, T: number, r: number, q: number, sigma: number): number {
  const strike = isCall ? S : K;
  const s = isCall ? K / S : S / K;
  const rate = isCall ? q : r;
  const dividend = isCall ? r : q;
  const intrinsic = Math.max(isCall ? S - K : K - S, 0);
  const premium = premiumFromBoundary(scheme, s, rate, dividend, sigma);
  lastPremium = premium;
  bsmAll(isCall, S, K, T, r, q, sigma, european);
  return fromPremium(european[PRICE] as number, intrinsic, premium, strike, strike * Math.max(1, Math.exp(-rate * T)));
}

/**
 * American prices (model mode: `sigma` given) or implied volatilities (market mode: `price` given), and Greeks
 * unless `options.greeks` is false, for every contract of a chain; same batch and output shapes as chainGreeks.
 * Throws RangeError on a malformed batch; a premium outside the American bounds yields NaN for that contract.
 */
export function americanChain(batch: ChainBatch, out?: Partial<ChainOutput>, options: AmericanChainOptions = {}): ChainOutput {
  const n = checkChainBatch(batch);
  const result = chainOutputArrays(out, n);
  const withGreeks = options.greeks !== false;
  const { S, r, q, isCall, K, T, sigma, price } = batch;
  if (sigma === undefined) {
    marketChain(S, r, q, isCall, K, T, price as Float64Array, result, n, withGreeks);
    return result;
  }
  result.iv.set(sigma.subarray(0, n));
  // Contracts that need a boundary, by expiry and family; the rest are priced on the single-contract path.
  const family = new Int8Array(n);
  const exercised = new Uint8Array(n);
  const shifted = new Float64Array(n);
  // Keyed by T, one map per family (calls, puts).
  const groups = [new Map<number, number[]>(), new Map<number, number[]>()] as const;
  for (let i = 0; i < n; i++) {
    const call = isCall[i] === 1;
    const t = T[i] as number;
    const vol = sigma[i] as number;
    const rate = call ? q : r;
    const dividend = call ? r : q;
    const s = call ? (K[i] as number) / S : S / (K[i] as number);
    const needsBoundary = t > 0 && vol * Math.sqrt(t) > 0 && rate > 0 && !(dividend >= 0 && premiumBound(s, t, rate, dividend, vol) <= NEGLIGIBLE_PREMIUM);
    if (!needsBoundary) {
      family[i] = NEEDS_NOTHING;
      single(call, S, K[i] as number, t, r, q, vol, result, i, withGreeks);
      continue;
    }
    family[i] = call ? 1 : 0;
    const byExpiry = groups[call ? 1 : 0];
    const group = byExpiry.get(t);
    if (group === undefined) byExpiry.set(t, [i]);
    else group.push(i);
  }
  const interpolant = newInterpolant();
  for (const group of [...groups[0].values(), ...groups[1].values()]) {
    const first = group[0] as number;
    const call = family[first] === 1;
    const t = T[first] as number;
    const rate = call ? q : r;
    const dividend = call ? r : q;
    const scheme = schemeFor(t);
    let low = Infinity;
    let high = 0;
    for (const i of group) {
      low = Math.min(low, sigma[i] as number);
      high = Math.max(high, sigma[i] as number);
    }
    // Wide enough for vega's σ ± 1e-4·σ (also without Greeks, so that prices do not depend on the option).
    low *= 1 - SIGMA_STEP;
    high *= 1 + SIGMA_STEP;
    interpolant.direct = true;
    if (group.length > INTERPOLATE_ABOVE && high > low * (1 + 1e-9)) buildInterpolant(scheme, t, rate, dividend, low, high, interpolant);
    for (const i of group) {
      const vol = sigma[i] as number;
      const k = K[i] as number;
      boundaryAt(scheme, t, rate, dividend, vol, interpolant);
      result.price[i] = priceFromBoundary(scheme, call, S, k, t, r, q, vol);
      if (!withGreeks) {
        result.delta[i] = NaN;
        result.gamma[i] = NaN;
        result.theta[i] = NaN;
        result.vega[i] = NaN;
        result.rho[i] = NaN;
        continue;
      }
      // Delta, gamma and theta from the boundary just loaded.
      const premium = lastPremium;
      if (premium !== premium) {
        exercised[i] = 1;
        result.delta[i] = call ? 1 : -1;
        result.gamma[i] = 0;
        result.theta[i] = 0;
        result.vega[i] = 0;
        result.rho[i] = 0;
        continue;
      }
      const s = call ? k / S : S / k;
      premiumDerivatives(scheme, s, vol, derivatives);
      const delta = (european[DELTA] as number) + (call ? premium - s * (derivatives[1] as number) : (derivatives[1] as number));
      const gamma = (european[GAMMA] as number) + (call ? (s * s * (derivatives[2] as number)) / S : (derivatives[2] as number) / k);
      result.delta[i] = delta;
      result.gamma[i] = gamma;
      const dSigma = SIGMA_STEP * vol;
      boundaryAt(scheme, t, rate, dividend, vol + dSigma, interpolant);
      const up = priceFromBoundary(scheme, call, S, k, t, r, q, vol + dSigma);
      boundaryAt(scheme, t, rate, dividend, vol - dSigma, interpolant);
      const down = priceFromBoundary(scheme, call, S, k, t, r, q, vol - dSigma);
      result.vega[i] = (up - down) / (2 * dSigma);
    }
    if (!withGreeks) continue;
    // Theta and rho by central differences in T (the scheme of T kept) and r, over boundaries built again at the
    // shifted parameter with the family's nodes in σ, so that the interpolation error, smooth in T and r, cancels.
    const dT = TIME_STEP * t;
    shiftedValues(group, call, S, K, t - dT, r, q, sigma, scheme, low, high, interpolant, exercised, result.theta);
    shiftedValues(group, call, S, K, t + dT, r, q, sigma, scheme, low, high, interpolant, exercised, shifted);
    for (const i of group) if (exercised[i] !== 1) result.theta[i] = ((result.theta[i] as number) - (shifted[i] as number)) / (2 * dT);
    shiftedValues(group, call, S, K, t, r + RATE_STEP, q, sigma, scheme, low, high, interpolant, exercised, result.rho);
    shiftedValues(group, call, S, K, t, r - RATE_STEP, q, sigma, scheme, low, high, interpolant, exercised, shifted);
    for (const i of group) if (exercised[i] !== 1) result.rho[i] = ((result.rho[i] as number) - (shifted[i] as number)) / (2 * RATE_STEP);
  }
  return result;
}

/** Prices of a family's contracts (not exercised) at a shifted T or r, into values (by contract index). */
function shiftedValues(
  group: number[],
  call: boolean,
  S: number,
  K: Float64Array,
  t: number,
  r: number,
  q: number,
  sigma: Float64Array,
  scheme: Scheme,
  low: number,
  high: number,
  interpolant: Interpolant,
  exercised: Uint8Array,
  values: Float64Array,
): void {
  const rate = call ? q : r;
  const dividend = call ? r : q;
  if (!interpolant.direct) solveNodes(scheme, t, rate, dividend, low, high, interpolant.count, interpolant);
  for (const i of group) {
    if (exercised[i] === 1) continue;
    const vol = sigma[i] as number;
    boundaryAt(scheme, t, rate, dividend, vol, interpolant);
    values[i] = priceFromBoundary(scheme, call, S, K[i] as number, t, r, q, vol);
  }
}

/** A contract priced alone: no boundary needed (European, negligible premium, T = 0, σ = 0) or the tree case. */
function single(call: boolean, S: number, K: number, T: number, r: number, q: number, sigma: number, out: ChainOutput, i: number, withGreeks: boolean): void {
  if (!withGreeks) {
    out.price[i] = aloValue(call, S, K, T, r, q, sigma);
    out.delta[i] = NaN;
    out.gamma[i] = NaN;
    out.theta[i] = NaN;
    out.vega[i] = NaN;
    out.rho[i] = NaN;
    return;
  }
  const g = americanGreeksUnchecked(call, S, K, T, r, q, sigma);
  out.price[i] = g.price;
  out.delta[i] = g.delta;
  out.gamma[i] = g.gamma;
  out.theta[i] = g.theta;
  out.vega[i] = g.vega;
  out.rho[i] = g.rho;
}

/** Market mode: each contract's American implied volatility, then its price and Greeks there. */
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
  withGreeks: boolean,
): void {
  for (let i = 0; i < n; i++) {
    const call = isCall[i] === 1;
    const vol = americanImpliedVolUnchecked(call, S, K[i] as number, T[i] as number, r, q, mids[i] as number);
    out.iv[i] = vol;
    if (vol === vol) {
      single(call, S, K[i] as number, T[i] as number, r, q, vol, out, i, withGreeks);
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
