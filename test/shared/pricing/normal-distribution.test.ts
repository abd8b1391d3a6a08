import { describe, expect, it } from 'vitest';
import { bivariateNormalCdf, FixedCorrelationQuadrature } from '@shared/pricing/bivariate-normal';
import { fastExp, fastExpUnchecked } from '@shared/pricing/fast-math';
import { erfc, erfcx, inverseNormCdf, normCdf, normCdfFromGauss, normPdf, normTailFromGauss } from '@shared/pricing/normal-distribution';

/** Double precision with a few ulps of slack. */
const FULL_RELATIVE = 1e-14;
/** normCdfFromGauss trades a little tail accuracy (|x|²·ε relative) for one shared exponential. */
const FROM_GAUSS_RELATIVE = 2e-13;
/** Genz's bivariate normal is accurate to about 1e-15 absolute. */
const BIVARIATE_ABSOLUTE = 2e-15;

function relativeError(actual: number, expected: number): number {
  return Math.abs(actual - expected) / Math.abs(expected);
}

// Reference values computed with mpmath at 60 significant digits (mp.ncdf), rounded to the nearest double.
const CDF_REFERENCE: readonly (readonly [number, number])[] = [
  [-37, 5.725571222524577e-300],
  [-20, 2.7536241186062337e-89],
  [-10, 7.619853024160525e-24],
  [-8, 6.220960574271784e-16],
  [-5, 2.866515718791939e-7],
  [-1.96, 0.024997895148220435],
  [-1, 0.15865525393145705],
  [-0.5, 0.3085375387259869],
  [0, 0.5],
  [0.3, 0.6179114221889527],
  [1, 0.8413447460685429],
  [1.96, 0.9750021048517795],
  [3, 0.9986501019683699],
  [6, 0.9999999990134123],
];

describe('normal distribution (Cody erfc, Jäckel tail, AS 241)', () => {
  it('Φ matches high-precision values from the far tail to the upper body', () => {
    for (const [x, expected] of CDF_REFERENCE) {
      expect(relativeError(normCdf(x), expected), `Φ(${x})`).toBeLessThan(FULL_RELATIVE);
    }
  });

  it('Φ from a precomputed exp(-x²/2) agrees with the full-accuracy Φ', () => {
    for (let x = -37; x <= 8; x += 0.0173) {
      const expected = normCdf(x);
      const actual = normCdfFromGauss(x, Math.exp(-0.5 * x * x));
      // Compare the smaller tail, where the information is (1 - Φ for positive x).
      const error = x < 0 ? relativeError(actual, expected) : Math.abs(actual - expected);
      expect(error, `x = ${x}`).toBeLessThan(FROM_GAUSS_RELATIVE);
    }
  });

  it('the smaller tail Φ(-|x|) from a precomputed exp(-x²/2) agrees with the full-accuracy Φ', () => {
    for (let x = -37; x <= 37; x += 0.0173) {
      const actual = normTailFromGauss(x, Math.exp(-0.5 * x * x));
      expect(relativeError(actual, normCdf(-Math.abs(x))), `x = ${x}`).toBeLessThan(FROM_GAUSS_RELATIVE);
    }
  });

  it('erfc, erfcx and φ satisfy their defining relations', () => {
    for (const x of [-3, -1, -0.3, 0, 0.2, 0.46875, 0.5, 2, 4, 4.5, 10, 25]) {
      expect(relativeError(erfcx(x), Math.exp(x * x) * erfc(x)), `erfcx(${x})`).toBeLessThan(FULL_RELATIVE);
      expect(Math.abs(erfc(x) + erfc(-x) - 2), `erfc symmetry ${x}`).toBeLessThan(FULL_RELATIVE);
    }
    expect(erfc(30)).toBe(0);
    expect(normPdf(0)).toBeCloseTo(0.3989422804014327, 16);
  });

  it('Φ⁻¹ (AS 241) matches high-precision quantiles and has the right limits', () => {
    // mpmath, 80 digits: Φ(x) = u solved by bisection.
    const quantiles: readonly (readonly [number, number])[] = [
      [1e-300, -37.0470962993612],
      [1e-20, -9.262340089798407],
      [1e-5, -4.264890793922825],
      [0.01, -2.326347874040841],
      [0.2, -0.8416212335729142],
      [0.5, 0],
      [0.77, 0.7388468491852136],
      [0.999, 3.0902323061678136],
    ];
    for (const [u, expected] of quantiles) {
      const error = expected === 0 ? Math.abs(inverseNormCdf(u)) : relativeError(inverseNormCdf(u), expected);
      expect(error, `u = ${u}`).toBeLessThan(FULL_RELATIVE);
    }
    expect(inverseNormCdf(0)).toBe(-Infinity);
    expect(inverseNormCdf(1)).toBe(Infinity);
    expect(inverseNormCdf(1.5)).toBeNaN();
  });
});

describe('fastExp', () => {
  it('is within 1.5 ulp of exp over the whole normal range (Math.exp is within 1), and handles the edges', () => {
    // Deterministic pseudo-random arguments; relative error of 1.5 ulp is at most 3.4e-16.
    let seed = 7;
    let worst = 0;
    let unchecked = true;
    for (let i = 0; i < 200_000; i++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      const x = i % 2 === 0 ? (seed / 2 ** 32 - 0.5) * 10 : (seed / 2 ** 32) * 1416 - 707.9;
      worst = Math.max(worst, relativeError(fastExp(x), Math.exp(x)));
      unchecked &&= fastExpUnchecked(x) === fastExp(x);
    }
    expect(worst).toBeLessThan(4.5e-16);
    expect(unchecked).toBe(true);
    expect(fastExp(0)).toBe(1);
    expect(fastExp(1)).toBe(Math.E);
    expect(fastExp(-Infinity)).toBe(0);
    expect(fastExp(Infinity)).toBe(Infinity);
    expect(fastExp(NaN)).toBeNaN();
    expect(fastExp(710)).toBe(Infinity);
    expect(fastExp(-745)).toBe(Math.exp(-745)); // subnormal, by Math.exp
    expect(fastExp(-1000)).toBe(0);
  });
});

describe('bivariate normal (Genz 2004)', () => {
  it('matches Sheppard’s closed form M(0, 0; ρ) = 1/4 + asin(ρ)/(2π) in all three quadrature regimes', () => {
    for (const rho of [-0.99, -0.93, -0.8, -0.5, -0.1, 0, 0.2, 0.6, 0.786, 0.93, 0.999]) {
      const expected = 0.25 + Math.asin(rho) / (2 * Math.PI);
      expect(Math.abs(bivariateNormalCdf(0, 0, rho) - expected), `ρ = ${rho}`).toBeLessThan(BIVARIATE_ABSOLUTE);
    }
  });

  it('reduces to the independent and perfectly correlated cases', () => {
    for (const [h, k] of [
      [-1.3, 0.4],
      [0.7, 2.1],
      [-2, -0.5],
      [3, -3],
    ] as const) {
      expect(Math.abs(bivariateNormalCdf(h, k, 0) - normCdf(h) * normCdf(k))).toBeLessThan(BIVARIATE_ABSOLUTE);
      expect(Math.abs(bivariateNormalCdf(h, k, 1) - normCdf(Math.min(h, k)))).toBeLessThan(BIVARIATE_ABSOLUTE);
      const antithetic = Math.max(normCdf(h) + normCdf(k) - 1, 0);
      expect(Math.abs(bivariateNormalCdf(h, k, -1) - antithetic)).toBeLessThan(BIVARIATE_ABSOLUTE);
    }
  });

  it('the fixed-correlation quadrature used by Bjerksund-Stensland equals the general routine', () => {
    const rho = Math.sqrt((Math.sqrt(5) - 1) / 2);
    const quadrature = new FixedCorrelationQuadrature(rho, 12);
    for (let h = -6; h <= 6; h += 0.37) {
      for (let k = -6; k <= 6; k += 0.41) {
        const c = 0.5 * (h * h + k * k);
        const plus = normCdf(h) * normCdf(k) + quadrature.integral(h * k, c);
        const minus = normCdf(h) * normCdf(k) - quadrature.integral(-h * k, c);
        expect(Math.abs(plus - bivariateNormalCdf(h, k, rho)), `+ρ ${h}, ${k}`).toBeLessThan(BIVARIATE_ABSOLUTE);
        expect(Math.abs(minus - bivariateNormalCdf(h, k, -rho)), `-ρ ${h}, ${k}`).toBeLessThan(BIVARIATE_ABSOLUTE);
      }
    }
  });

  it('the fixed-correlation rules of 16 to 24 points agree with it too, and bound() bounds the integral', () => {
    const rho = Math.sqrt((Math.sqrt(5) - 1) / 2);
    const rules = ([16, 20, 24] as const).map((points) => new FixedCorrelationQuadrature(rho, points));
    const twelve = new FixedCorrelationQuadrature(rho, 12);
    for (let h = -9; h <= 9; h += 0.37) {
      for (let k = -9; k <= 9; k += 0.41) {
        const c = 0.5 * (h * h + k * k);
        const base = normCdf(h) * normCdf(k);
        for (const quadrature of rules) {
          const plus = base + quadrature.integral(h * k, c);
          expect(Math.abs(plus - bivariateNormalCdf(h, k, rho)), `+ρ ${h}, ${k}`).toBeLessThan(BIVARIATE_ABSOLUTE);
        }
        for (const a of [h * k, -h * k]) {
          const bound = twelve.bound(h, k, a, c);
          expect(Math.abs(twelve.integral(a, c)), `bound ${h}, ${k}, ${a}`).toBeLessThanOrEqual(bound * (1 + 1e-12));
        }
      }
    }
  });
});
