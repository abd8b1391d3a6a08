/**
 * American options by the Bjerksund-Stensland (2002) closed-form approximation.
 *
 * The exercise boundary of the call is approximated by two flat pieces, I₂ until the golden-ratio split time
 * t₁ = ½(√5 - 1)·T before expiry and I₁ after, and the value of that (slightly suboptimal, hence lower-bound)
 * exercise strategy is closed-form. With cost of carry b = r - q, β = (½ - b/σ²) + √((b/σ² - ½)² + 2r/σ²),
 * B∞ = β/(β-1)·K, B₀ = max(K, r/(r-b)·K), h(t) = -(b t + 2σ√t)·K²/((B∞ - B₀)B₀), I = B₀ + (B∞ - B₀)(1 - e^{h(t)}),
 * αᵢ = (Iᵢ - K)·Iᵢ^{-β}:
 *
 *   C = α₂S^β - α₂φ(S,t₁|β,I₂,I₂) + φ(S,t₁|1,I₂,I₂) - φ(S,t₁|1,I₁,I₂) - Kφ(S,t₁|0,I₂,I₂) + Kφ(S,t₁|0,I₁,I₂)
 *       + α₁φ(S,t₁|β,I₁,I₂) - α₁ψ(S,T|β,I₁,I₂,I₁,t₁) + ψ(S,T|1,I₁,I₂,I₁,t₁) - ψ(S,T|1,K,I₂,I₁,t₁)
 *       - Kψ(S,T|0,I₁,I₂,I₁,t₁) + Kψ(S,T|0,K,I₂,I₁,t₁)          (S < I₂; otherwise C = S - K)
 *
 * where φ is the single-barrier and ψ the two-barrier function of the paper (the latter needs the bivariate
 * normal M at correlation ±√(t₁/T), a constant ≈ 0.786). If b >= r early exercise of a call is never optimal and
 * C is the BSM value. Otherwise the result is floored at max(S - K, BSM value), since exercising now and never
 * exercising are feasible strategies too (the flat boundary loses to them only at extreme parameters), and h is
 * capped at 0 (the boundary is never below B₀). Puts use the put-call transformation
 * P(S, K, T, r, b, σ) = C(K, S, T, r - b, -b, σ).
 *
 * Units: S, K in currency; T in years; r, q continuously compounded; σ annualised.
 * References: P. Bjerksund & G. Stensland, "Closed form valuation of American options", working paper, NHH
 * (2002); E. G. Haug, "The Complete Guide to Option Pricing Formulas", 2nd ed. (2007), §3.3.
 */
import { bsmPrice } from '../bsm';
import { FixedCorrelationQuadrature } from '../bivariate-normal';
import { normCdfFromGauss } from '../normal-distribution';

const T1_FRACTION = 0.5 * (Math.sqrt(5) - 1);
const RHO = Math.sqrt(T1_FRACTION);
// Genz uses 20 points from |ρ| = 0.75 up; at this fixed ρ the 12-point rule is already accurate to ~2e-15.
const QUADRATURE = new FixedCorrelationQuadrature(RHO, 12);
const RELATIVE_NEGLIGIBLE = 1e-17;

function cdf(x: number): number {
  return normCdfFromGauss(x, Math.exp(-0.5 * x * x));
}

/**
 * M(h, k; ±ρ) given Φ(h) and Φ(k). Whatever the correlation, |M - Φ(k)| <= 1 - Φ(h), so when that is below
 * 1e-17·Φ(k) the result is Φ(k) to full relative accuracy (and symmetrically in k): the quadrature is skipped.
 */
function bivariate(h: number, k: number, nh: number, nk: number, positive: boolean): number {
  if (1 - nh <= RELATIVE_NEGLIGIBLE * nk) return nk;
  if (1 - nk <= RELATIVE_NEGLIGIBLE * nh) return nh;
  const c = 0.5 * (h * h + k * k);
  return positive ? nh * nk + QUADRATURE.integral(h * k, c) : nh * nk - QUADRATURE.integral(-h * k, c);
}

/**
 * The terms of C that share one γ, with coefficient magnitudes e^{lnC2} (on the I₂-strike φ) and e^{lnC1} (on
 * the rest), both including S^γ:  -e^{lnC2}·φ(γ, I₂) + e^{lnC1}·[φ(γ, I₁) - ψ(γ, I₁) + ψ(γ, K)], the last term
 * only when withStrike. The e-arguments and the I₁-strike φ share Φ values (φ(γ, I₁) has d₁ = -e₁, d₂ = -e₂).
 * Overflow of a power at absurd parameters makes the result non-finite, which the caller replaces by its floor.
 */
function gammaTerms(
  gamma: number, lnC2: number, lnC1: number, withStrike: boolean,
  lnS: number, lnK: number, lnI1: number, lnI2: number,
  r: number, b: number, v2: number, t1: number, T: number, vT1: number, vT: number,
): number {
  const lambda = -r + gamma * b + 0.5 * gamma * (gamma - 1) * v2;
  const kappa = (2 * b) / v2 + 2 * gamma - 1;
  const mu = b + (gamma - 0.5) * v2;
  const power2 = Math.exp(kappa * (lnI2 - lnS)); // (I₂/S)^κ
  const power1 = Math.exp(kappa * (lnI1 - lnS)); // (I₁/S)^κ
  const power12 = power1 / power2; // (I₁/I₂)^κ
  const drift1 = mu * t1;

  // φ(S, t₁ | γ, I₂, I₂)
  const a1 = -(lnS - lnI2 + drift1) / vT1;
  const a2 = -(lnI2 - lnS + drift1) / vT1;
  const total = -Math.exp(lnC2 + lambda * t1) * (cdf(a1) - power2 * cdf(a2));

  // φ(S, t₁ | γ, I₁, I₂) and the first-period arguments of ψ
  const e1 = (lnS - lnI1 + drift1) / vT1;
  const e2 = (2 * lnI2 - lnS - lnI1 + drift1) / vT1;
  const e3 = (lnS - lnI1 - drift1) / vT1;
  const e4 = (2 * lnI2 - lnS - lnI1 - drift1) / vT1;
  const n1 = cdf(-e1), n2 = cdf(-e2), n3 = cdf(-e3), n4 = cdf(-e4);
  let bracket = n1 - power2 * n2;

  // ψ(S, T | γ, H, I₂, I₁, t₁) for H = I₁ (subtracted) and H = K (added); e^{λ(T - t₁)} rescales to t₁
  const psiScale = Math.exp(lambda * (T - t1));
  const driftT = mu * T;
  for (let pass = 0; pass < (withStrike ? 2 : 1); pass++) {
    const lnH = pass === 0 ? lnI1 : lnK;
    const f1 = (lnS - lnH + driftT) / vT;
    const f2 = (2 * lnI2 - lnS - lnH + driftT) / vT;
    const f3 = (2 * lnI1 - lnS - lnH + driftT) / vT;
    const f4 = (lnS + 2 * lnI1 - lnH - 2 * lnI2 + driftT) / vT;
    const psi =
      bivariate(-e1, -f1, n1, cdf(-f1), true) -
      power2 * bivariate(-e2, -f2, n2, cdf(-f2), true) -
      power1 * bivariate(-e3, -f3, n3, cdf(-f3), false) +
      power12 * bivariate(-e4, -f4, n4, cdf(-f4), false);
    bracket += (pass === 0 ? -psiScale : psiScale) * psi;
  }
  return total + Math.exp(lnC1 + lambda * t1) * bracket;
}

/**
 * Bjerksund-Stensland 2002 American call with cost of carry b (unvalidated; T > 0, σ > 0, S, K > 0).
 */
export function bjerksundStenslandCall(S: number, K: number, T: number, r: number, b: number, sigma: number): number {
  const european = bsmPrice(true, S, K, T, r, r - b, sigma);
  if (b >= r) return european;
  const v2 = sigma * sigma;
  const t1 = T1_FRACTION * T;
  const bv = b / v2;
  const beta = 0.5 - bv + Math.sqrt((bv - 0.5) * (bv - 0.5) + (2 * r) / v2);
  const bInfinity = (beta / (beta - 1)) * K;
  const b0 = Math.max(K, (r / (r - b)) * K);
  const spread = bInfinity - b0;
  const hScale = (K * K) / (spread * b0);
  const vT1 = sigma * Math.sqrt(t1);
  const vT = sigma * Math.sqrt(T);
  // h > 0 (strongly negative carry, low σ) would put the boundary below B₀, where it never is: cap at B₀.
  const h1 = Math.min(-(b * t1 + 2 * vT1) * hScale, 0);
  const h2 = Math.min(-(b * T + 2 * vT) * hScale, 0);
  const i1 = b0 - spread * Math.expm1(h1);
  const i2 = b0 - spread * Math.expm1(h2);
  // Exercising now, never exercising (European) and the flat-boundary strategy are all feasible, so each is a
  // lower bound of the American value; the best of them is returned. The floors only bind at extremes (σ of
  // several hundred percent, or σ√T of a few percent with |b| > σ, where the boundary is capped at B₀).
  const floor = Math.max(S - K, european);
  if (S >= i2) return floor;

  const lnS = Math.log(S);
  const lnK = Math.log(K);
  const lnI1 = Math.log(i1);
  const lnI2 = Math.log(i2);
  // α·S^β kept in log space: S^β alone overflows for small σ.
  const lnAlpha1 = Math.log(i1 - K) + beta * (lnS - lnI1);
  const lnAlpha2 = Math.log(i2 - K) + beta * (lnS - lnI2);
  const value =
    Math.exp(lnAlpha2) +
    gammaTerms(beta, lnAlpha2, lnAlpha1, false, lnS, lnK, lnI1, lnI2, r, b, v2, t1, T, vT1, vT) -
    gammaTerms(1, lnS, lnS, true, lnS, lnK, lnI1, lnI2, r, b, v2, t1, T, vT1, vT) +
    gammaTerms(0, lnK, lnK, true, lnS, lnK, lnI1, lnI2, r, b, v2, t1, T, vT1, vT);
  // Not finite only if a power overflows at absurd parameters (σ of a fraction of a percent); keep the floor.
  return Number.isFinite(value) ? Math.max(value, floor) : floor;
}

/**
 * Bjerksund-Stensland 2002 American price (unvalidated; T > 0, σ > 0). Puts by the put-call transformation.
 */
export function bjerksundStensland(
  isCall: boolean, S: number, K: number, T: number, r: number, q: number, sigma: number,
): number {
  const b = r - q;
  return isCall ? bjerksundStenslandCall(S, K, T, r, b, sigma) : bjerksundStenslandCall(K, S, T, r - b, -b, sigma);
}
