/**
 * Implied volatility by P. Jäckel's "Let's Be Rational" (Wilmott, January 2015, 40-53).
 *
 * The premium is converted to the Black (forward) setting: F = S e^{(r-q)T}, undiscounted price P = price·e^{rT},
 * x = ln(F/K), β = P/√(FK). In-the-money options are mapped to their out-of-the-money counterparts by put-call
 * parity (the intrinsic value is subtracted) and puts to calls by x → -x, so the solver only sees
 * 0 < β < e^{x/2} with x <= 0.
 * It then finds s = σ√T with b(x, s) = β (see normalised-black.ts):
 *
 * 1. Initial guess from four branches split at s_l < s_c = √(2|x|) < s_h (the inflexion point s_c and its
 *    tangent's intercepts): rational cubic interpolation (Delbourgo-Gregory) of the inverse function in the two
 *    middle branches, and of the transformed functions f_lower(β) ≈ 2π|x|/√27·Φ(-|x|/(√3 s))³ and
 *    f_upper(β) = Φ(-s/2) in the outer ones, inverted in closed form.
 * 2. Two Householder(3) steps on an objective that is nearly linear in each branch: 1/ln(b) - 1/ln(β) low,
 *    b - β in the middle, ln((b_max - β)/(b_max - b)) high. Each step is
 *      s += ν·(1 + ½·h₂·ν)/(1 + ν·(h₂ + h₃·ν/6)),  ν = -g/g', h₂ = g''/g', h₃ = g'''/g'.
 *    A bracket is kept and bisection replaces a step that leaves it (only for |x| of several hundred).
 *
 * Two iterations reach full double precision in s (Jäckel 2015); there are no loops beyond that, so the solve
 * always terminates. Units: σ annualised, T in years, r and q continuous.
 *
 * Result conventions: impliedVolResult says which no-arbitrage bound a price breaks
 * (call: max(S e^{-qT} - K e^{-rT}, 0) <= price < S e^{-qT}; put: max(K e^{-rT} - S e^{-qT}, 0) <= price < K e^{-rT})
 * or that T = 0 (volatility has no effect); impliedVol, the number form for arrays and hot loops, gives NaN there.
 * Both give 0 when the price equals the lower bound exactly.
 */
import { normalisedBlackCall, normalisedIntrinsic, normalisedVega } from './normalised-black';
import { inverseNormCdf, normCdf, normPdf } from './normal-distribution';
import {
  convexControlParameterToFitSecondDerivativeAtLeftSide,
  convexControlParameterToFitSecondDerivativeAtRightSide,
  rationalCubicInterpolation,
} from './rational-cubic';
import type { ImpliedVolInput, ImpliedVolResult } from './types';
import { checkFinite, isFiniteNumber, isValidCommon, throwForCommon } from './validate';

const DBL_EPSILON = 2.220446049250313e-16;
const DBL_MIN = 2.2250738585072014e-308;
const DBL_MAX = Number.MAX_VALUE;
const SQRT_DBL_MAX = Math.sqrt(DBL_MAX);
const SQRT_THREE = 1.7320508075688772;
const SQRT_ONE_OVER_THREE = 0.5773502691896257;
const TWO_PI = 6.283185307179586;
const TWO_PI_OVER_SQRT_TWENTY_SEVEN = 1.2091995761561452;
const PI_OVER_SIX = 0.5235987755982989;
const SQRT_PI_OVER_TWO = 1.2533141373155003;
const MAXIMUM_ITERATIONS = 2;

function householderFactor(newton: number, halley: number, hh3: number): number {
  return (1 + 0.5 * halley * newton) / (1 + newton * (halley + (hh3 * newton) / 6));
}

// f_lower and its first two derivatives with respect to β, at s.
let fLower = 0,
  fLowerPrime = 0,
  fLowerSecond = 0;
function computeFLowerMap(x: number, s: number): void {
  const ax = Math.abs(x);
  const z = (SQRT_ONE_OVER_THREE * ax) / s;
  const y = z * z;
  const s2 = s * s;
  const Phi = normCdf(-z);
  const phi = normPdf(z);
  fLowerSecond = ((PI_OVER_SIX * y) / (s2 * s)) * Phi * (8 * SQRT_THREE * s * ax + ((3 * s2 * (s2 - 8) - 8 * x * x) * Phi) / phi) * Math.exp(2 * y + 0.25 * s2);
  const Phi2 = Phi * Phi;
  fLowerPrime = TWO_PI * y * Phi2 * Math.exp(y + 0.125 * s * s);
  fLower = TWO_PI_OVER_SQRT_TWENTY_SEVEN * ax * (Phi2 * Phi);
}

function inverseFLowerMap(x: number, f: number): number {
  return Math.abs(x / (SQRT_THREE * inverseNormCdf(Math.cbrt(f / (TWO_PI_OVER_SQRT_TWENTY_SEVEN * Math.abs(x))))));
}

let fUpper = 0,
  fUpperPrime = 0,
  fUpperSecond = 0;
function computeFUpperMap(x: number, s: number): void {
  fUpper = normCdf(-0.5 * s);
  const w = (x / s) * (x / s);
  fUpperPrime = -0.5 * Math.exp(0.5 * w);
  fUpperSecond = SQRT_PI_OVER_TWO * Math.exp(w + 0.125 * s * s) * (w / s);
}

function inverseFUpperMap(f: number): number {
  return -2 * inverseNormCdf(f);
}

/**
 * s = σ√T with b(x, s)·(put-call mapped) = β, for θ = +1 (call) or -1 (put). Assumes β is within the bounds;
 * returns 0 for β at or below the intrinsic value and NaN for β at or above the maximum.
 */
export function normalisedImpliedVolatility(beta: number, x: number, theta: number): number {
  if (theta * x > 0) {
    beta = Math.abs(Math.max(beta - normalisedIntrinsic(x, theta), 0));
    theta = -theta;
  }
  // A put is a call on the reciprocal strike: b_put(x, s) = b_call(-x, s).
  if (theta < 0) x = -x;
  if (!(beta > 0)) return beta === 0 ? 0 : NaN;
  const bMax = Math.exp(0.5 * x);
  if (beta >= bMax) return NaN;

  let iterations = 0;
  let directionReversalCount = 0;
  let f = -DBL_MAX;
  let s = -DBL_MAX;
  let ds = s;
  let dsPrevious = 0;
  let sLeft = DBL_MIN;
  let sRight = DBL_MAX;
  const sC = Math.sqrt(Math.abs(2 * x));
  const bC = normalisedBlackCall(x, sC);
  const vC = normalisedVega(x, sC);

  if (beta < bC) {
    const sL = sC - bC / vC;
    const bL = normalisedBlackCall(x, sL);
    if (beta < bL) {
      // Lowest branch: interpolate f_lower between (0, 0) and (b_l, f_lower(s_l)), then invert in closed form.
      computeFLowerMap(x, sL);
      const rLL = convexControlParameterToFitSecondDerivativeAtRightSide(0, bL, 0, fLower, 1, fLowerPrime, fLowerSecond, true);
      f = rationalCubicInterpolation(beta, 0, bL, 0, fLower, 1, fLowerPrime, rLL);
      if (!(f > 0)) {
        // Round-off for extreme |x|: quadratic through f(0) = 0, f(b_l) and f'(0) = 1 instead.
        const t = beta / bL;
        f = (fLower * t + bL * (1 - t)) * t;
      }
      s = inverseFLowerMap(x, f);
      sRight = sL;
      // Objective g(s) = 1/ln(b(s)) - 1/ln(β), almost linear in s down here.
      for (; iterations < MAXIMUM_ITERATIONS && Math.abs(ds) > DBL_EPSILON * s; ++iterations) {
        if (ds * dsPrevious < 0) ++directionReversalCount;
        if (iterations > 0 && (directionReversalCount === 3 || !(s > sLeft && s < sRight))) {
          s = 0.5 * (sLeft + sRight);
          if (sRight - sLeft <= DBL_EPSILON * s) break;
          directionReversalCount = 0;
          ds = 0;
        }
        dsPrevious = ds;
        const b = normalisedBlackCall(x, s);
        const bp = normalisedVega(x, s);
        if (b > beta && s < sRight) sRight = s;
        else if (b < beta && s > sLeft) sLeft = s;
        if (b <= 0 || bp <= 0) {
          ds = 0.5 * (sLeft + sRight) - s;
        } else {
          const lnB = Math.log(b);
          const lnBeta = Math.log(beta);
          const bpob = bp / b;
          const h = x / s;
          const bHalley = (h * h) / s - s / 4;
          const newton = ((lnBeta - lnB) * lnB) / lnBeta / bpob;
          const halley = bHalley - bpob * (1 + 2 / lnB);
          const bHh3 = bHalley * bHalley - 3 * (h / s) * (h / s) - 0.25;
          const hh3 = bHh3 + 2 * bpob * bpob * (1 + (3 / lnB) * (1 + 1 / lnB)) - 3 * bHalley * bpob * (1 + 2 / lnB);
          ds = newton * householderFactor(newton, halley, hh3);
        }
        ds = Math.max(-0.5 * s, ds);
        s += ds;
      }
      return s;
    }
    const vL = normalisedVega(x, sL);
    const rLM = convexControlParameterToFitSecondDerivativeAtRightSide(bL, bC, sL, sC, 1 / vL, 1 / vC, 0, false);
    s = rationalCubicInterpolation(beta, bL, bC, sL, sC, 1 / vL, 1 / vC, rLM);
    sLeft = sL;
    sRight = sC;
  } else {
    const sH = vC > DBL_MIN ? sC + (bMax - bC) / vC : sC;
    const bH = normalisedBlackCall(x, sH);
    if (beta <= bH) {
      const vH = normalisedVega(x, sH);
      const rHM = convexControlParameterToFitSecondDerivativeAtLeftSide(bC, bH, sC, sH, 1 / vC, 1 / vH, 0, false);
      s = rationalCubicInterpolation(beta, bC, bH, sC, sH, 1 / vC, 1 / vH, rHM);
      sLeft = sC;
      sRight = sH;
    } else {
      // Highest branch: interpolate f_upper between (b_h, f_upper(s_h)) and (b_max, 0), invert in closed form.
      computeFUpperMap(x, sH);
      if (fUpperSecond > -SQRT_DBL_MAX && fUpperSecond < SQRT_DBL_MAX) {
        const rHH = convexControlParameterToFitSecondDerivativeAtLeftSide(bH, bMax, fUpper, 0, fUpperPrime, -0.5, fUpperSecond, true);
        f = rationalCubicInterpolation(beta, bH, bMax, fUpper, 0, fUpperPrime, -0.5, rHH);
      }
      if (f <= 0) {
        // Quadratic through f(b_h), f(b_max) = 0 and f'(b_max) = -1/2 instead.
        const h = bMax - bH;
        const t = (beta - bH) / h;
        f = (fUpper * (1 - t) + 0.5 * h * t) * (1 - t);
      }
      s = inverseFUpperMap(f);
      sLeft = sH;
      if (beta > 0.5 * bMax) {
        // Objective g(s) = ln(b_max - β) - ln(b_max - b(s)), almost linear in s up here.
        for (; iterations < MAXIMUM_ITERATIONS && Math.abs(ds) > DBL_EPSILON * s; ++iterations) {
          if (ds * dsPrevious < 0) ++directionReversalCount;
          if (iterations > 0 && (directionReversalCount === 3 || !(s > sLeft && s < sRight))) {
            s = 0.5 * (sLeft + sRight);
            if (sRight - sLeft <= DBL_EPSILON * s) break;
            directionReversalCount = 0;
            ds = 0;
          }
          dsPrevious = ds;
          const b = normalisedBlackCall(x, s);
          const bp = normalisedVega(x, s);
          if (b > beta && s < sRight) sRight = s;
          else if (b < beta && s > sLeft) sLeft = s;
          if (b >= bMax || bp <= DBL_MIN) {
            ds = 0.5 * (sLeft + sRight) - s;
          } else {
            const bMaxMinusB = bMax - b;
            const g = Math.log((bMax - beta) / bMaxMinusB);
            const gp = bp / bMaxMinusB;
            const bHalley = ((x / s) * (x / s)) / s - s / 4;
            const bHh3 = bHalley * bHalley - 3 * (x / (s * s)) * (x / (s * s)) - 0.25;
            const newton = -g / gp;
            const halley = bHalley + gp;
            const hh3 = bHh3 + gp * (2 * gp + 3 * bHalley);
            ds = newton * householderFactor(newton, halley, hh3);
          }
          ds = Math.max(-0.5 * s, ds);
          s += ds;
        }
        return s;
      }
    }
  }
  // Middle branches: objective g(s) = b(s) - β.
  for (; iterations < MAXIMUM_ITERATIONS && Math.abs(ds) > DBL_EPSILON * s; ++iterations) {
    if (ds * dsPrevious < 0) ++directionReversalCount;
    if (iterations > 0 && (directionReversalCount === 3 || !(s > sLeft && s < sRight))) {
      s = 0.5 * (sLeft + sRight);
      if (sRight - sLeft <= DBL_EPSILON * s) break;
      directionReversalCount = 0;
      ds = 0;
    }
    dsPrevious = ds;
    const b = normalisedBlackCall(x, s);
    const bp = normalisedVega(x, s);
    if (b > beta && s < sRight) sRight = s;
    else if (b < beta && s > sLeft) sLeft = s;
    const newton = (beta - b) / bp;
    const halley = ((x / s) * (x / s)) / s - s / 4;
    const hh3 = halley * halley - 3 * (x / (s * s)) * (x / (s * s)) - 0.25;
    ds = Math.max(-0.5 * s, newton * householderFactor(newton, halley, hh3));
    s += ds;
  }
  return s;
}

/**
 * Unvalidated implied volatility from a discounted premium; NaN outside the no-arbitrage bounds or at T = 0.
 */
export function impliedVolUnchecked(isCall: boolean, S: number, K: number, T: number, r: number, q: number, premium: number): number {
  const dq = q === 0 ? 1 : Math.exp(-q * T);
  const dr = r === 0 ? 1 : Math.exp(-r * T);
  return impliedVolDiscounted(isCall, S, K, T, Math.sqrt(T), dq, dr, r, q, premium);
}

/**
 * impliedVolUnchecked with √T, e^{-qT} and e^{-rT} supplied (a chain computes them once per expiry).
 */
export function impliedVolDiscounted(
  isCall: boolean,
  S: number,
  K: number,
  T: number,
  sqrtT: number,
  dq: number,
  dr: number,
  r: number,
  q: number,
  premium: number,
): number {
  if (!(T > 0) || !(premium >= 0)) return NaN;
  const sDq = S * dq;
  const kDr = K * dr;
  const theta = isCall ? 1 : -1;
  const intrinsic = Math.max(theta * (sDq - kDr), 0);
  if (premium < intrinsic || premium >= (isCall ? sDq : kDr)) return NaN;
  const x = Math.log(S / K) + (r - q) * T;
  // In the money: solve for the out-of-the-money counterpart (put-call parity) on the time value, which is
  // taken off in discounted units, the units the premium was quoted in.
  let timeValue = premium;
  let otmTheta = theta;
  if (theta * x > 0) {
    timeValue = premium - intrinsic;
    otmTheta = -theta;
  }
  // β = undiscounted price / √(FK) = premium / √(S e^{-qT} · K e^{-rT}).
  const beta = timeValue / (Math.sqrt(sDq) * Math.sqrt(kDr));
  return normalisedImpliedVolatility(beta, x, otmTheta) / sqrtT;
}

/**
 * Black-Scholes-Merton implied volatility (annualised) of a European option premium. NaN when the premium is
 * outside the no-arbitrage bounds (see module doc) or T = 0; throws RangeError on invalid or non-finite input.
 */
export function impliedVol(input: ImpliedVolInput): number {
  const { type, S, K, T, r, q, price } = input;
  if (!(isValidCommon(type, S, K, T, r, q) && isFiniteNumber(price))) {
    throwForCommon(type, S, K, T, r, q);
    checkFinite('price', price);
  }
  return impliedVolUnchecked(type === 'call', S, K, T, r, q, price);
}

/** The no-arbitrage bounds of a European premium: lower <= premium < upper. */
export function europeanBounds(isCall: boolean, S: number, K: number, T: number, r: number, q: number): { lower: number; upper: number } {
  const sDq = S * Math.exp(-q * T);
  const kDr = K * Math.exp(-r * T);
  return { lower: Math.max(isCall ? sDq - kDr : kDr - sDq, 0), upper: isCall ? sDq : kDr };
}

/** The failure value for a premium outside [lower, upper) or at T = 0 (see ImpliedVolResult). */
export function outOfBounds(T: number, premium: number, lower: number, upper: number): ImpliedVolResult {
  const reason = !(T > 0) ? 'expired' : premium < lower ? 'below-lower-bound' : 'at-or-above-upper-bound';
  return { ok: false, reason, premium, lower, upper };
}

/**
 * impliedVol as a value: { ok: true, sigma }, or { ok: false, reason } saying which no-arbitrage bound the premium
 * breaks (or that T = 0), with the bounds. Throws RangeError on invalid or non-finite input, as impliedVol.
 */
export function impliedVolResult(input: ImpliedVolInput): ImpliedVolResult {
  const sigma = impliedVol(input);
  if (sigma === sigma) return { ok: true, sigma };
  const { type, S, K, T, r, q, price } = input;
  const { lower, upper } = europeanBounds(type === 'call', S, K, T, r, q);
  return outOfBounds(T, price, lower, upper);
}
