/**
 * Bivariate standard normal distribution M(h, k; ρ) = P(X <= h, Y <= k), corr(X, Y) = ρ.
 *
 * Algorithm of A. Genz, "Numerical computation of rectangular bivariate and trivariate normal and t
 * probabilities", Statistics and Computing 14 (2004) 251-260 (his BVND routine, as used by Haug (2007)):
 * for |ρ| < 0.925
 *
 *   M(h, k; ρ) = Φ(h)Φ(k) + 1/(2π) ∫₀^{asin ρ} exp(-(h² + k² - 2hk sin θ) / (2 cos²θ)) dθ
 *
 * by Gauss-Legendre quadrature with 6, 12 or 20 points (|ρ| < 0.3, < 0.75, otherwise); for |ρ| >= 0.925 an
 * expansion around ρ = ±1 plus a 20-point correction. Absolute accuracy about 1e-15.
 */
import { fastExp } from './fast-math';
import { normCdf } from './normal-distribution';

const TWO_PI = 2 * Math.PI;

// Gauss-Legendre abscissae (negative half) and weights on [-1, 1] for 6, 12 and 20 points (Genz's tables).
const GL_X: readonly (readonly number[])[] = [
  [-0.9324695142031522, -0.6612093864662647, -0.238619186083197],
  [-0.9815606342467191, -0.904117256370475, -0.769902674194305, -0.5873179542866171, -0.3678314989981802, -0.1252334085114692],
  [
    -0.9931285991850949, -0.9639719272779138, -0.912234428251326, -0.8391169718222188, -0.7463319064601508, -0.636053680726515, -0.5108670019508271,
    -0.3737060887154196, -0.2277858511416451, -0.07652652113349732,
  ],
];
const GL_W: readonly (readonly number[])[] = [
  [0.1713244923791705, 0.3607615730481384, 0.4679139345726904],
  [0.04717533638651177, 0.1069393259953183, 0.1600783285433464, 0.2031674267230659, 0.2334925365383547, 0.2491470458134029],
  [
    0.01761400713915212, 0.04060142980038694, 0.06267204833410905, 0.08327674157670475, 0.1019301198172404, 0.1181945319615184, 0.1316886384491766,
    0.1420961093183821, 0.1491729864726037, 0.1527533871307259,
  ],
];

/** Genz's BVND: upper-orthant probability P(X > dh, Y > dk) with correlation r. */
function upperOrthant(dh: number, dk: number, r: number): number {
  const ng = Math.abs(r) < 0.3 ? 0 : Math.abs(r) < 0.75 ? 1 : 2;
  const xs = GL_X[ng] as readonly number[];
  const ws = GL_W[ng] as readonly number[];
  const lg = xs.length;
  const h = dh;
  let k = dk;
  let hk = h * k;
  let bvn = 0;
  if (Math.abs(r) < 0.925) {
    const hs = (h * h + k * k) / 2;
    const asr = Math.asin(r);
    for (let i = 0; i < lg; i++) {
      const x = xs[i] as number;
      const w = ws[i] as number;
      let sn = Math.sin((asr * (x + 1)) / 2);
      bvn += w * Math.exp((sn * hk - hs) / (1 - sn * sn));
      sn = Math.sin((asr * (-x + 1)) / 2);
      bvn += w * Math.exp((sn * hk - hs) / (1 - sn * sn));
    }
    return (bvn * asr) / (2 * TWO_PI) + normCdf(-h) * normCdf(-k);
  }
  if (r < 0) {
    k = -k;
    hk = -hk;
  }
  if (Math.abs(r) < 1) {
    const as = (1 - r) * (1 + r);
    let a = Math.sqrt(as);
    const bs = (h - k) * (h - k);
    const c = (4 - hk) / 8;
    const d = (12 - hk) / 16;
    bvn = a * Math.exp(-(bs / as + hk) / 2) * (1 - (c * (bs - as) * (1 - (d * bs) / 5)) / 3 + (c * d * as * as) / 5);
    if (hk > -160) {
      const b = Math.sqrt(bs);
      bvn -= Math.exp(-hk / 2) * Math.sqrt(TWO_PI) * normCdf(-b / a) * b * (1 - (c * bs * (1 - (d * bs) / 5)) / 3);
    }
    a /= 2;
    for (let i = 0; i < lg; i++) {
      const x = xs[i] as number;
      const w = ws[i] as number;
      let xsq = a * (x + 1) * (a * (x + 1));
      let rs = Math.sqrt(1 - xsq);
      bvn += a * w * (Math.exp(-bs / (2 * xsq) - hk / (1 + rs)) / rs - Math.exp(-(bs / xsq + hk) / 2) * (1 + c * xsq * (1 + d * xsq)));
      xsq = (as * (-x + 1) * (-x + 1)) / 4;
      rs = Math.sqrt(1 - xsq);
      bvn += a * w * Math.exp(-(bs / xsq + hk) / 2) * (Math.exp((-hk * (1 - rs)) / (2 * (1 + rs))) / rs - (1 + c * xsq * (1 + d * xsq)));
    }
    bvn = -bvn / TWO_PI;
  }
  if (r > 0) return bvn + normCdf(-Math.max(h, k));
  return -bvn + Math.max(0, normCdf(-h) - normCdf(-k));
}

/** M(h, k; ρ) = P(X <= h, Y <= k) for standard normals with correlation ρ ∈ [-1, 1]. */
export function bivariateNormalCdf(h: number, k: number, rho: number): number {
  return upperOrthant(-h, -k, rho);
}

/**
 * Gauss-Legendre abscissae (positive half) and weights on [-1, 1] for 16 and 24 points, correctly rounded
 * (mpmath, 40 digits), for the fixed-correlation rules below; Genz's tables above serve 6, 12 and 20.
 */
export type RulePoints = 6 | 12 | 16 | 20 | 24;
const EXTRA_RULES: Readonly<Record<16 | 24, readonly [readonly number[], readonly number[]]>> = {
  16: [
    [
      0.9894009349916499, 0.9445750230732326, 0.8656312023878318, 0.755404408355003, 0.6178762444026438, 0.45801677765722737, 0.2816035507792589,
      0.09501250983763744,
    ],
    [
      0.027152459411754096, 0.062253523938647894, 0.09515851168249279, 0.12462897125553388, 0.14959598881657674, 0.16915651939500254, 0.18260341504492358,
      0.1894506104550685,
    ],
  ],
  24: [
    [
      0.9951872199970213, 0.9747285559713095, 0.9382745520027328, 0.8864155270044011, 0.820001985973903, 0.7401241915785544, 0.6480936519369755,
      0.5454214713888396, 0.4337935076260451, 0.3150426796961634, 0.1911188674736163, 0.06405689286260563,
    ],
    [
      0.0123412297999872, 0.028531388628933663, 0.04427743881741981, 0.05929858491543678, 0.0733464814110803, 0.08619016153195327, 0.09761865210411388,
      0.10744427011596563, 0.1155056680537256, 0.12167047292780339, 0.1258374563468283, 0.12793819534675216,
    ],
  ],
};

/**
 * The quadrature part of M for one fixed correlation ρ ∈ (0, 0.925), with the nodes' sines precomputed:
 *
 *   J(a, c) = asin(ρ)/(4π) Σᵢ wᵢ exp((sᵢ·a - c)/(1 - sᵢ²)),   a = hk, c = (h² + k²)/2,
 *
 * so that M(h, k; ρ) = Φ(h)Φ(k) + J(hk, c) and M(h, k; -ρ) = Φ(h)Φ(k) - J(-hk, c). Used where ρ never changes
 * (Bjerksund-Stensland 2002), which saves the sines and lets the caller reuse Φ values across terms. What is left
 * per node is one exponential, taken by fastExp (inlined by the JIT, a third of the cost of Math.exp).
 */
export class FixedCorrelationQuadrature {
  /** Per node, three entries: sᵢ/(1 - sᵢ²), 1/(1 - sᵢ²), weight·asin(ρ)/(4π). */
  readonly nodes: Float64Array;
  /** asin(ρ)/(2π): |J(a, c)| <= bound·exp(max over the integration range of the exponent). */
  readonly weightSum: number;
  readonly rho: number;

  /** points: 6, 12 or 20 (Genz's rules), or 16 or 24. */
  constructor(rho: number, points: RulePoints) {
    let xs: readonly number[];
    let ws: readonly number[];
    if (points === 16 || points === 24) {
      [xs, ws] = EXTRA_RULES[points];
    } else {
      const ng = points === 6 ? 0 : points === 12 ? 1 : 2;
      xs = GL_X[ng] as readonly number[];
      ws = GL_W[ng] as readonly number[];
    }
    const asr = Math.asin(rho);
    this.rho = rho;
    this.weightSum = asr / TWO_PI;
    this.nodes = new Float64Array(6 * xs.length);
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i] as number;
      for (const [j, node] of [
        [2 * i, x],
        [2 * i + 1, -x],
      ] as const) {
        const sn = Math.sin((asr * (node + 1)) / 2);
        this.nodes[3 * j] = sn / (1 - sn * sn);
        this.nodes[3 * j + 1] = 1 / (1 - sn * sn);
        this.nodes[3 * j + 2] = ((ws[i] as number) * asr) / (2 * TWO_PI);
      }
    }
  }

  /** J(a, c); c = (h² + k²)/2 >= |a|. */
  integral(a: number, c: number): number {
    const nodes = this.nodes;
    let sum = 0;
    for (let i = 0; i < nodes.length; i += 3) {
      sum += (nodes[i + 2] as number) * fastExp((nodes[i] as number) * a - (nodes[i + 1] as number) * c);
    }
    return sum;
  }

  /**
   * An upper bound of |J(a, c)| for c = (h² + k²)/2, a = ±hk, from the largest value of the integrand's exponent
   * -(h² + k² - 2s·hk)/(2(1 - s²)) over s ∈ [0, ρ]: -c if a <= 0; otherwise -max(|h|, |k|)²/2 where the
   * unconstrained maximum s = min/max lies in [0, ρ], else the value at s = ρ. Costs one exponential, against
   * one per node for the integral.
   */
  bound(h: number, k: number, a: number, c: number): number {
    if (a <= 0) return this.weightSum * fastExp(-c);
    const hi = Math.max(Math.abs(h), Math.abs(k));
    const lo = Math.min(Math.abs(h), Math.abs(k));
    const rho = this.rho;
    const exponent = lo <= rho * hi ? -0.5 * hi * hi : (a * rho - c) / (1 - rho * rho);
    return this.weightSum * fastExp(exponent);
  }
}
