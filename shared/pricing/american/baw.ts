/**
 * American options by the Barone-Adesi & Whaley (1987) quadratic approximation.
 *
 * The early-exercise premium solves the BSM PDE with the time derivative scaled away, giving
 *
 *   call: C = c(S) + A₂(S/Sc)^{q₂} for S < Sc, else S - K;  A₂ = (Sc/q₂)·(1 - e^{(b-r)T} Φ(d₁(Sc)))
 *   put:  P = p(S) + A₁(S/Sp)^{q₁} for S > Sp, else K - S;  A₁ = -(Sp/q₁)·(1 - e^{(b-r)T} Φ(-d₁(Sp)))
 *
 * with N = 2b/σ², M = 2r/σ², k = 1 - e^{-rT}, q₁,₂ = [-(N-1) ∓ √((N-1)² + 4M/k)]/2, and the critical prices
 * Sc, Sp found by Newton's method on the smooth-pasting condition from the Barone-Adesi-Whaley seed (as in Haug).
 * Early exercise is never optimal for calls with b >= r or puts with r <= 0: those return the BSM value.
 *
 * Units: S, K in currency; T in years; r, q continuously compounded (b = r - q); σ annualised.
 * References: G. Barone-Adesi & R. E. Whaley, "Efficient analytic approximation of American option values",
 * J. Finance 42 (1987) 301-320; E. G. Haug, "The Complete Guide to Option Pricing Formulas", 2nd ed. (2007), the chapter on American options.
 */
import { bsmPrice } from '../bsm';
import { normCdf, normPdf } from '../normal-distribution';

const TOLERANCE = 1e-12;
const MAXIMUM_ITERATIONS = 100;

/** 4M/k, with its limit 4·2/(σ²T) as r → 0 (k = 1 - e^{-rT} vanishes there). */
function fourMOverK(r: number, T: number, v2: number): number {
  return r === 0 ? 8 / (v2 * T) : (8 * r) / (v2 * -Math.expm1(-r * T));
}

function criticalCallPrice(K: number, T: number, r: number, b: number, sigma: number): number {
  const v2 = sigma * sigma;
  const n = (2 * b) / v2;
  const vT = sigma * Math.sqrt(T);
  const carry = Math.exp((b - r) * T);
  const q2u = (-(n - 1) + Math.sqrt((n - 1) * (n - 1) + (8 * r) / v2)) / 2;
  const su = K / (1 - 1 / q2u);
  // Seed of Barone-Adesi & Whaley; h <= 0 keeps it on the right side of K when carry is very negative.
  const h2 = Math.min((-(b * T + 2 * vT) * K) / (su - K), 0);
  let si = K + (su - K) * (1 - Math.exp(h2));
  const q2 = (-(n - 1) + Math.sqrt((n - 1) * (n - 1) + fourMOverK(r, T, v2))) / 2;
  for (let i = 0; i < MAXIMUM_ITERATIONS; i++) {
    const d1 = (Math.log(si / K) + (b + v2 / 2) * T) / vT;
    const nd1 = normCdf(d1);
    const lhs = si - K;
    const rhs = bsmPrice(true, si, K, T, r, r - b, sigma) + ((1 - carry * nd1) * si) / q2;
    if (Math.abs(lhs - rhs) / K < TOLERANCE) break;
    const slope = carry * nd1 * (1 - 1 / q2) + (1 - (carry * normPdf(d1)) / vT) / q2;
    const next = (K + rhs - slope * si) / (1 - slope);
    if (!(next > 0 && next < Infinity)) break;
    si = next;
  }
  return si;
}

function criticalPutPrice(K: number, T: number, r: number, b: number, sigma: number): number {
  const v2 = sigma * sigma;
  const n = (2 * b) / v2;
  const vT = sigma * Math.sqrt(T);
  const carry = Math.exp((b - r) * T);
  const q1u = (-(n - 1) - Math.sqrt((n - 1) * (n - 1) + (8 * r) / v2)) / 2;
  const su = K / (1 - 1 / q1u);
  const h1 = Math.min(((b * T - 2 * vT) * K) / (K - su), 0);
  let si = su + (K - su) * Math.exp(h1);
  const q1 = (-(n - 1) - Math.sqrt((n - 1) * (n - 1) + fourMOverK(r, T, v2))) / 2;
  for (let i = 0; i < MAXIMUM_ITERATIONS; i++) {
    const d1 = (Math.log(si / K) + (b + v2 / 2) * T) / vT;
    const nmd1 = normCdf(-d1);
    const lhs = K - si;
    const rhs = bsmPrice(false, si, K, T, r, r - b, sigma) - ((1 - carry * nmd1) * si) / q1;
    if (Math.abs(lhs - rhs) / K < TOLERANCE) break;
    const slope = -carry * nmd1 * (1 - 1 / q1) - (1 + (carry * normPdf(-d1)) / vT) / q1;
    const next = (K - rhs + slope * si) / (1 + slope);
    if (!(next > 0 && next < Infinity)) break;
    si = next;
  }
  return si;
}

/** Barone-Adesi-Whaley American price (unvalidated; T > 0, σ > 0). */
export function baroneAdesiWhaley(isCall: boolean, S: number, K: number, T: number, r: number, q: number, sigma: number): number {
  const b = r - q;
  const european = bsmPrice(isCall, S, K, T, r, q, sigma);
  const v2 = sigma * sigma;
  const n = (2 * b) / v2;
  const vT = sigma * Math.sqrt(T);
  const carry = Math.exp((b - r) * T);
  if (isCall) {
    if (b >= r) return european;
    const sStar = criticalCallPrice(K, T, r, b, sigma);
    if (S >= sStar) return S - K;
    const q2 = (-(n - 1) + Math.sqrt((n - 1) * (n - 1) + fourMOverK(r, T, v2))) / 2;
    const d1 = (Math.log(sStar / K) + (b + v2 / 2) * T) / vT;
    const a2 = (sStar / q2) * (1 - carry * normCdf(d1));
    return european + a2 * Math.pow(S / sStar, q2);
  }
  if (r <= 0) return european;
  const sStarStar = criticalPutPrice(K, T, r, b, sigma);
  if (S <= sStarStar) return K - S;
  const q1 = (-(n - 1) - Math.sqrt((n - 1) * (n - 1) + fourMOverK(r, T, v2))) / 2;
  const d1 = (Math.log(sStarStar / K) + (b + v2 / 2) * T) / vT;
  const a1 = -(sStarStar / q1) * (1 - carry * normCdf(-d1));
  return european + a1 * Math.pow(S / sStarStar, q1);
}
