import { constantMaturityIv, T30, T90, type DailySummary } from '../metrics/daily-summary';

/**
 * The volatility surface of one session as the daily summary gives it: at-the-money IV at 30 and 90 days (`iv30`,
 * `iv90`) and the 30-day 25-delta call and put (`iv25dCall`, `iv25dPut`). A backtest has no stored chains for past
 * days, so a strike's and an expiry's volatility are read from these four figures, exactly as follows.
 *
 * - **Expiry (term structure)**: the at-the-money IV at T years is `constantMaturityIv` (metrics/daily-summary.ts, the
 *   same function that made IV30) over the two points (30 d, iv30) and (90 d, iv90): linear in total variance σ²T
 *   between them, flat before 30 days and after 90 days. Without iv90 it is iv30 at every T.
 * - **Strike (skew)**: in standardised moneyness x = ln(K/F) / (σ_atm(T)·√T), F = S·e^((r−q)T), flattened in the wings
 *   as the simulated market's own surface is (shared/market/vol-surface.ts): x' = 3.5·tanh(x / 3.5), and
 *   σ(K, T) = σ_atm(T)·(1 + a·x' + b·x'²). `a` (skew) and `b` (smile) are fitted so that at 30 days the 25-delta call
 *   (x ≈ +0.674, N⁻¹(0.75)) and put (x ≈ −0.674) get the summary's iv25dCall and iv25dPut exactly:
 *   a = (call − put) / (2·X'·iv30), b = ((call + put)/2 − iv30) / (X'²·iv30), X' = 3.5·tanh(0.674/3.5). The same a and b
 *   hold at every expiry (a smile constant in standardised moneyness, as the simulated market's). The drift term σ√T/2
 *   of the 25-delta strike's d₁ is left out of X (about 0.03 at 30 days and 20% volatility). Without either 25-delta IV
 *   the smile is flat.
 * - σ is floored at 1%; T below one day is read as one day.
 *
 * A day without IV30 (a real provider's backfilled bars) has no surface: no trade opens on it, and open legs are
 * valued on the latest earlier surface.
 */
export interface DaySurface {
  date: string;
  iv30: number;
  iv90: number | null;
  /** Skew and smile coefficients in x' (0 and 0 for a flat smile). */
  a: number;
  b: number;
}

/** N⁻¹(0.75): the standardised moneyness of a 25-delta option, drift left out. */
export const X25 = 0.6744897501960817;
const WING = 3.5;
const flatten = (x: number) => WING * Math.tanh(x / WING);
const X25_FLAT = flatten(X25);
const MIN_T = 1 / 365;
const MIN_SIGMA = 0.01;

/** The surface of a summary row; null when the row has no IV30. */
export function surfaceOf(row: Pick<DailySummary, 'date' | 'iv30' | 'iv90' | 'iv25dCall' | 'iv25dPut'>): DaySurface | null {
  const iv30 = row.iv30;
  if (iv30 === null || !(iv30 > 0)) return null;
  const call = row.iv25dCall;
  const put = row.iv25dPut;
  const smile = call !== null && put !== null && call > 0 && put > 0;
  return {
    date: row.date,
    iv30,
    iv90: row.iv90 !== null && row.iv90 > 0 ? row.iv90 : null,
    a: smile ? (call - put) / (2 * X25_FLAT * iv30) : 0,
    b: smile ? ((call + put) / 2 - iv30) / (X25_FLAT * X25_FLAT * iv30) : 0,
  };
}

/** The at-the-money IV at T years. */
export function atmVolAt(surface: DaySurface, T: number): number {
  const t = Math.max(T, MIN_T);
  if (surface.iv90 === null) return surface.iv30;
  return constantMaturityIv(
    [
      { T: T30, iv: surface.iv30 },
      { T: T90, iv: surface.iv90 },
    ],
    t,
  )!;
}

/** The IV of strike K at T years, the underlying at S, rates r and q (continuous). */
export function volAt(surface: DaySurface, S: number, K: number, T: number, r: number, q: number): number {
  const t = Math.max(T, MIN_T);
  const atm = atmVolAt(surface, t);
  if (surface.a === 0 && surface.b === 0) return Math.max(MIN_SIGMA, atm);
  const F = S * Math.exp((r - q) * t);
  const x = flatten(Math.log(K / F) / (atm * Math.sqrt(t)));
  return Math.max(MIN_SIGMA, atm * (1 + surface.a * x + surface.b * x * x));
}
