/**
 * Shape-preserving rational cubic interpolation, used for the initial guess of the implied-volatility solver.
 *
 * On [x_l, x_r] with values y_l, y_r and slopes d_l, d_r, the interpolant with control parameter r (r = 3 gives
 * the ordinary cubic Hermite, r → ∞ the straight line) is, for t = (x - x_l)/h, h = x_r - x_l:
 *
 *   y(t) = [y_r t³ + (r y_r - h d_r) t²(1-t) + (r y_l + h d_l) t(1-t)² + y_l (1-t)³] / [1 + (r - 3) t(1-t)]
 *
 * References: R. Delbourgo & J. A. Gregory, "Shape preserving piecewise rational interpolation", SIAM J. Sci.
 * Stat. Comput. 6 (1985) 967-976; P. Jäckel, "Let's Be Rational", Wilmott (2015) 40-53, which fits r to a second
 * derivative at one end.
 */

const DBL_EPSILON = 2.220446049250313e-16;
const DBL_MIN = 2.2250738585072014e-308;
const MINIMUM_CONTROL = -(1 - Math.sqrt(DBL_EPSILON));
const MAXIMUM_CONTROL = 2 / (DBL_EPSILON * DBL_EPSILON);

function isZero(x: number): boolean {
  return Math.abs(x) < DBL_MIN;
}

export function rationalCubicInterpolation(x: number, xL: number, xR: number, yL: number, yR: number, dL: number, dR: number, r: number): number {
  const h = xR - xL;
  if (Math.abs(h) <= 0) return 0.5 * (yL + yR);
  const t = (x - xL) / h;
  // r >= MAXIMUM_CONTROL means linear; written as !(r < max) so that a NaN r propagates through the cubic.
  if (!(r >= MAXIMUM_CONTROL)) {
    const omt = 1 - t;
    const t2 = t * t;
    const omt2 = omt * omt;
    return (yR * t2 * t + (r * yR - h * dR) * t2 * omt + (r * yL + h * dL) * t * omt2 + yL * omt2 * omt) / (1 + (r - 3) * t * omt);
  }
  return yR * t + yL * (1 - t);
}

function controlParameterToFitSecondDerivativeAtLeftSide(
  xL: number,
  xR: number,
  yL: number,
  yR: number,
  dL: number,
  dR: number,
  secondDerivativeL: number,
): number {
  const h = xR - xL;
  const numerator = 0.5 * h * secondDerivativeL + (dR - dL);
  if (isZero(numerator)) return 0;
  const denominator = (yR - yL) / h - dL;
  if (isZero(denominator)) return numerator > 0 ? MAXIMUM_CONTROL : MINIMUM_CONTROL;
  return numerator / denominator;
}

function controlParameterToFitSecondDerivativeAtRightSide(
  xL: number,
  xR: number,
  yL: number,
  yR: number,
  dL: number,
  dR: number,
  secondDerivativeR: number,
): number {
  const h = xR - xL;
  const numerator = 0.5 * h * secondDerivativeR + (dR - dL);
  if (isZero(numerator)) return 0;
  const denominator = dR - (yR - yL) / h;
  if (isZero(denominator)) return numerator > 0 ? MAXIMUM_CONTROL : MINIMUM_CONTROL;
  return numerator / denominator;
}

/** Smallest control parameter that keeps the interpolant monotone and convex/concave like the data. */
function minimumControlParameter(dL: number, dR: number, s: number, preferShapePreservation: boolean): number {
  const monotonic = dL * s >= 0 && dR * s >= 0;
  const convex = dL <= s && s <= dR;
  const concave = dL >= s && s >= dR;
  if (!monotonic && !convex && !concave) return MINIMUM_CONTROL;
  const dRmdL = dR - dL;
  const dRms = dR - s;
  const smdL = s - dL;
  let r1 = -Number.MAX_VALUE;
  let r2 = r1;
  if (monotonic) {
    if (!isZero(s))
      r1 = (dR + dL) / s; // (3.8)
    else if (preferShapePreservation) r1 = MAXIMUM_CONTROL;
  }
  if (convex || concave) {
    if (!(isZero(smdL) || isZero(dRms)))
      r2 = Math.max(Math.abs(dRmdL / dRms), Math.abs(dRmdL / smdL)); // (3.18)
    else if (preferShapePreservation) r2 = MAXIMUM_CONTROL;
  } else if (monotonic && preferShapePreservation) {
    r2 = MAXIMUM_CONTROL;
  }
  return Math.max(MINIMUM_CONTROL, Math.max(r1, r2));
}

export function convexControlParameterToFitSecondDerivativeAtLeftSide(
  xL: number,
  xR: number,
  yL: number,
  yR: number,
  dL: number,
  dR: number,
  secondDerivativeL: number,
  preferShapePreservation: boolean,
): number {
  const r = controlParameterToFitSecondDerivativeAtLeftSide(xL, xR, yL, yR, dL, dR, secondDerivativeL);
  const rMin = minimumControlParameter(dL, dR, (yR - yL) / (xR - xL), preferShapePreservation);
  return Math.max(r, rMin);
}

export function convexControlParameterToFitSecondDerivativeAtRightSide(
  xL: number,
  xR: number,
  yL: number,
  yR: number,
  dL: number,
  dR: number,
  secondDerivativeR: number,
  preferShapePreservation: boolean,
): number {
  const r = controlParameterToFitSecondDerivativeAtRightSide(xL, xR, yL, yR, dL, dR, secondDerivativeR);
  const rMin = minimumControlParameter(dL, dR, (yR - yL) / (xR - xL), preferShapePreservation);
  return Math.max(r, rMin);
}
