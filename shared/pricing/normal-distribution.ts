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

// Cody's thresholds for IEEE double precision.
const THRESH = 0.46875;
const XBIG = 26.543;
const XHUGE = 6.71e7;
const XMAX = 2.53e307;
const XNEG = -26.628;

// Cody's coefficients (CALERF, 1990), written as literals in their shortest form that parses to the same double.
// Literals rather than named module constants: each module constant costs V8 a context load and a hole check
// (bytecode too), and the byte count decides whether the JIT inlines Φ into the pricing kernels.
//   erf(x) = x·Pa(x²)/Qa(x²) on |x| <= 0.46875 (A, B); erfcx(x) = Pc(x)/Qc(x) on 0.46875 < x <= 4 (C, D);
//   erfcx(x) = (1/√π - z·Pp(z)/Qp(z))/x with z = 1/x² on x > 4 (P, Q).

/**
 * erf(x) for |x| <= 0.46875: x·(A4 z⁴ + A0 z³ + A1 z² + A2 z + A3)/(z⁴ + B0 z³ + B1 z² + B2 z + B3), z = x².
 * The polynomials here and in erfcxMiddle are evaluated in Estrin's scheme (terms paired and combined by powers of
 * the argument) rather than Horner's: the rounding is as good and the chain of dependent multiply-adds the CPU
 * waits on is half as long, which matters because Φ is the innermost function of every pricing loop.
 */
function erfSmall(x: number): number {
  const z = x * x;
  const z2 = z * z;
  const num = (0.18577770618460315 * z2 + (3.1611237438705655 * z + 113.86415415105016)) * z2 + (377.485237685302 * z + 3209.3775891384694);
  const den = (z2 + (23.601290952344122 * z + 244.02463793444417)) * z2 + (1282.6165260773723 * z + 2844.236833439171);
  return (x * num) / den;
}

/** erfcx(y) = exp(y²)·erfc(y) for y > 0.46875, no exponential involved. */
function erfcxLarge(y: number): number {
  return y <= 4 ? erfcxMiddle(y) : erfcxTail(y);
}

/** erfcx(y) for 0.46875 < y <= 4: (C8 y⁸ + C0 y⁷ + C1 y⁶ + ... + C7) / (y⁸ + D0 y⁷ + D1 y⁶ + ... + D7). */
function erfcxMiddle(y: number): number {
  const y2 = y * y;
  const y4 = y2 * y2;
  const num =
    ((2.1531153547440383e-8 * y2 + (0.5641884969886701 * y + 8.883149794388377)) * y4 +
      ((66.11919063714163 * y + 298.6351381974001) * y2 + (881.952221241769 * y + 1712.0476126340707))) *
      y2 +
    (2051.0783778260716 * y + 1230.3393547979972);
  const den =
    ((y2 + (15.744926110709835 * y + 117.6939508913125)) * y4 +
      ((537.1811018620099 * y + 1621.3895745666903) * y2 + (3290.7992357334597 * y + 4362.619090143247))) *
      y2 +
    (3439.3676741437216 * y + 1230.3393548037495);
  return num / den;
}

/** erfcx(y) for y > 4: (1/√π - z·Pp(z)/Qp(z))/y with z = 1/y². */
function erfcxTail(y: number): number {
  if (y >= XHUGE) return y >= XMAX ? 0 : ONE_OVER_SQRT_PI / y;
  const z = 1 / (y * y);
  const num =
    ((((0.016315387137302097 * z + 0.30532663496123236) * z + 0.36034489994980445) * z + 0.12578172611122926) * z + 0.016083785148742275) * z +
    0.0006587491615298378;
  const den = ((((z + 2.568520192289822) * z + 1.8729528499234604) * z + 0.5279051029514285) * z + 0.06051834131244132) * z + 0.0023352049762686918;
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
    return Math.exp(y * y) * (1 - erfSmall(x));
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
 * Relative accuracy is that of gauss, about |x|²·1e-16, ample for prices and Greeks. For |x| > 0.66 (|x|/√2 >
 * 0.46875) the smaller tail is ½·gauss·erfcx(|x|/√2), one rational function and no exponential.
 * This is the innermost function of pricing, Greeks, chains and Bjerksund-Stensland; the JIT inlines it with
 * erfSmall and erfcxMiddle (about 430 bytes of bytecode in all, against V8's inlining budget of 920 per caller).
 */
export function normCdfFromGauss(x: number, gauss: number): number {
  const w = x * 0.7071067811865476;
  const y = Math.abs(w);
  if (y <= THRESH) return 0.5 + 0.5 * erfSmall(w);
  const tail = 0.5 * gauss * (y <= 4 ? erfcxMiddle(y) : erfcxTail(y));
  return x < 0 ? tail : 1 - tail;
}

/**
 * Φ(-|x|), the smaller tail, given gauss = exp(-x²/2): a call and a put on the same strike need Φ(±d) and
 * Φ(∓d) = 1 - Φ(±d), and taking both from the smaller tail keeps each to full relative accuracy.
 */
export function normTailFromGauss(x: number, gauss: number): number {
  const y = Math.abs(x) * 0.7071067811865476;
  if (y <= THRESH) return 0.5 - 0.5 * erfSmall(y);
  return 0.5 * gauss * (y <= 4 ? erfcxMiddle(y) : erfcxTail(y));
}

// AS 241 coefficients.
const SPLIT1 = 0.425,
  SPLIT2 = 5,
  CONST1 = 0.180625,
  CONST2 = 1.6;
const IA0 = 3.3871328727963665,
  IA1 = 133.14166789178438,
  IA2 = 1971.5909503065513;
const IA3 = 13731.69376550946,
  IA4 = 45921.95393154987,
  IA5 = 67265.7709270087;
const IA6 = 33430.57558358813,
  IA7 = 2509.0809287301227;
const IB1 = 42.31333070160091,
  IB2 = 687.1870074920579,
  IB3 = 5394.196021424751;
const IB4 = 21213.794301586597,
  IB5 = 39307.89580009271,
  IB6 = 28729.085735721943;
const IB7 = 5226.495278852854;
const IC0 = 1.4234371107496835,
  IC1 = 4.630337846156546,
  IC2 = 5.769497221460691;
const IC3 = 3.6478483247632045,
  IC4 = 1.2704582524523684,
  IC5 = 0.2417807251774506;
const IC6 = 0.022723844989269184,
  IC7 = 0.0007745450142783414;
const ID1 = 2.053191626637759,
  ID2 = 1.6763848301838038,
  ID3 = 0.6897673349851;
const ID4 = 0.14810397642748008,
  ID5 = 0.015198666563616457,
  ID6 = 0.0005475938084995345;
const ID7 = 1.0507500716444169e-9;
const IE0 = 6.657904643501103,
  IE1 = 5.463784911164114,
  IE2 = 1.7848265399172913;
const IE3 = 0.29656057182850487,
  IE4 = 0.026532189526576124,
  IE5 = 0.0012426609473880784;
const IE6 = 2.7115555687434876e-5,
  IE7 = 2.0103343992922881e-7;
const IF1 = 0.599832206555888,
  IF2 = 0.1369298809227358,
  IF3 = 0.014875361290850615;
const IF4 = 0.0007868691311456133,
  IF5 = 1.8463183175100548e-5,
  IF6 = 1.421511758316446e-7;
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
