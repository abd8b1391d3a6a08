/**
 * Binomial trees for American (and European) options, used to check the closed-form approximations.
 *
 * - Cox-Ross-Rubinstein (1979): u = e^{σ√Δt}, d = 1/u, p = (e^{bΔt} - d)/(u - d).
 * - Leisen-Reimer (1996): odd n, p = h(d₂), p′ = h(d₁) with the Peizer-Pratt inversion (method 2)
 *     h(z) = ½ + sign(z)·½·√(1 - exp(-(z/(n + 1/3 + 0.1/(n+1)))²·(n + 1/6))),
 *   u = e^{bΔt}·p′/p, d = (e^{bΔt} - p·u)/(1 - p). Converges like 1/n² and smoothly, unlike CRR's oscillation.
 *
 * Backward induction V = max(payoff, e^{-rΔt}(p V_up + (1-p) V_down)) with Δt = T/n, b = r - q.
 * Units: S, K in currency; T in years; r, q continuously compounded; σ annualised.
 * References: J. C. Cox, S. A. Ross & M. Rubinstein, J. Financial Economics 7 (1979) 229-263; D. P. J. Leisen &
 * M. Reimer, "Binomial models for option valuation - examining and improving convergence", Applied Mathematical
 * Finance 3 (1996) 319-346; Hull, "Options, Futures, and Other Derivatives", 9th ed., ch. 13 and 21.
 */

export type Lattice = 'crr' | 'leisen-reimer';

function peizerPratt(z: number, n: number): number {
  const a = z / (n + 1 / 3 + 0.1 / (n + 1));
  const root = 0.5 * Math.sqrt(1 - Math.exp(-a * a * (n + 1 / 6)));
  return z >= 0 ? 0.5 + root : 0.5 - root;
}

/**
 * Tree price (unvalidated; T > 0, σ > 0, steps >= 1). Leisen-Reimer rounds steps up to the next odd number and
 * falls back to CRR parameters where its probabilities degenerate (p = 0 or 1 far in the wings).
 * Memory O(n), time O(n²).
 */
export function binomialPrice(
  isCall: boolean,
  S: number,
  K: number,
  T: number,
  r: number,
  q: number,
  sigma: number,
  steps: number,
  lattice: Lattice,
  american = true,
): number {
  let n = Math.max(1, Math.ceil(steps));
  if (lattice === 'leisen-reimer' && n % 2 === 0) n += 1;
  const dt = T / n;
  const b = r - q;
  const growth = Math.exp(b * dt);
  const discount = Math.exp(-r * dt);
  let u = Math.exp(sigma * Math.sqrt(dt));
  let d = 1 / u;
  let p = (growth - d) / (u - d);
  if (lattice === 'leisen-reimer') {
    const vT = sigma * Math.sqrt(T);
    const d1 = (Math.log(S / K) + (b + 0.5 * sigma * sigma) * T) / vT;
    const pLr = peizerPratt(d1 - vT, n);
    const uLr = (growth * peizerPratt(d1, n)) / pLr;
    const dLr = (growth - pLr * uLr) / (1 - pLr);
    if (pLr > 0 && pLr < 1 && dLr > 0 && uLr > dLr) {
      u = uLr;
      d = dLr;
      p = pLr;
    }
  }
  const pu = discount * p;
  const pd = discount * (1 - p);
  const sign = isCall ? 1 : -1;
  const ratio = u / d;
  const lnS = Math.log(S);
  const lnD = Math.log(d);
  const lnRatio = Math.log(ratio);
  const values = new Float64Array(n + 1);
  // Spot at node (i, j) = S·d^i·(u/d)^j. Each level starts from its lowest node whose spot is representable
  // (below e^{-700}·S it counts as 0), so that σ√(T·n) in the hundreds neither underflows nor overflows a level.
  const firstNode = (i: number): number => {
    const lowest = lnS + i * lnD;
    return lowest >= -700 ? 0 : Math.min(i + 1, Math.ceil((-700 - lowest) / lnRatio));
  };
  let j0 = firstNode(n);
  for (let j = 0; j < j0; j++) values[j] = Math.max(-sign * K, 0);
  let spot = Math.exp(lnS + n * lnD + j0 * lnRatio);
  for (let j = j0; j <= n; j++) {
    values[j] = Math.max(sign * (Math.min(spot, MAXIMUM_SPOT) - K), 0);
    spot *= ratio;
  }
  for (let i = n - 1; i >= 0; i--) {
    j0 = firstNode(i);
    for (let j = 0; j < j0; j++) {
      const continuation = pd * (values[j] as number) + pu * (values[j + 1] as number);
      values[j] = american ? Math.max(continuation, -sign * K) : continuation;
    }
    spot = Math.exp(lnS + i * lnD + j0 * lnRatio);
    for (let j = j0; j <= i; j++) {
      const continuation = pd * (values[j] as number) + pu * (values[j + 1] as number);
      values[j] = american ? Math.max(continuation, sign * (Math.min(spot, MAXIMUM_SPOT) - K)) : continuation;
      spot *= ratio;
    }
  }
  return values[0] as number;
}

/** Payoffs use at most this spot: far nodes have negligible weight, and ∞·weight would poison the sum. */
const MAXIMUM_SPOT = 1e300;
