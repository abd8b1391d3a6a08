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
 * Evaluation (bjerksundStenslandCall): the 20 bivariate normals M(h, k; ±ρ) = Φ(h)Φ(k) ± J share one fixed ρ, so
 * their quadratures J use precomputed nodes (one exponential per node, by fastExp); the first-period Φ values of
 * each γ serve its φ term and all its ψ terms; terms are dropped or simplified only where a bound proves the
 * change below 1e-17·max(S, K); and each quadrature's rule (12 to 24 points) is the smallest whose error bound
 * keeps the term within 3e-15·max(S, K). Over S/K 0.5-2, T 1 day-5 years, σ 5%-150%, r and q 0-10% the price
 * matches an independent transcription of Haug's formulas with Genz's general routine to 1.6e-13, and 40-digit
 * mpmath values to 7.4e-14 relative.
 *
 * Units: S, K in currency; T in years; r, q continuously compounded; σ annualised.
 * References: P. Bjerksund & G. Stensland, "Closed form valuation of American options", working paper, NHH
 * (2002); E. G. Haug, "The Complete Guide to Option Pricing Formulas", 2nd ed. (2007), the chapter on American options
 * (the formulas) and its bivariate normal routine (after Genz).
 */
import { bsmPrice } from '../bsm';
import { FixedCorrelationQuadrature } from '../bivariate-normal';
import type { RulePoints } from '../bivariate-normal';
import { fastExp, fastExpUnchecked } from '../fast-math';
import { normTailFromGauss } from '../normal-distribution';

const T1_FRACTION = 0.5 * (Math.sqrt(5) - 1);
const RHO = Math.sqrt(T1_FRACTION);

// The quadrature part J of M(h, k; ±ρ) (see FixedCorrelationQuadrature) by Gauss-Legendre rules of 12, 16, 20 or
// 24 points, all in one array: rule i (RULE_SIZES[i] points) occupies RULES[RULE_START[i] .. RULE_START[i + 1]).
const RULE_SIZES = [12, 16, 20, 24] as const;
const RULES = new Float64Array(3 * 72);
const RULE_START = new Int32Array(RULE_SIZES.length + 1);
for (let i = 0, offset = 0; i < RULE_SIZES.length; i++) {
  RULE_START[i] = offset;
  RULES.set(new FixedCorrelationQuadrature(RHO, RULE_SIZES[i] as RulePoints).nodes, offset);
  offset += 3 * (RULE_SIZES[i] as number);
  RULE_START[i + 1] = offset;
}

/**
 * Worst error of each rule relative to the bound of J (FixedCorrelationQuadrature.bound), log10, over all (h, k)
 * with c = (h² + k²)/2 in a band: rows for the bands [0, 1), [1, 1.5), [1.5, 2), [2, 3), ..., [768, 1024)
 * (see ruleIndex), columns for RULE_SIZES; measured against an 800-point rule (values near -14.5 are the limit
 * of that measurement). Gauss-Legendre in θ converges more slowly as c grows because the integrand's peak narrows: at
 * c = 100 the 12-point rule is only good to 1e-3 of the bound. That matters where the term carries a large
 * power coefficient (I/S)^κ (low σ, long T): the rule is then chosen to keep the term's error below
 * QUADRATURE_TOLERANCE·max(S, K).
 */
const RULE_ERROR_LOG10 = Float64Array.of(
  -13.9,
  -14.7,
  -14.8,
  -14.7,
  -13.5,
  -14.7,
  -14.8,
  -14.7,
  -13.2,
  -14.7,
  -14.8,
  -14.6,
  -12.8,
  -14.7,
  -14.8,
  -14.6,
  -12.5,
  -14.6,
  -14.8,
  -14.5,
  -12.1,
  -14.5,
  -14.7,
  -14.5,
  -11.6,
  -14.5,
  -14.7,
  -14.5,
  -10.8,
  -14.6,
  -14.6,
  -14.5,
  -10.1,
  -14.2,
  -14.7,
  -14.5,
  -8.8,
  -12.8,
  -14.5,
  -14.4,
  -7.7,
  -11.6,
  -14.5,
  -14.4,
  -6.1,
  -9.5,
  -13.2,
  -14.3,
  -5.1,
  -8.0,
  -11.4,
  -14.3,
  -3.9,
  -6.2,
  -8.8,
  -11.8,
  -3.2,
  -5.0,
  -7.3,
  -9.8,
  -2.4,
  -3.8,
  -5.4,
  -7.3,
  -2.0,
  -3.1,
  -4.4,
  -5.8,
  -1.6,
  -2.4,
  -3.3,
  -4.4,
  -1.4,
  -2.0,
  -2.7,
  -3.5,
  -1.3,
  -1.6,
  -2.1,
  -2.7,
  -1.2,
  -1.5,
  -1.8,
  -2.3,
);
/** x <= RULE_THRESHOLD[4·band + i] means rule i is accurate enough, x = |coefficient|·bound(J)/tolerance. */
const RULE_THRESHOLD = RULE_ERROR_LOG10.map((log10Error) => 10 ** -(log10Error + 0.2));
/** Each quadrature's error is kept below this fraction of max(S, K), the typical error of the 12-point rule. */
const QUADRATURE_TOLERANCE = 3e-15;
/**
 * A term c·M(h, k; ±ρ) is simplified when what the simplification drops is provably below this fraction of
 * max(S, K). In a typical chain this drops a quarter of the 20 bivariate normals (deep in- or out-of-the-money
 * barrier terms) and about 10% of the quadratures.
 */
const NEGLIGIBLE = 1e-17;
/** |J(a, c)| <= BOUND_WEIGHT·exp(largest exponent of the integrand) (FixedCorrelationQuadrature.bound). */
const BOUND_WEIGHT = Math.asin(RHO) / (2 * Math.PI);
/** Every node's exponent (sᵢa - c)/(1 - sᵢ²) is >= -(|a| + c)/(1 - ρ²) > -708 when |a| + c < 270. */
const SAFE_EXPONENT_RANGE = 270;

// Scratch space for one price (JavaScript runs one call at a time, and nothing here calls out). The work is done
// in flat passes over these arrays rather than through small functions, because V8 boxes every double returned
// by a call it does not inline, and there would be ~60 such calls per price.
const ARGS = new Float64Array(40);
const PHIS = new Float64Array(40);
const UPPERS = new Float64Array(40);
const TERM_H = new Float64Array(20);
const TERM_K = new Float64Array(20);
const TERM_PHI_H = new Float64Array(20);
const TERM_UPPER_H = new Float64Array(20);
const TERM_MULTIPLIER = new Float64Array(20);
const TERM_POSITIVE = new Uint8Array(20);
const QUADRATURE_A = new Float64Array(20);
const QUADRATURE_C = new Float64Array(20);
const QUADRATURE_COEFFICIENT = new Float64Array(20);
const QUADRATURE_RULE = new Int32Array(20);
const GAMMA_POWER2 = new Float64Array(3);
const GAMMA_POWER1 = new Float64Array(3);
const GAMMA_PHI_SCALE = new Float64Array(3);
const GAMMA_OUTER = new Float64Array(3);
const GAMMA_PSI_SCALE = new Float64Array(3);
const GAMMA_DRIFT_T = new Float64Array(3);

/**
 * PHIS[i] = Φ(ARGS[i]) and UPPERS[i] = 1 - Φ(ARGS[i]) for i < count, each to full relative accuracy (both come
 * from the smaller tail Φ(-|x|), which normTailFromGauss computes without cancellation).
 */
function fillNormCdfs(count: number): void {
  for (let i = 0; i < count; i++) {
    const x = ARGS[i] as number;
    const tail = normTailFromGauss(x, fastExp(-0.5 * x * x));
    PHIS[i] = x < 0 ? tail : 1 - tail;
    UPPERS[i] = x < 0 ? 1 - tail : tail;
  }
}

/**
 * The largest exponent -(h² + k² - 2s·hk)/(2(1 - s²)) of J's integrand over s ∈ [0, ρ], a = ±hk, c = (h² + k²)/2
 * (as in FixedCorrelationQuadrature.bound).
 */
function largestExponent(h: number, k: number, a: number, c: number): number {
  if (a <= 0) return -c;
  const hi = Math.max(Math.abs(h), Math.abs(k));
  return Math.min(Math.abs(h), Math.abs(k)) <= RHO * hi ? -0.5 * hi * hi : (a * RHO - c) / (1 - RHO * RHO);
}

/**
 * The smallest rule (index into RULE_SIZES) whose error is below the tolerance, given x = |coefficient|·bound(J)
 * divided by the tolerance; c's band is [0, 1), then [2^e, 1.5·2^e) and [1.5·2^e, 2^(e+1)) for e = 0..9. The
 * largest rule where none is enough (c of several hundred with a power coefficient beyond 1e30).
 */
function ruleIndex(c: number, x: number): number {
  if (!(c < 1024)) return RULE_SIZES.length - 1;
  let band = 0;
  if (c >= 1) {
    const e = 31 - Math.clz32(c);
    band = 1 + 2 * e + (c >= 1.5 * (1 << e) ? 1 : 0);
  }
  const row = band * RULE_SIZES.length;
  for (let i = 0; i < RULE_SIZES.length - 1; i++) {
    if (x <= (RULE_THRESHOLD[row + i] as number)) return i;
  }
  return RULE_SIZES.length - 1;
}

/** Σ coefficient_q·J(a_q, c_q) over the queued quadratures: one exponential per node. */
function quadratureSum(count: number): number {
  const rules = RULES;
  let total = 0;
  for (let q = 0; q < count; q++) {
    const a = QUADRATURE_A[q] as number;
    const c = QUADRATURE_C[q] as number;
    const rule = QUADRATURE_RULE[q] as number;
    const end = RULE_START[rule + 1] as number;
    let sum = 0;
    if (Math.abs(a) + c < SAFE_EXPONENT_RANGE) {
      for (let i = RULE_START[rule] as number; i < end; i += 3) {
        sum += (rules[i + 2] as number) * fastExpUnchecked((rules[i] as number) * a - (rules[i + 1] as number) * c);
      }
    } else {
      for (let i = RULE_START[rule] as number; i < end; i += 3) {
        sum += (rules[i + 2] as number) * fastExp((rules[i] as number) * a - (rules[i + 1] as number) * c);
      }
    }
    total += (QUADRATURE_COEFFICIENT[q] as number) * sum;
  }
  return total;
}

/**
 * M(h, k; ±ρ) at the model's correlation ρ = √(t₁/T), by the pricing's own code path (Φ(h)Φ(k) ± J, the rule
 * chosen for a unit coefficient and price scale); for tests.
 */
export function modelBivariateNormal(h: number, k: number, positive: boolean): number {
  const a = positive ? h * k : -h * k;
  const c = 0.5 * (h * h + k * k);
  QUADRATURE_A[0] = a;
  QUADRATURE_C[0] = c;
  QUADRATURE_COEFFICIENT[0] = positive ? 1 : -1;
  QUADRATURE_RULE[0] = ruleIndex(c, (BOUND_WEIGHT * fastExp(largestExponent(h, k, a, c))) / QUADRATURE_TOLERANCE);
  ARGS[0] = h;
  ARGS[1] = k;
  fillNormCdfs(2);
  return (PHIS[0] as number) * (PHIS[1] as number) + quadratureSum(1);
}

/**
 * Bjerksund-Stensland 2002 American call with cost of carry b (unvalidated; T > 0, σ > 0, S, K > 0).
 *
 *   C = α₂S^β + terms(β; α₂S^β, α₁S^β) - terms(1; S, S) + terms(0; K, K),
 *   terms(γ; c₂, c₁) = -c₂e^{λt₁}φ(γ, I₂) + c₁e^{λt₁}[φ(γ, I₁) - ψ(γ, I₁) + ψ(γ, K)]   (no ψ(γ, K) for γ = β)
 *
 * with φ(γ, I₁) = Φ(-e₁) - (I₂/S)^κ Φ(-e₂) sharing its Φ with ψ. It is assembled in passes over scratch arrays:
 * (1) per γ the coefficients and the 6 first-period Φ arguments, plus d₁, d₂ of the European floor; (2) those 20 Φ;
 * (3) the 20 bivariate terms c·M(h, k; ±ρ), dropping those with |c|·Φ(h) negligible (M <= Φ(h)); (4) Φ(k) for
 * the rest; (5) each M as Φ(k) where |c|·(1 - Φ(h)) is negligible, Φ(h) where |c|·(1 - Φ(k)) is, else
 * Φ(h)Φ(k) ± J, queueing J with its rule unless |c|·bound(J) is negligible; (6) the queued quadratures.
 */
export function bjerksundStenslandCall(S: number, K: number, T: number, r: number, b: number, sigma: number): number {
  // A call is never exercised early when b >= r (no dividend yield to give up): the European value.
  if (b >= r) return bsmPrice(true, S, K, T, r, r - b, sigma);
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
  // At or above the trigger I₂ the call is exercised at once. Exercising now, never exercising (European) and
  // the flat-boundary strategy are all feasible, so each is a lower bound of the American value; the best of them
  // is returned. (The floors bind only at extremes: σ of several hundred percent, or σ√T of a few percent with
  // |b| > σ, where the boundary is capped at B₀.)
  if (S >= i2) return Math.max(S - K, bsmPrice(true, S, K, T, r, r - b, sigma));

  // Logs relative to S: the formulas need only ln(S/I₁), ln(S/I₂) and ln(S/K).
  const lnSI1 = Math.log(S / i1);
  const lnSI2 = Math.log(S / i2);
  const lnSK = Math.log(S / K);
  const scale = Math.max(S, K);
  const negligible = NEGLIGIBLE * scale;
  const inverseTolerance = 1 / (QUADRATURE_TOLERANCE * scale);
  // α·S^β = (I - K)(S/I)^β, with (S/I)^β <= 1 below the trigger, so nothing overflows.
  const alpha1 = (i1 - K) * fastExp(beta * lnSI1);
  const alpha2 = (i2 - K) * fastExp(beta * lnSI2);
  const inverseVT1 = 1 / vT1;
  const inverseVT = 1 / vT;
  const reflected = lnSI1 - 2 * lnSI2; // 2 ln I₂ - ln S - ln I₁: ln(S/I₁) reflected in the barrier I₂
  // The growth factors e^{λt₁} and e^{λ(T - t₁)} of λ(γ) = -r + γb + ½γ(γ - 1)σ²: λ(β) = 0 exactly (β is the
  // positive root of ½σ²β(β - 1) + bβ - r = 0), λ(1) = b - r, λ(0) = -r; their products discount the European.
  const carryFirst = fastExp((b - r) * t1);
  const carrySecond = fastExp((b - r) * (T - t1));
  const discountFirst = fastExp(-r * t1);
  const discountSecond = fastExp(-r * (T - t1));

  // Pass 1: per γ, the coefficients (with the sign of terms(γ) in C) and the Φ arguments a₁, a₂ of φ(γ, I₂)
  // and -e₁..-e₄, at ARGS[6g..6g+5]; then d₁, d₂ of the European value at ARGS[18], ARGS[19].
  for (let g = 0; g < 3; g++) {
    const gamma = g === 0 ? beta : g === 1 ? 1 : 0;
    const kappa = (2 * b) / v2 + 2 * gamma - 1;
    const mu = b + (gamma - 0.5) * v2;
    const drift1 = mu * t1;
    const base = 6 * g;
    ARGS[base] = -(lnSI2 + drift1) * inverseVT1;
    ARGS[base + 1] = (lnSI2 - drift1) * inverseVT1;
    ARGS[base + 2] = -(lnSI1 + drift1) * inverseVT1;
    ARGS[base + 3] = -(reflected + drift1) * inverseVT1;
    ARGS[base + 4] = -(lnSI1 - drift1) * inverseVT1;
    ARGS[base + 5] = -(reflected - drift1) * inverseVT1;
    GAMMA_POWER2[g] = fastExp(-kappa * lnSI2); // (I₂/S)^κ
    GAMMA_POWER1[g] = fastExp(-kappa * lnSI1); // (I₁/S)^κ
    GAMMA_DRIFT_T[g] = mu * T;
    const growth = g === 0 ? 1 : g === 1 ? -carryFirst : discountFirst; // e^{λt₁}, with terms(1)'s minus sign
    GAMMA_PHI_SCALE[g] = growth * (g === 0 ? alpha2 : g === 1 ? S : K);
    GAMMA_OUTER[g] = growth * (g === 0 ? alpha1 : g === 1 ? S : K);
    GAMMA_PSI_SCALE[g] = g === 0 ? 1 : g === 1 ? carrySecond : discountSecond; // e^{λ(T - t₁)} rescales ψ to t₁
  }
  const d1 = (lnSK + (b + 0.5 * v2) * T) * inverseVT;
  ARGS[18] = d1;
  ARGS[19] = d1 - vT;
  // Pass 2: the 20 Φ; the European floor; the φ terms.
  fillNormCdfs(20);
  const european = S * carryFirst * carrySecond * (PHIS[18] as number) - K * discountFirst * discountSecond * (PHIS[19] as number);
  const floor = Math.max(S - K, european);
  let value = alpha2;
  // Pass 3: the bivariate terms of ψ(γ, I₁) (subtracted) and ψ(γ, K) (added), where
  //   ψ = e^{λ(T - t₁)}[M(-e₁,-f₁;ρ) - (I₂/S)^κ M(-e₂,-f₂;ρ) - (I₁/S)^κ M(-e₃,-f₃;-ρ) + (I₁/I₂)^κ M(-e₄,-f₄;-ρ)].
  let terms = 0;
  for (let g = 0; g < 3; g++) {
    const base = 6 * g;
    const power2 = GAMMA_POWER2[g] as number;
    const power1 = GAMMA_POWER1[g] as number;
    const outer = GAMMA_OUTER[g] as number;
    value -= (GAMMA_PHI_SCALE[g] as number) * ((PHIS[base] as number) - power2 * (PHIS[base + 1] as number));
    value += outer * ((PHIS[base + 2] as number) - power2 * (PHIS[base + 3] as number));
    const psiOuter = outer * (GAMMA_PSI_SCALE[g] as number);
    const driftT = GAMMA_DRIFT_T[g] as number;
    for (let pass = 0; pass < (g === 0 ? 1 : 2); pass++) {
      const lnSH = pass === 0 ? lnSI1 : lnSK;
      const coefficient = pass === 0 ? -psiOuter : psiOuter;
      for (let j = 0; j < 4; j++) {
        const multiplier = coefficient * (j === 0 ? 1 : j === 1 ? -power2 : j === 2 ? -power1 : power1 / power2);
        const phiH = PHIS[base + 2 + j] as number;
        // M <= Φ(h): a term bounded by a negligible amount is dropped (and its Φ(k) never computed).
        if (Math.abs(multiplier) * phiH <= negligible) continue;
        // f₁..f₄ share ln(S/H) + μT; f₂, f₃, f₄ reflect it in I₂, I₁, and both.
        const f = j === 0 ? lnSH : j === 1 ? lnSH - 2 * lnSI2 : j === 2 ? lnSH - 2 * lnSI1 : lnSH - 2 * (lnSI1 - lnSI2);
        TERM_H[terms] = ARGS[base + 2 + j] as number;
        TERM_K[terms] = -(f + driftT) * inverseVT;
        TERM_PHI_H[terms] = phiH;
        TERM_UPPER_H[terms] = UPPERS[base + 2 + j] as number;
        TERM_MULTIPLIER[terms] = multiplier;
        TERM_POSITIVE[terms] = j < 2 ? 1 : 0;
        terms++;
      }
    }
  }
  // Pass 4: Φ(k) of the remaining terms.
  for (let t = 0; t < terms; t++) ARGS[t] = TERM_K[t] as number;
  fillNormCdfs(terms);
  // Pass 5: each M from its Φ values, queueing the quadratures that matter.
  let queued = 0;
  for (let t = 0; t < terms; t++) {
    const h = TERM_H[t] as number;
    const k = TERM_K[t] as number;
    const nh = TERM_PHI_H[t] as number;
    const nk = PHIS[t] as number;
    const multiplier = TERM_MULTIPLIER[t] as number;
    const size = Math.abs(multiplier);
    // Whatever the correlation, |M - Φ(k)| <= 1 - Φ(h) and |M - Φ(h)| <= 1 - Φ(k): when that times the
    // coefficient is negligible, M is the other Φ. (This test must be absolute: the relative one used before,
    // 1 - Φ(h) <= 1e-17·Φ(k), dropped up to 7e-8 of the price where a power coefficient was large.)
    if (size * (TERM_UPPER_H[t] as number) <= negligible) {
      value += multiplier * nk;
      continue;
    }
    if (size * (UPPERS[t] as number) <= negligible) {
      value += multiplier * nh;
      continue;
    }
    value += multiplier * nh * nk;
    const positive = TERM_POSITIVE[t] === 1;
    const a = positive ? h * k : -h * k;
    const c = 0.5 * (h * h + k * k);
    const bound = size * BOUND_WEIGHT * fastExp(largestExponent(h, k, a, c)); // of |coefficient·J|
    if (!(bound > negligible)) continue;
    QUADRATURE_A[queued] = a;
    QUADRATURE_C[queued] = c;
    QUADRATURE_COEFFICIENT[queued] = positive ? multiplier : -multiplier;
    QUADRATURE_RULE[queued] = ruleIndex(c, bound * inverseTolerance);
    queued++;
  }
  // Pass 6: the quadratures.
  value += quadratureSum(queued);
  // Not finite only if a power overflows at absurd parameters (σ of a fraction of a percent); keep the floor.
  return Number.isFinite(value) ? Math.max(value, floor) : floor;
}

/**
 * Bjerksund-Stensland 2002 American price (unvalidated; T > 0, σ > 0). Puts by the put-call transformation.
 */
export function bjerksundStensland(isCall: boolean, S: number, K: number, T: number, r: number, q: number, sigma: number): number {
  const b = r - q;
  return isCall ? bjerksundStenslandCall(S, K, T, r, b, sigma) : bjerksundStenslandCall(K, S, T, r - b, -b, sigma);
}
