/**
 * The normalised Black function of P. Jäckel, "Let's Be Rational", Wilmott (2015) 40-53, evaluated to full
 * relative accuracy everywhere (the implied-volatility solver needs that in the far wings).
 *
 * With x = ln(F/K) and s = σ√T (total volatility, dimensionless), the undiscounted Black call price is
 * √(FK)·b(x, s) where
 *
 *   b(x, s) = Φ(x/s + s/2)·e^{x/2} - Φ(x/s - s/2)·e^{-x/2},   and  ∂b/∂s = φ(x/s + s/2)·e^{x/2}
 *           = exp(-(x/s)²/2 - (s/2)²/2)/√(2π)  (the normalised vega).
 *
 * Out-of-the-money (x <= 0) it is evaluated in one of four regions, with h = x/s, t = s/2: an asymptotic
 * expansion for very negative h, a Taylor expansion in t for small t, the plain two-term formula when the first
 * term dominates, and otherwise Cody's erfcx so that only one exponential (instead of four) limits the accuracy.
 * In-the-money values add the normalised intrinsic value.
 */
import { erfcx, normCdf, ONE_OVER_SQRT_TWO, ONE_OVER_SQRT_TWO_PI, SQRT_TWO_PI } from './normal-distribution';

const DBL_EPSILON = 2.220446049250313e-16;
const DBL_MIN = 2.2250738585072014e-308;
const SQRT_DBL_MIN = Math.sqrt(DBL_MIN);
const FOURTH_ROOT_DBL_EPSILON = Math.sqrt(Math.sqrt(DBL_EPSILON));
const SIXTEENTH_ROOT_DBL_EPSILON = Math.sqrt(Math.sqrt(FOURTH_ROOT_DBL_EPSILON));
/** η: below h = η the asymptotic expansion is accurate to 1.64e-16 relative. */
const ASYMPTOTIC_EXPANSION_ACCURACY_THRESHOLD = -10;
/** τ = 2·ε^(1/16) ≈ 0.21: below t = τ the twelfth-order small-t expansion is accurate to machine precision. */
const SMALL_T_EXPANSION_THRESHOLD = 2 * SIXTEENTH_ROOT_DBL_EPSILON;

/**
 * Coefficients of the 17th-order asymptotic expansion of A(h,t) in q = (h/r)², r = (h+t)(h-t), e = (t/h)²:
 * A = 2 + q·(c₁(e) + 3q·(c₂(e) + 5q·(c₃(e) + … + 33q·c₁₇(e)))), c_k(e) = (-1)^k·2·Σ_i C(2k+1, 2k-2i)·e^i.
 * These reproduce the literal polynomial of Jäckel's reference code term by term.
 */
const EXPANSION_ORDER = 17;
const EXPANSION_COEFFICIENTS: Float64Array[] = (() => {
  const binomial = (n: number, k: number): number => {
    let c = 1;
    for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
    return Math.round(c);
  };
  const table: Float64Array[] = [];
  for (let k = 1; k <= EXPANSION_ORDER; k++) {
    const c = new Float64Array(k + 1);
    const sign = k % 2 === 0 ? 2 : -2;
    for (let i = 0; i <= k; i++) c[i] = sign * binomial(2 * k + 1, 2 * k - 2 * i);
    table.push(c);
  }
  return table;
})();

function expansionPolynomial(k: number, e: number): number {
  const c = EXPANSION_COEFFICIENTS[k - 1] as Float64Array;
  let p = c[k] as number;
  for (let i = k - 1; i >= 0; i--) p = p * e + (c[i] as number);
  return p;
}

/**
 * Region 1 (h < η and t small relative to |h|): b = φ-scaled asymptotic series, one exponential only.
 * Abramowitz & Stegun 26.2.12 applied to Y(z) = Φ(z)/φ(z) in b = e^{-(h²+t²)/2}/√(2π)·[Y(h+t) - Y(h-t)].
 */
function asymptoticExpansionOfNormalisedBlackCall(h: number, t: number): number {
  const e = (t / h) * (t / h);
  const r = (h + t) * (h - t);
  const q = (h / r) * (h / r);
  let inner = expansionPolynomial(EXPANSION_ORDER, e);
  for (let k = EXPANSION_ORDER - 1; k >= 1; k--) inner = expansionPolynomial(k, e) + (2 * k + 1) * q * inner;
  const sum = 2 + q * inner;
  const b = ONE_OVER_SQRT_TWO_PI * Math.exp(-0.5 * (h * h + t * t)) * (t / r) * sum;
  return Math.abs(Math.max(b, 0));
}

/** Region 2 (t < τ): Taylor expansion of Y(h+t) - Y(h-t) to twelfth order in t; a = 1 + h·Y(h). */
function smallTExpansionOfNormalisedBlackCall(h: number, t: number): number {
  const a = 1 + h * (0.5 * SQRT_TWO_PI) * erfcx(-ONE_OVER_SQRT_TWO * h);
  const w = t * t;
  const h2 = h * h;
  const expansion =
    2 *
    t *
    (a +
      w *
        ((-1 + 3 * a + a * h2) / 6 +
          w *
            ((-7 + 15 * a + h2 * (-1 + 10 * a + a * h2)) / 120 +
              w *
                ((-57 + 105 * a + h2 * (-18 + 105 * a + h2 * (-1 + 21 * a + a * h2))) / 5040 +
                  w *
                    ((-561 + 945 * a + h2 * (-285 + 1260 * a + h2 * (-33 + 378 * a + h2 * (-1 + 36 * a + a * h2)))) / 362880 +
                      w *
                        ((-6555 + 10395 * a + h2 * (-4680 + 17325 * a + h2 * (-840 + 6930 * a + h2 * (-52 + 990 * a + h2 * (-1 + 55 * a + a * h2))))) /
                          39916800 +
                          ((-89055 +
                            135135 * a +
                            h2 *
                              (-82845 +
                                270270 * a +
                                h2 * (-20370 + 135135 * a + h2 * (-1926 + 25740 * a + h2 * (-75 + 2145 * a + h2 * (-1 + 78 * a + a * h2)))))) *
                            w) /
                            6227020800))))));
  const b = ONE_OVER_SQRT_TWO_PI * Math.exp(-0.5 * (h * h + t * t)) * expansion;
  return Math.abs(Math.max(b, 0));
}

/** Region 3 (h + t > 0.85): the first term dominates, so the plain formula keeps its accuracy. */
function normalisedBlackCallUsingNormCdf(x: number, s: number): number {
  const h = x / s;
  const t = 0.5 * s;
  const bMax = Math.exp(0.5 * x);
  const b = normCdf(h + t) * bMax - normCdf(h - t) / bMax;
  return Math.abs(Math.max(b, 0));
}

/** Region 4: b = ½·e^{-(h²+t²)/2}·[erfcx(-(h+t)/√2) - erfcx(-(h-t)/√2)], one exponential instead of four. */
function normalisedBlackCallUsingErfcx(h: number, t: number): number {
  const b = 0.5 * Math.exp(-0.5 * (h * h + t * t)) * (erfcx(-ONE_OVER_SQRT_TWO * (h + t)) - erfcx(-ONE_OVER_SQRT_TWO * (h - t)));
  return Math.abs(Math.max(b, 0));
}

/** Normalised intrinsic value max(θ·(e^{x/2} - e^{-x/2}), 0), θ = +1 call / -1 put; Taylor series near x = 0. */
export function normalisedIntrinsic(x: number, theta: number): number {
  if (theta * x <= 0) return 0;
  const x2 = x * x;
  // 98 ≈ (92897280)^(1/4): the series' last coefficient makes it exact to an ulp below this threshold.
  if (x2 < 98 * FOURTH_ROOT_DBL_EPSILON) {
    const v = (theta < 0 ? -1 : 1) * x * (1 + x2 * (1 / 24 + x2 * (1 / 1920 + x2 * (1 / 322560 + (1 / 92897280) * x2))));
    return Math.abs(Math.max(v, 0));
  }
  const bMax = Math.exp(0.5 * x);
  return Math.abs(Math.max((theta < 0 ? -1 : 1) * (bMax - 1 / bMax), 0));
}

/** b(x, s) for a call; puts follow from b_put(x, s) = b_call(-x, s). */
export function normalisedBlackCall(x: number, s: number): number {
  if (x > 0) return normalisedIntrinsic(x, 1) + normalisedBlackCall(-x, s);
  if (s <= 0) return normalisedIntrinsic(x, 1);
  // Region tests avoid dividing by s: h < η and t < τ + |h| - |η|.
  if (x < s * ASYMPTOTIC_EXPANSION_ACCURACY_THRESHOLD && 0.5 * s * s + x < s * (SMALL_T_EXPANSION_THRESHOLD + ASYMPTOTIC_EXPANSION_ACCURACY_THRESHOLD)) {
    return asymptoticExpansionOfNormalisedBlackCall(x / s, 0.5 * s);
  }
  if (0.5 * s < SMALL_T_EXPANSION_THRESHOLD) return smallTExpansionOfNormalisedBlackCall(x / s, 0.5 * s);
  if (x + 0.5 * s * s > s * 0.85) return normalisedBlackCallUsingNormCdf(x, s);
  return normalisedBlackCallUsingErfcx(x / s, 0.5 * s);
}

/** ∂b/∂s = exp(-½[(x/s)² + (s/2)²])/√(2π). */
export function normalisedVega(x: number, s: number): number {
  const ax = Math.abs(x);
  if (ax <= 0) return ONE_OVER_SQRT_TWO_PI * Math.exp(-0.125 * s * s);
  if (s <= 0 || s <= ax * SQRT_DBL_MIN) return 0;
  const h = x / s;
  return ONE_OVER_SQRT_TWO_PI * Math.exp(-0.5 * (h * h + 0.25 * s * s));
}
