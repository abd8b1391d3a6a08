/**
 * Test helper: an independent reference for Bjerksund-Stensland 2002. Haug's formulas (2007, chapter on American options: the φ and
 * ψ functions, 24 bivariate normals written out) transcribed directly, with Genz's general bivariate normal
 * (its 20-point rule at this correlation, accurate to ~1e-16 at the (h, k) the model produces), the
 * full-accuracy Φ and Math.exp/Math.log; no shared Φ values, no skipped terms, no fixed-correlation tables.
 * It agrees with a 40-digit mpmath evaluation of the same formulas to 4e-14 on the cases checked in
 * american.test.ts. Slow (about 20 µs a price); for tests only.
 */
import { bivariateNormalCdf } from '@shared/pricing/bivariate-normal';
import { normCdf } from '@shared/pricing/normal-distribution';
import { price } from '@shared/pricing';

function phi(S: number, T: number, gamma: number, H: number, I: number, r: number, b: number, v: number): number {
  const lambda = -r + gamma * b + 0.5 * gamma * (gamma - 1) * v * v;
  const d = -(Math.log(S / H) + (b + (gamma - 0.5) * v * v) * T) / (v * Math.sqrt(T));
  const kappa = (2 * b) / (v * v) + (2 * gamma - 1);
  return Math.exp(lambda * T) * S ** gamma * (normCdf(d) - (I / S) ** kappa * normCdf(d - (2 * Math.log(I / S)) / (v * Math.sqrt(T))));
}

function psi(S: number, T2: number, gamma: number, H: number, I2: number, I1: number, t1: number, r: number, b: number, v: number): number {
  const m = b + (gamma - 0.5) * v * v;
  const e1 = (Math.log(S / I1) + m * t1) / (v * Math.sqrt(t1));
  const e2 = (Math.log((I2 * I2) / (S * I1)) + m * t1) / (v * Math.sqrt(t1));
  const e3 = (Math.log(S / I1) - m * t1) / (v * Math.sqrt(t1));
  const e4 = (Math.log((I2 * I2) / (S * I1)) - m * t1) / (v * Math.sqrt(t1));
  const f1 = (Math.log(S / H) + m * T2) / (v * Math.sqrt(T2));
  const f2 = (Math.log((I2 * I2) / (S * H)) + m * T2) / (v * Math.sqrt(T2));
  const f3 = (Math.log((I1 * I1) / (S * H)) + m * T2) / (v * Math.sqrt(T2));
  const f4 = (Math.log((S * I1 * I1) / (H * I2 * I2)) + m * T2) / (v * Math.sqrt(T2));
  const rho = Math.sqrt(t1 / T2);
  const lambda = -r + gamma * b + 0.5 * gamma * (gamma - 1) * v * v;
  const kappa = (2 * b) / (v * v) + (2 * gamma - 1);
  return (
    Math.exp(lambda * T2) *
    S ** gamma *
    (bivariateNormalCdf(-e1, -f1, rho) -
      (I2 / S) ** kappa * bivariateNormalCdf(-e2, -f2, rho) -
      (I1 / S) ** kappa * bivariateNormalCdf(-e3, -f3, -rho) +
      (I1 / I2) ** kappa * bivariateNormalCdf(-e4, -f4, -rho))
  );
}

function call(S: number, K: number, T: number, r: number, b: number, v: number): number {
  const european = price({ type: 'call', S, K, T, r, q: r - b, sigma: v });
  if (b >= r) return european;
  const t1 = 0.5 * (Math.sqrt(5) - 1) * T;
  const beta = 0.5 - b / (v * v) + Math.sqrt((b / (v * v) - 0.5) ** 2 + (2 * r) / (v * v));
  const bInf = (beta / (beta - 1)) * K;
  const b0 = Math.max(K, (r / (r - b)) * K);
  const h1 = Math.min(-(b * t1 + 2 * v * Math.sqrt(t1)) * ((K * K) / ((bInf - b0) * b0)), 0);
  const h2 = Math.min(-(b * T + 2 * v * Math.sqrt(T)) * ((K * K) / ((bInf - b0) * b0)), 0);
  const I1 = b0 + (bInf - b0) * (1 - Math.exp(h1));
  const I2 = b0 + (bInf - b0) * (1 - Math.exp(h2));
  const floor = Math.max(S - K, european);
  if (S >= I2) return floor;
  const alpha1 = (I1 - K) * I1 ** -beta;
  const alpha2 = (I2 - K) * I2 ** -beta;
  const value =
    alpha2 * S ** beta -
    alpha2 * phi(S, t1, beta, I2, I2, r, b, v) +
    phi(S, t1, 1, I2, I2, r, b, v) -
    phi(S, t1, 1, I1, I2, r, b, v) -
    K * phi(S, t1, 0, I2, I2, r, b, v) +
    K * phi(S, t1, 0, I1, I2, r, b, v) +
    alpha1 * phi(S, t1, beta, I1, I2, r, b, v) -
    alpha1 * psi(S, T, beta, I1, I2, I1, t1, r, b, v) +
    psi(S, T, 1, I1, I2, I1, t1, r, b, v) -
    psi(S, T, 1, K, I2, I1, t1, r, b, v) -
    K * psi(S, T, 0, I1, I2, I1, t1, r, b, v) +
    K * psi(S, T, 0, K, I2, I1, t1, r, b, v);
  return Number.isFinite(value) ? Math.max(value, floor) : floor;
}

export function referenceBjerksundStensland(isCall: boolean, S: number, K: number, T: number, r: number, q: number, v: number): number {
  const b = r - q;
  return isCall ? call(S, K, T, r, b, v) : call(K, S, T, r - b, -b, v);
}
