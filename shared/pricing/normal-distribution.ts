/**
 * The standard normal distribution in double precision.
 *
 * - erfc, erfcx: W. J. Cody, "Rational Chebyshev approximations for the error function", Math. Comp. 23 (1969)
 *   631-638, coefficients and thresholds of his CALERF routine (Argonne, 1990 revision), accurate to about 1e-16
 *   relative. erfcx(x) = exp(x²)·erfc(x) is evaluated without any exponential for x > 0.46875.
 * - normCdf: Φ(z) = erfc(-z/√2)/2, and for z <= -10 the asymptotic series of Abramowitz & Stegun 26.2.12, as in
 *   P. Jäckel, "Let's Be Rational" (2015), whose implied-volatility solver needs full relative accuracy in the tail.
 * - normCdfFromGauss: Φ(x) when exp(-x²/2) is already known; pricing shares that exponential with the density,
 *   so each Φ costs one rational function instead of two exponentials.
 * - inverseNormCdf: algorithm AS 241 (PPND16), M. J. Wichura, Applied Statistics 37 (1988) 477-484, ~1e-16.
 */

export const ONE_OVER_SQRT_TWO_PI = 0.3989422804014327;
export const ONE_OVER_SQRT_TWO = 0.7071067811865476;
export const SQRT_TWO_PI = 2.5066282746310007;
const ONE_OVER_SQRT_PI = 0.5641895835477563;
const DBL_EPSILON = 2.220446049250313e-16;

// Published coefficients are written in their shortest form that parses to the same double.

// Cody's thresholds for IEEE double precision.
const THRESH = 0.46875;
const XSMALL = 1.11e-16;
const XBIG = 26.543;
const XHUGE = 6.71e7;
const XMAX = 2.53e307;
const XNEG = -26.628;

// erf(x) = x·Pa(x²)/Qa(x²) on |x| <= 0.46875
const A0 = 3.1611237438705655, A1 = 113.86415415105016, A2 = 377.485237685302, A3 = 3209.3775891384694;
const A4 = 0.18577770618460315;
const B0 = 23.601290952344122, B1 = 244.02463793444417, B2 = 1282.6165260773723, B3 = 2844.236833439171;
// erfcx(x) = Pc(x)/Qc(x) on 0.46875 < x <= 4
const C0 = 0.5641884969886701, C1 = 8.883149794388377, C2 = 66.11919063714163, C3 = 298.6351381974001;
const C4 = 881.952221241769, C5 = 1712.0476126340707, C6 = 2051.0783778260716, C7 = 1230.3393547979972;
const C8 = 2.1531153547440383e-08;
const D0 = 15.744926110709835, D1 = 117.6939508913125, D2 = 537.1811018620099, D3 = 1621.3895745666903;
const D4 = 3290.7992357334597, D5 = 4362.619090143247, D6 = 3439.3676741437216, D7 = 1230.3393548037495;
// erfcx(x) = (1/√π - z·Pp(z)/Qp(z))/x with z = 1/x² on x > 4
const P0 = 0.30532663496123236, P1 = 0.36034489994980445, P2 = 0.12578172611122926;
const P3 = 0.016083785148742275, P4 = 0.0006587491615298378, P5 = 0.016315387137302097;
const Q0 = 2.568520192289822, Q1 = 1.8729528499234604, Q2 = 0.5279051029514285;
const Q3 = 0.06051834131244132, Q4 = 0.0023352049762686918;

/** erf(x) for |x| <= 0.46875. */
function erfSmall(x: number): number {
  const z = Math.abs(x) > XSMALL ? x * x : 0;
  return (x * ((((A4 * z + A0) * z + A1) * z + A2) * z + A3)) / ((((z + B0) * z + B1) * z + B2) * z + B3);
}

/** erfcx(y) = exp(y²)·erfc(y) for y > 0.46875, no exponential involved. */
function erfcxLarge(y: number): number {
  if (y <= 4) {
    const num = (((((((C8 * y + C0) * y + C1) * y + C2) * y + C3) * y + C4) * y + C5) * y + C6) * y + C7;
    const den = (((((((y + D0) * y + D1) * y + D2) * y + D3) * y + D4) * y + D5) * y + D6) * y + D7;
    return num / den;
  }
  if (y >= XHUGE) return y >= XMAX ? 0 : ONE_OVER_SQRT_PI / y;
  const z = 1 / (y * y);
  const num = ((((P5 * z + P0) * z + P1) * z + P2) * z + P3) * z + P4;
  const den = ((((z + Q0) * z + Q1) * z + Q2) * z + Q3) * z + Q4;
  return (ONE_OVER_SQRT_PI - (z * num) / den) / y;
}

/** exp(-y²) without the cancellation error of rounding y² first: Cody's split y = ysq + (y - ysq). */
function expMinusSquare(y: number): number {
  const ysq = Math.trunc(y * 16) / 16;
  const del = (y - ysq) * (y + ysq);
  return Math.exp(-ysq * ysq) * Math.exp(-del);
}

/** Complementary error function erfc(x) = 1 - erf(x). */
export function erfc(x: number): number {
  const y = Math.abs(x);
  if (y <= THRESH) return 1 - erfSmall(x);
  const result = y >= XBIG ? 0 : expMinusSquare(y) * erfcxLarge(y);
  return x < 0 ? 2 - result : result;
}

/** Scaled complementary error function erfcx(x) = exp(x²)·erfc(x). */
export function erfcx(x: number): number {
  const y = Math.abs(x);
  if (y <= THRESH) {
    const ysq = y > XSMALL ? y * y : 0;
    return Math.exp(ysq) * (1 - erfSmall(x));
  }
  const result = erfcxLarge(y);
  if (x >= 0) return result;
  if (x < XNEG) return Number.MAX_VALUE;
  const ysq = Math.trunc(x * 16) / 16;
  const del = (x - ysq) * (x + ysq);
  const e = Math.exp(ysq * ysq) * Math.exp(del);
  return e + e - result;
}

/** Standard normal density φ(x) = exp(-x²/2)/√(2π). */
export function normPdf(x: number): number {
  return ONE_OVER_SQRT_TWO_PI * Math.exp(-0.5 * x * x);
}

const ASYMPTOTIC_FIRST_THRESHOLD = -10;
const ASYMPTOTIC_SECOND_THRESHOLD = -1 / Math.sqrt(DBL_EPSILON);

/** Standard normal cumulative distribution Φ(z), full relative accuracy in the lower tail. */
export function normCdf(z: number): number {
  if (z <= ASYMPTOTIC_FIRST_THRESHOLD) {
    // Φ(z) = φ(z)/|z|·[1 - 1/z² + 3/z⁴ - ...]; stop when terms stop shrinking or fall below an ulp of the sum.
    let sum = 1;
    if (z >= ASYMPTOTIC_SECOND_THRESHOLD) {
      const zsqr = z * z;
      let i = 1;
      let g = 1;
      let a = Number.MAX_VALUE;
      let lasta: number;
      do {
        lasta = a;
        const x = (4 * i - 3) / zsqr;
        const y = x * ((4 * i - 1) / zsqr);
        a = g * (x - y);
        sum -= a;
        g *= y;
        ++i;
        a = Math.abs(a);
      } while (lasta > a && a >= Math.abs(sum * DBL_EPSILON));
    }
    return (-normPdf(z) * sum) / z;
  }
  return 0.5 * erfc(-z * ONE_OVER_SQRT_TWO);
}

/**
 * Φ(x) given gauss = exp(-x²/2) (computed by the caller, typically shared with φ(x) = gauss/√(2π)).
 * Relative accuracy is that of gauss, about |x|²·1e-16, ample for prices and Greeks.
 * Written flat (Cody's three rationals inline, no nested calls) so the JIT compiles it as one small unit: this is
 * the innermost function of pricing, Greeks and chains.
 */
export function normCdfFromGauss(x: number, gauss: number): number {
  const w = x * ONE_OVER_SQRT_TWO;
  const y = Math.abs(w);
  if (y <= THRESH) {
    const z = w * w;
    const erf = (w * ((((A4 * z + A0) * z + A1) * z + A2) * z + A3)) / ((((z + B0) * z + B1) * z + B2) * z + B3);
    return 0.5 + 0.5 * erf;
  }
  let ratio: number; // erfcx(y)
  if (y <= 4) {
    ratio =
      ((((((((C8 * y + C0) * y + C1) * y + C2) * y + C3) * y + C4) * y + C5) * y + C6) * y + C7) /
      ((((((((y + D0) * y + D1) * y + D2) * y + D3) * y + D4) * y + D5) * y + D6) * y + D7);
  } else {
    const z = 1 / (y * y);
    ratio = (ONE_OVER_SQRT_PI - (z * (((((P5 * z + P0) * z + P1) * z + P2) * z + P3) * z + P4)) /
      (((((z + Q0) * z + Q1) * z + Q2) * z + Q3) * z + Q4)) / y;
  }
  const tail = 0.5 * gauss * ratio;
  return x < 0 ? tail : 1 - tail;
}

// AS 241 coefficients.
const SPLIT1 = 0.425, SPLIT2 = 5, CONST1 = 0.180625, CONST2 = 1.6;
const IA0 = 3.3871328727963665, IA1 = 133.14166789178438, IA2 = 1971.5909503065513;
const IA3 = 13731.69376550946, IA4 = 45921.95393154987, IA5 = 67265.7709270087;
const IA6 = 33430.57558358813, IA7 = 2509.0809287301227;
const IB1 = 42.31333070160091, IB2 = 687.1870074920579, IB3 = 5394.196021424751;
const IB4 = 21213.794301586597, IB5 = 39307.89580009271, IB6 = 28729.085735721943;
const IB7 = 5226.495278852854;
const IC0 = 1.4234371107496835, IC1 = 4.630337846156546, IC2 = 5.769497221460691;
const IC3 = 3.6478483247632045, IC4 = 1.2704582524523684, IC5 = 0.2417807251774506;
const IC6 = 0.022723844989269184, IC7 = 0.0007745450142783414;
const ID1 = 2.053191626637759, ID2 = 1.6763848301838038, ID3 = 0.6897673349851;
const ID4 = 0.14810397642748008, ID5 = 0.015198666563616457, ID6 = 0.0005475938084995345;
const ID7 = 1.0507500716444169e-09;
const IE0 = 6.657904643501103, IE1 = 5.463784911164114, IE2 = 1.7848265399172913;
const IE3 = 0.29656057182850487, IE4 = 0.026532189526576124, IE5 = 0.0012426609473880784;
const IE6 = 2.7115555687434876e-05, IE7 = 2.0103343992922881e-07;
const IF1 = 0.599832206555888, IF2 = 0.1369298809227358, IF3 = 0.014875361290850615;
const IF4 = 0.0007868691311456133, IF5 = 1.8463183175100548e-05, IF6 = 1.421511758316446e-07;
const IF7 = 2.0442631033899397e-15;

/** Φ⁻¹(u): -Infinity at 0, +Infinity at 1, NaN outside [0, 1]. */
export function inverseNormCdf(u: number): number {
  if (u <= 0) return u === 0 ? -Infinity : NaN;
  if (u >= 1) return u === 1 ? Infinity : NaN;
  const q = u - 0.5;
  if (Math.abs(q) <= SPLIT1) {
    const r = CONST1 - q * q;
    return (
      (q * (((((((IA7 * r + IA6) * r + IA5) * r + IA4) * r + IA3) * r + IA2) * r + IA1) * r + IA0)) /
      (((((((IB7 * r + IB6) * r + IB5) * r + IB4) * r + IB3) * r + IB2) * r + IB1) * r + 1)
    );
  }
  let r = Math.sqrt(-Math.log(q < 0 ? u : 1 - u));
  let value: number;
  if (r < SPLIT2) {
    r -= CONST2;
    value =
      (((((((IC7 * r + IC6) * r + IC5) * r + IC4) * r + IC3) * r + IC2) * r + IC1) * r + IC0) /
      (((((((ID7 * r + ID6) * r + ID5) * r + ID4) * r + ID3) * r + ID2) * r + ID1) * r + 1);
  } else {
    r -= SPLIT2;
    value =
      (((((((IE7 * r + IE6) * r + IE5) * r + IE4) * r + IE3) * r + IE2) * r + IE1) * r + IE0) /
      (((((((IF7 * r + IF6) * r + IF5) * r + IF4) * r + IF3) * r + IF2) * r + IF1) * r + 1);
  }
  return q < 0 ? -value : value;
}
