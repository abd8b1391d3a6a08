/**
 * American options by the Andersen-Lake-Offengenden (ALO) method: the early-exercise boundary of the put solves
 * an integral equation, represented on Chebyshev nodes in √τ and solved by Newton's method; the price follows
 * from the boundary by one more integral. Calls come from puts by put-call symmetry (american-price.ts).
 *
 * Put, τ = time to expiry, strike 1 (the put is homogeneous of degree one in S and K; callers scale by K): the
 * boundary B(τ) solves (Kim 1990; ALO 2016, eq. (FP-B))
 *
 *   B(τ)·D(τ, B) = e^{-(r-q)τ}·N(τ, B),
 *   N(τ, B) = Φ(d₋(τ, B(τ))) + r ∫₀^τ e^{ru} Φ(d₋(τ-u, B(τ)/B(u))) du,
 *   D(τ, B) = Φ(d₊(τ, B(τ))) + q ∫₀^τ e^{qu} Φ(d₊(τ-u, B(τ)/B(u))) du,
 *   d±(t, z) = [ln z + (r - q)t]/(σ√t) ± σ√t/2,
 *
 * with B(0⁺) = X = min(1, r/q), and the price is the European put plus the early-exercise premium
 *
 *   P(S) = p(S) + ∫₀^T [r e^{-r(T-u)} Φ(-d₋(T-u, S/B(u))) - q S e^{-q(T-u)} Φ(-d₊(T-u, S/B(u)))] du,
 *
 * or 1 - S where S <= B(T) (exercise at once).
 *
 * Numerics:
 * - The boundary is stored as H(ζ) = ln(B/X)², ζ = √(τ/T), interpolated by a polynomial through the n + 1
 *   Chebyshev extrema z_k = -cos(kπ/n), ζ = (1 + z)/2 (ALO §4: in these variables a few nodes suffice); H(0) = 0.
 * - Every integral over u ∈ [0, τ] is taken in θ, u = τ sin²θ, τ - u = τ cos²θ, θ ∈ [0, π/2], by Gauss-Legendre:
 *   both √u (on which the interpolated boundary depends) and √(τ - u) (on which d± depends) are smooth in θ,
 *   where ALO and QuantLib integrate in √(τ - u) or in u and leave one of the two square roots. Every
 *   quadrature point sits at a fixed ζ whatever T is, so all interpolation weights are computed once, here.
 * - Initial guess: Li's QD+ approximation at each node (as ALO §5.2 and QuantLib's QdPlusAmericanEngine), by a
 *   fixed number of Halley steps in ln S, each node starting from a power-law extrapolation of the previous two.
 * - ALO iterate the fixed point B ← e^{-(r-q)τ}N/D, whose convergence slows with maturity (tens of iterations
 *   for a 5-year contract at 1e-6). Here Newton's method solves the discretised system R_i = B_i·D_i -
 *   e^{-(r-q)τ_i}·N_i = 0 with the exact Jacobian of the discretisation: the derivative of each kernel with
 *   respect to the boundary at its quadrature point, spread over the nodes by the interpolation weights. Near
 *   u = 0 the derivative of √H is unbounded (H → 0); there it is capped, which keeps the convergence quadratic in
 *   practice. Two steps from QD+, the first on a coarser quadrature (at most four points per integral, which
 *   changes the step's outcome by less than the second step removes), land within 1.5e-7 of the strike of the
 *   fully converged discrete price on the whole reference set (five points: the same; three: 3.5e-6; one step
 *   alone: 3e-5), far inside the discretisation's own error.
 * - The price is a fixed sequence of smooth operations of σ, r, q, S and T (no iteration stops at a tolerance
 *   on the usual path), so finite differences of it are clean and the implied volatility inverts it exactly.
 * - Node i's integral has min(l, 2 + i) points (the short ones near expiry need few), and the number of nodes
 *   and points grows with maturity (schemeFor): a short-dated boundary is simple.
 * - A put whose premium is provably below 1e-10 of the strike (premiumBound) is not solved at all.
 *
 * Units: S, K in currency; T in years; r, q continuously compounded; σ annualised.
 * References: L. Andersen, M. Lake & D. Offengenden, "High-performance American option pricing", J. Computational
 * Finance 20(1) (2016) 39-87; I. J. Kim, "The analytic valuation of American options", Review of Financial
 * Studies 3 (1990) 547-572; M. Li, "Analytical approximations for the critical stock prices of American options:
 * a performance comparison", Review of Derivatives Research 13 (2010) 75-99 (QD+); K. Spanderen, QuantLib 1.29,
 * ql/pricingengines/vanilla/qdfpamericanengine.cpp and qdplusamericanengine.cpp (2022).
 */
import { bsmPrice } from '../bsm';
import { fastExp, fastExpUnchecked } from '../fast-math';
import { normCdfFromGauss, ONE_OVER_SQRT_TWO_PI, SQRT_TWO_PI } from '../normal-distribution';

/**
 * Newton's method takes two steps; more (up to MAX_NEWTON) only where the second still moved some node's H by
 * more than this, relative to H(T), which no contract of the test grids needs.
 */
const NEWTON_TOLERANCE = 1e-2;
const MAX_NEWTON = 8;
/**
 * Halley steps for QD+ at the first node (from X·e^{-3σ√τ}) and at the others (from the extrapolation): with one
 * at the others, high-volatility puts with q > r come out of the two Newton steps up to 1.4e-6 of the strike from
 * the converged boundary; with two, 6e-8.
 */
const QD_FIRST_STEPS = 2;
const QD_STEPS = 2;

/** Gauss-Legendre nodes and weights on [-1, 1] (Newton's method on the Legendre polynomial). */
export function gaussLegendre(n: number): { x: Float64Array; w: Float64Array } {
  const x = new Float64Array(n);
  const w = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let z = Math.cos((Math.PI * (i + 0.75)) / (n + 0.5));
    let derivative = 0;
    for (let iteration = 0; iteration < 100; iteration++) {
      let p0 = 1;
      let p1 = z;
      for (let k = 2; k <= n; k++) {
        const p2 = ((2 * k - 1) * z * p1 - (k - 1) * p0) / k;
        p0 = p1;
        p1 = p2;
      }
      derivative = (n * (z * p1 - p0)) / (z * z - 1);
      const change = p1 / derivative;
      z -= change;
      if (Math.abs(change) <= 1e-16) break;
    }
    x[n - 1 - i] = z;
    w[n - 1 - i] = 2 / ((1 - z * z) * derivative * derivative);
  }
  return { x, w };
}

/**
 * A discretisation: n Chebyshev intervals (nodes 0..n, node 0 fixed at τ = 0), l Gauss-Legendre points per
 * boundary integral, p for the price. Fixed-point point j of node i (1..n) is at index (i-1)·l + j.
 */
export interface Scheme {
  n: number;
  l: number;
  p: number;
  /** Node i's fixed-point points are start[i-1] .. start[i]-1 (node i has fewer points the nearer it is to expiry). */
  start: Int32Array;
  /** All fixed-point points: start[n]. */
  points: number;
  /** τ_i/T = ζ_i² and ζ_i = √(τ_i/T), i = 0..n. */
  nodeZeta2: Float64Array;
  nodeZeta: Float64Array;
  /** u/T, (τ_i - u)/T, √((τ_i - u)/T) and the weight of du/T at each fixed-point point. */
  fpU: Float64Array;
  fpDt: Float64Array;
  fpSqrtDt: Float64Array;
  fpW: Float64Array;
  /** 1/(√(2π)·√((τ_i - u)/T)) at each fixed-point point (the density's factor over √(τ_i - u), before 1/√T). */
  fpDensityOverSqrtDt: Float64Array;
  /** Interpolation weights of nodes 1..n at each fixed-point point (n per point). */
  fpInterp: Float64Array;
  /** (T - u)/T, its square root and the weight of du/T at each price point, and their interpolation weights. */
  prDt: Float64Array;
  prSqrtDt: Float64Array;
  prW: Float64Array;
  prInterp: Float64Array;
  /** ln(ζ_i/ζ_{i-1})/ln(ζ_{i-1}/ζ_{i-2}): the exponent of the power-law extrapolation of QD+ starts. */
  growth: Float64Array;
  /** The same nodes with at most four points per integral, for the first Newton step (none when l <= 6). */
  coarse: Scheme | undefined;
  /** Its terms for the (T, r, q) last set by setExpiry. */
  terms: ExpiryTerms;
}

/**
 * The terms of a scheme that depend on T, r and q only, kept while those stay the same (chains are priced expiry
 * by expiry): at fixed-point point ij, r·e^{ru}·weight and q·e^{qu}·weight, (r - q)(τ_i - u), √(τ_i - u) and
 * φ-normalised 1/√(τ_i - u); at node i, √τ_i, (r - q)τ_i, e^{-(r-q)τ_i}, e^{-rτ_i}, e^{-qτ_i}, 1 - e^{-rτ_i}; at
 * price point j, r·e^{-rt}·weight, q·e^{-qt}·weight, (r - q)t and √t (t = T - u).
 */
interface ExpiryTerms {
  T: number;
  r: number;
  q: number;
  fpDiscR: Float64Array;
  fpDiscQ: Float64Array;
  fpDrift: Float64Array;
  fpSqrtDt: Float64Array;
  fpDensityOverSqrtDt: Float64Array;
  nodeSqrtTau: Float64Array;
  nodeDrift: Float64Array;
  nodeAlpha: Float64Array;
  nodeDr: Float64Array;
  nodeDq: Float64Array;
  nodeOneMinusDr: Float64Array;
  prDiscR: Float64Array;
  prDiscQ: Float64Array;
  prDrift: Float64Array;
  prSqrtT: Float64Array;
}

function makeScheme(n: number, l: number, p: number, coarse: boolean): Scheme {
  const lMin = 3;
  const nodeZ = Float64Array.from({ length: n + 1 }, (_, k) => -Math.cos((k * Math.PI) / n));
  // Barycentric weights of the Chebyshev extrema: (-1)^k, halved at both ends.
  const interpolate = (z: number, out: Float64Array, offset: number): void => {
    const raw = new Float64Array(n + 1);
    let exact = -1;
    let sum = 0;
    for (let k = 0; k <= n; k++) {
      if (z === nodeZ[k]) exact = k;
      raw[k] = ((k % 2 === 0 ? 1 : -1) * (k === 0 || k === n ? 0.5 : 1)) / (z - (nodeZ[k] as number));
      sum += raw[k] as number;
    }
    for (let k = 1; k <= n; k++) out[offset + k - 1] = exact >= 0 ? (k === exact ? 1 : 0) : (raw[k] as number) / sum;
  };
  const start = new Int32Array(n + 1);
  for (let i = 1; i <= n; i++) start[i] = (start[i - 1] as number) + Math.min(l, lMin + i - 1);
  const points = start[n] as number;
  const scheme: Scheme = {
    n,
    l,
    p,
    start,
    points,
    nodeZeta2: nodeZ.map((z) => ((1 + z) / 2) ** 2),
    nodeZeta: nodeZ.map((z) => (1 + z) / 2),
    fpU: new Float64Array(points),
    fpDt: new Float64Array(points),
    fpSqrtDt: new Float64Array(points),
    fpW: new Float64Array(points),
    fpDensityOverSqrtDt: new Float64Array(points),
    fpInterp: new Float64Array(points * n),
    prDt: new Float64Array(p),
    prSqrtDt: new Float64Array(p),
    prW: new Float64Array(p),
    prInterp: new Float64Array(p * n),
    growth: new Float64Array(n + 1),
    coarse: coarse && l > 6 ? makeScheme(n, 4, p, false) : undefined,
    terms: {
      T: NaN,
      r: NaN,
      q: NaN,
      fpDiscR: new Float64Array(points),
      fpDiscQ: new Float64Array(points),
      fpDrift: new Float64Array(points),
      fpSqrtDt: new Float64Array(points),
      fpDensityOverSqrtDt: new Float64Array(points),
      nodeSqrtTau: new Float64Array(n + 1),
      nodeDrift: new Float64Array(n + 1),
      nodeAlpha: new Float64Array(n + 1),
      nodeDr: new Float64Array(n + 1),
      nodeDq: new Float64Array(n + 1),
      nodeOneMinusDr: new Float64Array(n + 1),
      prDiscR: new Float64Array(p),
      prDiscQ: new Float64Array(p),
      prDrift: new Float64Array(p),
      prSqrtT: new Float64Array(p),
    },
  };
  const zetaOf = (k: number): number => (1 + (nodeZ[k] as number)) / 2;
  for (let i = 3; i <= n; i++) scheme.growth[i] = Math.log(zetaOf(i) / zetaOf(i - 1)) / Math.log(zetaOf(i - 1) / zetaOf(i - 2));
  for (let i = 1; i <= n; i++) {
    const zeta = (1 + (nodeZ[i] as number)) / 2;
    const count = (start[i] as number) - (start[i - 1] as number);
    const rule = gaussLegendre(count);
    for (let j = 0; j < count; j++) {
      const theta = (Math.PI / 4) * (1 + (rule.x[j] as number));
      const s = Math.sin(theta);
      const c = Math.cos(theta);
      const ij = (start[i - 1] as number) + j;
      scheme.fpU[ij] = zeta * zeta * s * s;
      scheme.fpDt[ij] = zeta * zeta * c * c;
      scheme.fpSqrtDt[ij] = zeta * c;
      scheme.fpDensityOverSqrtDt[ij] = ONE_OVER_SQRT_TWO_PI / (zeta * c);
      scheme.fpW[ij] = (rule.w[j] as number) * (Math.PI / 4) * 2 * zeta * zeta * s * c;
      interpolate(2 * zeta * s - 1, scheme.fpInterp, ij * n);
    }
  }
  const pr = gaussLegendre(p);
  for (let j = 0; j < p; j++) {
    const theta = (Math.PI / 4) * (1 + (pr.x[j] as number));
    const s = Math.sin(theta);
    const c = Math.cos(theta);
    scheme.prDt[j] = c * c;
    scheme.prSqrtDt[j] = c;
    scheme.prW[j] = (pr.w[j] as number) * (Math.PI / 4) * 2 * s * c;
    interpolate(2 * s - 1, scheme.prInterp, j * n);
  }
  return scheme;
}

/**
 * Schemes by maturity (n, l, p, and l_i = min(l, 2 + i) at node i): up to a month, three months, a year, two years,
 * beyond. Chosen as the cheapest that keep the whole reference set (10,640 grid and random contracts, T to five
 * years, σ to 150%) within about 2e-6 of the strike (worst 1.6e-6, against the 5e-6 required; see
 * shared/pricing/README.md): beyond a month one node and, beyond three months, four price points fewer than the
 * earlier 1e-6 choice (6, 6, 14), (7, 7, 20), (9, 8, 24) (about 15% more CPU time a price on the bench's hard grid,
 * in one comparison on a loaded machine). From one to two years eight nodes suffice (worst 7.9e-7 of the strike
 * there, against 1.1e-6 with nine; about 14% less CPU time for those contracts).
 */
const VERY_SHORT = makeScheme(4, 5, 12, true);
const SHORT = makeScheme(5, 6, 14, true);
const MEDIUM = makeScheme(6, 7, 16, true);
const TWO_YEARS = makeScheme(8, 8, 20, true);
const LONG = makeScheme(9, 8, 20, true);
/** Largest n, l and p a scheme may have (the workspace's size). */
export const MAX_N = 16;
export const MAX_L = 16;
export const MAX_P = 48;

export function schemeFor(T: number): Scheme {
  return T <= 31 / 365 ? VERY_SHORT : T <= 0.25 ? SHORT : T <= 1 ? MEDIUM : T <= 2 ? TWO_YEARS : LONG;
}

/**
 * Sets the per-expiry terms of the scheme (and its coarse companion) for (T, r, q); a no-op when already set.
 * This runs once per contract when contracts come one by one, so it is kept lean: the coarse companion has the
 * same nodes and copies their terms, and the exponentials at the quadrature points skip fastExp's range check
 * (their arguments are clamped to ±700, which only matters where r·T or q·T exceeds 700 and the price is bounded
 * by the no-arbitrage limits anyway).
 */
export function setExpiry(scheme: Scheme, T: number, r: number, q: number): void {
  const t = scheme.terms;
  if (T === t.T && r === t.r && q === t.q) return;
  t.T = T;
  t.r = r;
  t.q = q;
  const { n, p } = scheme;
  const sqrtT = Math.sqrt(T);
  const inverseSqrtT = 1 / sqrtT;
  const carry = r - q;
  for (let i = 1; i <= n; i++) {
    const zeta2 = scheme.nodeZeta2[i] as number;
    t.nodeSqrtTau[i] = sqrtT * (scheme.nodeZeta[i] as number);
    t.nodeDrift[i] = carry * T * zeta2;
    t.nodeAlpha[i] = fastExp(-carry * T * zeta2);
    t.nodeDr[i] = fastExp(-r * T * zeta2);
    t.nodeDq[i] = fastExp(-q * T * zeta2);
    t.nodeOneMinusDr[i] = -Math.expm1(-r * T * zeta2);
  }
  setPointTerms(scheme, t, T, r, q, sqrtT, inverseSqrtT);
  const coarse = scheme.coarse;
  if (coarse !== undefined) {
    const c = coarse.terms;
    c.T = T;
    c.r = r;
    c.q = q;
    c.nodeSqrtTau.set(t.nodeSqrtTau);
    c.nodeDrift.set(t.nodeDrift);
    c.nodeAlpha.set(t.nodeAlpha);
    c.nodeDr.set(t.nodeDr);
    c.nodeDq.set(t.nodeDq);
    c.nodeOneMinusDr.set(t.nodeOneMinusDr);
    setPointTerms(coarse, c, T, r, q, sqrtT, inverseSqrtT);
  }
  for (let j = 0; j < p; j++) {
    const time = T * (scheme.prDt[j] as number);
    const weight = T * (scheme.prW[j] as number);
    t.prDiscR[j] = r * weight * fastExpUnchecked(Math.max(-700, -r * time));
    t.prDiscQ[j] = q === 0 ? 0 : q * weight * fastExpUnchecked(Math.min(700, Math.max(-700, -q * time)));
    t.prDrift[j] = carry * time;
    t.prSqrtT[j] = sqrtT * (scheme.prSqrtDt[j] as number);
  }
}

/** The fixed-point points' terms of setExpiry (r > 0; the e^{qu} factor is skipped when q = 0). */
function setPointTerms(scheme: Scheme, t: ExpiryTerms, T: number, r: number, q: number, sqrtT: number, inverseSqrtT: number): void {
  const carry = r - q;
  const { fpU, fpW, fpDt, fpSqrtDt, fpDensityOverSqrtDt } = scheme;
  for (let ij = 0; ij < scheme.points; ij++) {
    const u = T * (fpU[ij] as number);
    const weight = T * (fpW[ij] as number);
    t.fpDiscR[ij] = r * weight * fastExpUnchecked(Math.min(700, r * u));
    t.fpDiscQ[ij] = q === 0 ? 0 : q * weight * fastExpUnchecked(Math.min(700, Math.max(-700, q * u)));
    t.fpDrift[ij] = carry * T * (fpDt[ij] as number);
    t.fpSqrtDt[ij] = sqrtT * (fpSqrtDt[ij] as number);
    t.fpDensityOverSqrtDt[ij] = inverseSqrtT * (fpDensityOverSqrtDt[ij] as number);
  }
}

// The solved boundary (H at nodes 0..n) and the workspace. The Newton step runs as flat passes over arrays
// (interpolate the boundary at every point, form the d± arguments, evaluate all Gaussians and Φ in one tight
// loop, assemble): V8 inlines Φ's rational functions into a small loop but not into one large function.
const H = new Float64Array(MAX_N + 1);
const sqrtH = new Float64Array(MAX_N + 1);
const interpolated = new Float64Array(Math.max(MAX_N * MAX_L, MAX_P));
/**
 * d₊ in the first half, d₋ at the same index in the second: fixed-point points, then the nodes' own terms (or the
 * price points). Every d is clamped to [-37, 37] (written out where computed: a call would box the result): beyond,
 * Φ is 0 or 1 and φ below 1e-297, and e^{-d²/2} stays in fastExpUnchecked's range.
 */
const HALF = MAX_N * MAX_L + MAX_N + MAX_P;
const args = new Float64Array(2 * HALF);
const gauss = new Float64Array(args.length);
const cdf = new Float64Array(args.length);
const residual = new Float64Array(MAX_N);
const jacobian = new Float64Array(MAX_N * MAX_N);
const change = new Float64Array(MAX_N);
const coefficients = new Float64Array(MAX_L);

/** e^{-x²/2} and Φ(x) for args[from..to), into gauss and cdf. */
function normals(from: number, to: number): void {
  const args_ = args;
  const gauss_ = gauss;
  const cdf_ = cdf;
  for (let m = from; m < to; m++) {
    const x = args_[m] as number;
    const g = fastExpUnchecked(-0.5 * x * x);
    gauss_[m] = g;
    cdf_[m] = normCdfFromGauss(x, g);
  }
}

/** √H of the interpolated boundary at count points, weights (n per point) from `weights`, into interpolated. */
function interpolate(weights: Float64Array, n: number, count: number): void {
  const h = H;
  const out = interpolated;
  for (let m = 0, w = 0; m < count; m++, w += n) {
    // Two partial sums halve the chain of dependent additions.
    let even = 0;
    let odd = 0;
    let k = 0;
    for (; k + 1 < n; k += 2) {
      even += (weights[w + k] as number) * (h[k + 1] as number);
      odd += (weights[w + k + 1] as number) * (h[k + 2] as number);
    }
    if (k < n) even += (weights[w + k] as number) * (h[k + 1] as number);
    const sum = even + odd;
    out[m] = sum > 0 ? Math.sqrt(sum) : 0;
  }
}

/**
 * ln of the put's exercise boundary at node i by Li's QD+ approximation (strike 1, r > 0), by Halley's method in
 * ln S from `start`:
 * the root of (1 - e^{-qτ}Φ(-d₊))S - β(1 - S - p(S)) + α·Θ(S)/(r e^{-rτ}) (QuantLib's QdPlusBoundaryEvaluator).
 */
function qdPlusLogBoundary(terms: ExpiryTerms, i: number, r: number, q: number, sigma: number, start: number, iterations: number): number {
  const sqrtTau = terms.nodeSqrtTau[i] as number;
  const tau = sqrtTau * sqrtTau;
  const dr = terms.nodeDr[i] as number;
  const dq = terms.nodeDq[i] as number;
  const oneMinusDr = terms.nodeOneMinusDr[i] as number;
  const s2 = sigma * sigma;
  const v = sigma * sqrtTau;
  const invV = 1 / v;
  const omega = (2 * (r - q)) / s2;
  const root = Math.sqrt((omega - 1) * (omega - 1) + (8 * r) / (s2 * oneMinusDr));
  const lambda = 0.5 * (1 - omega - root);
  const lambdaPrime = (2 * r) / (s2 * oneMinusDr * oneMinusDr * root);
  const alpha = (2 * dr * r) / (s2 * (2 * lambda + omega - 1));
  const beta = alpha * (1 / oneMinusDr + lambdaPrime / (2 * lambda + omega - 1)) - lambda;
  const c = alpha / (r * dr);
  const drift = (r - q) * tau;
  // e^{-d₋²/2} = e^{-d₊²/2}·S·e^{(r-q)τ} (as S e^{-qτ}φ(d₊) = e^{-rτ}φ(d₋) at strike 1): one exponential fewer.
  const carryGrowth = 1 / (terms.nodeAlpha[i] as number);
  const charmShift = (r - q) * invV;
  const halfOverTau = 0.5 / tau;
  let y = start;
  for (let iteration = 0; iteration < iterations; iteration++) {
    const x = fastExpUnchecked(y);
    const dp = Math.min(37, Math.max(-37, (y + drift) * invV + 0.5 * v));
    const dm = Math.min(37, Math.max(-37, dp - v));
    const gp = fastExpUnchecked(-0.5 * dp * dp);
    const pdp = ONE_OVER_SQRT_TWO_PI * gp;
    const nMinusDp = normCdfFromGauss(-dp, gp);
    const nMinusDm = normCdfFromGauss(-dm, gp * x * carryGrowth);
    const dqN = dq * nMinusDp;
    const dqPdf = dq * pdp;
    const npv = dr * nMinusDm - x * dqN;
    const theta = r * dr * nMinusDm - q * x * dqN - 0.5 * s2 * x * invV * dqPdf;
    const charm = -(dqPdf * (charmShift - dm * halfOverTau) + q * dqN);
    const f = (1 - dqN) * x - beta * (1 - x - npv) + c * theta;
    const f1 = (1 + beta) * (1 - dqN) + invV * dqPdf + c * charm;
    // x·f'' (gamma·S = e^{-qτ}φ(d₊)/v, colour likewise).
    const gammaX = dqPdf * invV;
    const colourX = gammaX * (q + charmShift * dp + (1 - dp * dm) * halfOverTau);
    const f2x = gammaX * (1 - dp * invV) + beta * gammaX + c * colourX;
    // Halley in y = ln x: f_y = x·f', f_yy = x·f' + x²·f''.
    const inverseF1 = 1 / f1;
    const ratio = f / (x * f1);
    const change = ratio / (1 - 0.5 * ratio * (1 + f2x * inverseF1));
    y = Math.min(y - change, 1);
  }
  return y;
}

/** Row order of the LU factors in jacobian (partial pivoting). */
const pivots = new Int32Array(MAX_N);

/** LU-factorises jacobian (n × n) in place by Gaussian elimination with partial pivoting. */
function factorise(n: number): void {
  const jacobian_ = jacobian;
  const pivots_ = pivots;
  for (let c = 0; c < n; c++) {
    let pivot = c;
    let largest = Math.abs(jacobian_[c * n + c] as number);
    for (let row = c + 1; row < n; row++) {
      const a = Math.abs(jacobian_[row * n + c] as number);
      if (a > largest) {
        largest = a;
        pivot = row;
      }
    }
    pivots_[c] = pivot;
    if (pivot !== c) {
      for (let k = 0; k < n; k++) {
        const t = jacobian_[c * n + k] as number;
        jacobian_[c * n + k] = jacobian_[pivot * n + k] as number;
        jacobian_[pivot * n + k] = t;
      }
    }
    const inverse = 1 / (jacobian_[c * n + c] as number);
    for (let row = c + 1; row < n; row++) {
      const f = (jacobian_[row * n + c] as number) * inverse;
      jacobian_[row * n + c] = f;
      for (let k = c + 1; k < n; k++) jacobian_[row * n + k] = (jacobian_[row * n + k] as number) - f * (jacobian_[c * n + k] as number);
    }
  }
}

/** change = -J⁻¹·residual from the LU factors in jacobian. */
function substitute(n: number): void {
  const jacobian_ = jacobian;
  const pivots_ = pivots;
  const residual_ = residual;
  const change_ = change;
  for (let c = 0; c < n; c++) {
    const pivot = pivots_[c] as number;
    if (pivot !== c) {
      const t = residual_[c] as number;
      residual_[c] = residual_[pivot] as number;
      residual_[pivot] = t;
    }
  }
  for (let c = 0; c < n; c++) {
    let s = residual_[c] as number;
    for (let k = 0; k < c; k++) s -= (jacobian_[c * n + k] as number) * (residual_[k] as number);
    residual_[c] = s;
  }
  for (let c = n - 1; c >= 0; c--) {
    let s = -(residual_[c] as number);
    for (let k = c + 1; k < n; k++) s -= (jacobian_[c * n + k] as number) * (change_[k] as number);
    change_[c] = s / (jacobian_[c * n + c] as number);
  }
}

/**
 * One Newton step on R(H) = 0; returns the largest |ΔH|. Node i's residual R_i = b·D - α·N (b = B(τ_i)) is
 * differentiated with respect to ln b and, at each quadrature point, ln B(u); ∂ln B/∂h = -1/(2√h).
 */
function newtonStep(scheme: Scheme, sigma: number, lnX: number): number {
  const { n, points, start, fpInterp } = scheme;
  const { fpDiscR, fpDiscQ, fpDrift, fpSqrtDt, fpDensityOverSqrtDt, nodeSqrtTau, nodeDrift, nodeAlpha } = scheme.terms;
  const h = H;
  const roots = sqrtH;
  const atPoints = interpolated;
  const d = args;
  const g = gauss;
  const phi = cdf;
  const c = coefficients;
  const R = residual;
  const J = jacobian;
  const invSigma = 1 / sigma;
  const invSigmaSqrtTwoPi = invSigma * SQRT_TWO_PI;
  const nodeArgs = points;
  for (let i = 1; i <= n; i++) roots[i] = Math.sqrt(h[i] as number);
  interpolate(fpInterp, n, points);
  for (let i = 1; i <= n; i++) {
    const own = roots[i] as number;
    const end = start[i] as number;
    for (let ij = start[i - 1] as number; ij < end; ij++) {
      const vol = sigma * (fpSqrtDt[ij] as number);
      const dp = ((atPoints[ij] as number) - own + (fpDrift[ij] as number)) * invSigmaSqrtTwoPi * (fpDensityOverSqrtDt[ij] as number) + 0.5 * vol;
      d[ij] = Math.min(37, Math.max(-37, dp));
      d[HALF + ij] = Math.min(37, Math.max(-37, dp - vol));
    }
    const v = sigma * (nodeSqrtTau[i] as number);
    const dp0 = (lnX - own + (nodeDrift[i] as number)) / v + 0.5 * v;
    d[nodeArgs + i - 1] = Math.min(37, Math.max(-37, dp0));
    d[HALF + nodeArgs + i - 1] = Math.min(37, Math.max(-37, dp0 - v));
  }
  normals(0, nodeArgs + n);
  normals(HALF, HALF + nodeArgs + n);
  for (let i = 1; i <= n; i++) {
    const own = roots[i] as number;
    const b = fastExp(lnX - own);
    const alpha = nodeAlpha[i] as number;
    const v = sigma * (nodeSqrtTau[i] as number);
    const m0 = nodeArgs + i - 1;
    let dSum = phi[m0] as number;
    let nSum = phi[HALF + m0] as number;
    let dDerivative = (ONE_OVER_SQRT_TWO_PI * (g[m0] as number)) / v;
    let nDerivative = (ONE_OVER_SQRT_TWO_PI * (g[HALF + m0] as number)) / v;
    const floor = 0.05 * own;
    const first = start[i - 1] as number;
    const l = (start[i] as number) - first;
    for (let j = 0; j < l; j++) {
      const ij = first + j;
      const discR = fpDiscR[ij] as number;
      const discQ = fpDiscQ[ij] as number;
      dSum += discQ * (phi[ij] as number);
      nSum += discR * (phi[HALF + ij] as number);
      const scale = invSigma * (fpDensityOverSqrtDt[ij] as number);
      const tQ = discQ * (g[ij] as number) * scale;
      const tR = discR * (g[HALF + ij] as number) * scale;
      dDerivative += tQ;
      nDerivative += tR;
      // ∂R_i/∂h at this point: (α·tR - b·tQ)·∂ln B/∂h, with ∂ln B/∂h = -1/(2√h) capped near h = 0.
      const root = atPoints[ij] as number;
      c[j] = -(alpha * tR - b * tQ) / (2 * (root > floor ? root : floor));
    }
    R[i - 1] = b * dSum - alpha * nSum;
    // Row i of the Jacobian: those coefficients spread over the nodes by the interpolation weights.
    const row = (i - 1) * n;
    const weights = first * n;
    let k = 0;
    for (; k + 1 < n; k += 2) {
      let sum0 = 0;
      let sum1 = 0;
      for (let j = 0, w = weights + k; j < l; j++, w += n) {
        const cj = c[j] as number;
        sum0 += cj * (fpInterp[w] as number);
        sum1 += cj * (fpInterp[w + 1] as number);
      }
      J[row + k] = sum0;
      J[row + k + 1] = sum1;
    }
    if (k < n) {
      let sum = 0;
      for (let j = 0, w = weights + k; j < l; j++, w += n) sum += (c[j] as number) * (fpInterp[w] as number);
      J[row + k] = sum;
    }
    J[row + i - 1] = (J[row + i - 1] as number) - (b * dSum + b * dDerivative - alpha * nDerivative) / (2 * own);
  }
  factorise(n);
  substitute(n);
  let largest = 0;
  for (let i = 1; i <= n; i++) {
    const step = change[i - 1] as number;
    if (!(Math.abs(step) <= largest)) largest = Math.abs(step);
    h[i] = Math.max((h[i] as number) + step, 1e-300);
  }
  return largest;
}

/**
 * Solves the exercise boundary of the put with strike 1 into H (unvalidated; T > 0, σ > 0, r > 0): QD+ at the
 * nodes, a Newton step on the scheme's coarse companion (where it has one), then Newton steps on the scheme.
 */
export function solveBoundary(scheme: Scheme, T: number, r: number, q: number, sigma: number): void {
  setExpiry(scheme, T, r, q);
  const n = scheme.n;
  const terms = scheme.terms;
  const X = q > r ? r / q : 1;
  const lnX = Math.log(X);
  H[0] = 0;
  // Each Halley search starts from a power-law extrapolation of ln(X/B) over ζ from the previous two nodes (at
  // the first, from X·e^{-3σ√τ}; at the second, linearly).
  let previous = 0;
  let beforePrevious = 0;
  for (let i = 1; i <= n; i++) {
    const guess =
      i === 1
        ? 3 * sigma * (terms.nodeSqrtTau[1] as number)
        : i === 2
          ? previous * ((terms.nodeSqrtTau[2] as number) / (terms.nodeSqrtTau[1] as number))
          : previous * Math.exp((scheme.growth[i] as number) * Math.log(previous / beforePrevious));
    const logBoundary = qdPlusLogBoundary(terms, i, r, q, sigma, lnX - (guess > 0 && guess < 50 ? guess : 0.1), i === 1 ? QD_FIRST_STEPS : QD_STEPS);
    const logRatio = Math.min(logBoundary - lnX, 0);
    H[i] = Math.max(logRatio * logRatio, 1e-300);
    beforePrevious = previous;
    previous = -logRatio;
  }
  let iteration = 0;
  if (scheme.coarse !== undefined) {
    newtonStep(scheme.coarse, sigma, lnX);
    iteration = 1;
  }
  for (; iteration < MAX_NEWTON; iteration++) {
    const largest = newtonStep(scheme, sigma, lnX);
    if (iteration >= 1 && !(largest > NEWTON_TOLERANCE * (H[n] as number))) break;
  }
}

/** Copies the solved boundary (H at nodes 0..n) to target[offset..]. */
export function storeBoundary(scheme: Scheme, target: Float64Array, offset: number): void {
  for (let k = 0; k <= scheme.n; k++) target[offset + k] = H[k] as number;
}

/** Sets the boundary (H at nodes 0..n) from source[offset..]. */
export function loadBoundary(scheme: Scheme, source: Float64Array, offset: number): void {
  for (let k = 0; k <= scheme.n; k++) H[k] = source[offset + k] as number;
}

/**
 * The early-exercise premium of the put with strike 1 at spot s from the boundary in H (after solveBoundary
 * with the same arguments), or NaN when s is in the exercise region (s <= B(T)).
 */
export function premiumFromBoundary(scheme: Scheme, s: number, r: number, q: number, sigma: number): number {
  const { n, p } = scheme;
  const { prSqrtT, prDrift, prDiscR, prDiscQ } = scheme.terms;
  const X = q > r ? r / q : 1;
  if (s <= X * Math.exp(-Math.sqrt(H[n] as number))) return NaN;
  const lnSOverX = Math.log(s / X);
  interpolate(scheme.prInterp, n, p);
  for (let j = 0; j < p; j++) {
    const vol = sigma * (prSqrtT[j] as number);
    const dp = (lnSOverX + (interpolated[j] as number) + (prDrift[j] as number)) / vol + 0.5 * vol;
    // Φ(-d₊) and Φ(-d₋) are wanted: store -d₊, -d₋.
    args[j] = Math.min(37, Math.max(-37, -dp));
    args[HALF + j] = Math.min(37, Math.max(-37, vol - dp));
  }
  normals(0, p);
  normals(HALF, HALF + p);
  let premium = 0;
  for (let j = 0; j < p; j++) premium += (prDiscR[j] as number) * (cdf[HALF + j] as number) - s * (prDiscQ[j] as number) * (cdf[j] as number);
  return premium;
}

/**
 * The premium (as premiumFromBoundary) and its first and second derivatives in s with the boundary held fixed
 * (it does not depend on s), into out[0], out[1], out[2]: with A_j = r·e^{-rt}·w, B_j = q·e^{-qt}·w and
 * d± at price point j,
 *   π' = Σ -B Φ(-d₊) + (B s φ(d₊) - A φ(d₋))/(s v),   π'' = Σ [B s φ(d₊)(v - d₊) + A φ(d₋) d₊]/(s² v²).
 * out[0] is NaN in the exercise region. Call right after premiumFromBoundary for the same arguments.
 */
export function premiumDerivatives(scheme: Scheme, s: number, sigma: number, out: Float64Array): void {
  const p = scheme.p;
  const { prSqrtT, prDiscR, prDiscQ } = scheme.terms;
  let premium = 0;
  let first = 0;
  let second = 0;
  for (let j = 0; j < p; j++) {
    const a = prDiscR[j] as number;
    const b = prDiscQ[j] as number;
    const vol = sigma * (prSqrtT[j] as number);
    const dp = -(args[j] as number);
    const pdfP = ONE_OVER_SQRT_TWO_PI * (gauss[j] as number);
    const pdfM = ONE_OVER_SQRT_TWO_PI * (gauss[HALF + j] as number);
    const nMinusDp = cdf[j] as number;
    premium += a * (cdf[HALF + j] as number) - s * b * nMinusDp;
    first += -b * nMinusDp + (b * s * pdfP - a * pdfM) / (s * vol);
    second += (b * s * pdfP * (vol - dp) + a * pdfM * dp) / (s * s * vol * vol);
  }
  out[0] = premium;
  out[1] = first;
  out[2] = second;
}

/**
 * Upper bound of the put's early-exercise premium (strike 1, r > 0, q >= 0) from B(u) <= X and dropping the
 * dividend term: r·T·max over t <= T of Φ(-d₋(t, s/X)), with -d₋(t, s/X) = -a/(σ√t) - c√t, a = ln(s/X),
 * c = (r - q - σ²/2)/σ, whose maximum is at t* = a/(σc) when that lies in (0, T). Zero-cost test for options
 * whose premium is negligible (far out of the money).
 */
export function premiumBound(s: number, T: number, r: number, q: number, sigma: number): number {
  const X = q > r ? r / q : 1;
  const a = Math.log(s / X);
  if (!(a > 0)) return Infinity;
  const c = (r - q - 0.5 * sigma * sigma) / sigma;
  const tStar = c > 0 ? a / (sigma * c) : Infinity;
  const g = tStar < T ? -2 * Math.sqrt((a * c) / sigma) : -a / (sigma * Math.sqrt(T)) - c * Math.sqrt(T);
  return g < -37 ? 0 : r * T * normCdfFromGauss(g, Math.exp(-0.5 * g * g));
}

/**
 * True where the put (strike 1, r > 0) is surely exercised at once, without solving its boundary: s lies 2% below
 * the perpetual put's boundary B∞ = λ/(λ - 1), λ the negative root of ½σ²λ² + (r - q - ½σ²)λ - r = 0 (McKean
 * 1965, Merton 1973). The boundary B(τ) falls as the time left τ grows, towards B∞, so B(T) >= B∞ > s: the put is
 * worth 1 - s, as solving would have found (the solved boundary at T was checked to stay within 0.1% of B∞ or
 * above it over T from a day to 10 years, σ 0.5%-500% with σ√T <= 4, r 0-30%, q -5% to 50%; the 2% margin keeps
 * the shortcut inside the region the full solve calls exercise). Deep in-the-money contracts (a seventh of the
 * bench's hard grid) cost one square root instead of a solve.
 */
export function surelyExercised(s: number, T: number, r: number, q: number, sigma: number): boolean {
  if (!(T <= 10 && sigma * sigma * T <= 16)) return false;
  const a = 0.5 * sigma * sigma;
  const b = r - q - a;
  const lambda = (-b - Math.sqrt(b * b + 4 * a * r)) / (2 * a);
  return s < 0.98 * (lambda / (lambda - 1));
}

/** Premiums below this (per unit of strike) are not worth solving for: the European value is returned. */
export const NEGLIGIBLE_PREMIUM = 1e-10;

/**
 * Early-exercise premium of the American put with strike 1 by ALO (unvalidated; T > 0, σ > 0, r > 0;
 * s = S/K > 0), per unit of strike; NaN where s is in the exercise region (the put is worth 1 - s). Where
 * premiumBound proves the premium below NEGLIGIBLE_PREMIUM, 0 without solving; where surelyExercised, NaN without
 * solving. The scheme is the one for T unless given (differences in T keep one scheme: each has its own
 * discretisation error).
 */
export function aloPutPremium(s: number, T: number, r: number, q: number, sigma: number, scheme: Scheme = schemeFor(T)): number {
  if (q >= 0 && premiumBound(s, T, r, q, sigma) <= NEGLIGIBLE_PREMIUM) return 0;
  if (surelyExercised(s, T, r, q, sigma)) return NaN;
  solveBoundary(scheme, T, r, q, sigma);
  return premiumFromBoundary(scheme, s, r, q, sigma);
}

/** American put with strike 1 (as aloPutPremium), per unit of strike. */
export function aloPutUnit(s: number, T: number, r: number, q: number, sigma: number): number {
  const premium = aloPutPremium(s, T, r, q, sigma);
  if (premium !== premium) return 1 - s;
  return Math.max(Math.max(bsmPrice(false, s, 1, T, r, q, sigma), 0) + Math.max(premium, 0), 1 - s);
}
