/**
 * Volatility definitions of the analysis pages and the market-analysis lessons (issue 22 "Definitions"), as
 * practitioners use them: tastytrade and Barchart (IV rank and percentile), tastytrade and Brenner-Subrahmanyam
 * (expected move), Sinclair's "Volatility Trading" (event move) and Hull (realized volatility). Pure functions: volatilities are
 * fractions (0.2 = 20%), times in years.
 */

/** Trading days in a year, the annualisation of daily returns (Hull, Options, Futures and Other Derivatives, "Estimating volatility from historical data"). */
export const TRADING_DAYS_PER_YEAR = 252;

/**
 * IV rank (tastytrade's definition): where the current IV sits in its range,
 * 100 × (current − low) / (high − low), low and high over the history and the current value. One spike in the history
 * keeps the rank low for a year. Null when the range is empty (no history, or every value equal).
 *
 * Worked example (a published explainer): history 30, 10, 11, 15, 17 and current 20 → (20 − 10) / (30 − 10) = 50.
 */
export function ivRank(current: number, history: readonly number[]): number | null {
  if (history.length === 0) return null;
  let low = current;
  let high = current;
  for (const x of history) {
    if (x < low) low = x;
    if (x > high) high = x;
  }
  return high > low ? (100 * (current - low)) / (high - low) : null;
}

/**
 * IV percentile (Barchart's definition, "IV Rank and IV Percentile"): the share of the history's days whose IV was
 * below the current one, 100 × (number of history values below current) / history length. Robust to one spike.
 * Null with no history.
 *
 * Worked example (the same explainer): history 30, 10, 11, 15, 17 and current 20 → 4 / 5 = 80.
 */
export function ivPercentile(current: number, history: readonly number[]): number | null {
  if (history.length === 0) return null;
  return (100 * history.filter((x) => x < current).length) / history.length;
}

/**
 * Close-to-close realized (historical) volatility over the last `window` log returns (Hull, "Estimating volatility from historical data"):
 * √(252 / (n − 1) × Σ (rᵢ − r̄)²), rᵢ = ln(Cᵢ / Cᵢ₋₁), n = window; the sample standard deviation of daily log returns,
 * annualised. Needs window + 1 closes; null with fewer, or a window under 2.
 */
export function realizedVolatility(closes: readonly number[], window: number): number | null {
  if (!Number.isInteger(window) || window < 2 || closes.length < window + 1) return null;
  const last = closes.slice(-(window + 1));
  const returns = last.slice(1).map((c, i) => Math.log(c / last[i]!));
  const mean = returns.reduce((s, r) => s + r, 0) / window;
  const sumSq = returns.reduce((s, r) => s + (r - mean) ** 2, 0);
  return Math.sqrt((TRADING_DAYS_PER_YEAR / (window - 1)) * sumSq);
}

/**
 * The one-standard-deviation expected move from implied volatility (tastytrade's expected move): price × iv × √t,
 * t in years (calendar days / 365, or trading days / 252, one convention throughout). The price ends inside
 * ± this move about 68% of the time if the IV is right (lognormally, the bounds S·e^(±σ√t) are a little asymmetric).
 *
 * Worked example (a published one): S = 425, σ = 55%, 6 days / 365 → ± $29.97.
 */
export function expectedMove({ price, iv, t }: { price: number; iv: number; t: number }): number {
  return price * iv * Math.sqrt(t);
}

/**
 * The three expected-move numbers, each labelled for what it is (sites often confuse them): the 1-SD move from IV, the
 * at-the-money straddle (≈ √(2/π) × 1 SD ≈ 0.80 SD: the market's expected absolute move), and 0.85 × straddle
 * (≈ 0.68 SD: the range the price ends inside about half the time; many sites call it "the" expected move).
 */
export const EXPECTED_MOVE_LABELS = {
  oneSd: '1 SD from IV: S × σ × √t, the price ends inside about 68% of the time',
  straddle: 'ATM straddle: about the expected absolute move',
  halfTheTime: '0.85 × straddle: the range the price ends inside about half the time',
} as const;

/** The straddle's two expected moves (Brenner and Subrahmanyam, Financial Analysts Journal 1988): the straddle itself and 0.85 × it. */
export function straddleMoves(straddle: number): { meanAbsoluteMove: number; halfTheTimeRange: number } {
  return { meanAbsoluteMove: straddle, halfTheTimeRange: 0.85 * straddle };
}

export interface EventImpliedMove {
  /** σd: the annualised diffusive (non-event) volatility, the forward vol between the two expiries. */
  diffusiveVol: number;
  /** E: the event's one-off variance (not annualised). */
  eventVariance: number;
  /** √E: the one-standard-deviation event move, a fraction of the price (0.08 = 8%). */
  eventMove: number;
}

/**
 * The event (earnings) move implied by the term structure (Sinclair's method, "Volatility Trading"): with
 * both expiries after the event, total implied variance is σᵢ²Tᵢ = σd²Tᵢ + E, so
 *   σd² = (σ₂²T₂ − σ₁²T₁) / (T₂ − T₁),  E = σ₁²T₁ − σd²T₁,  event move = √E.
 * Null when T₁ ≥ T₂, when the diffusive variance is not positive, or when E ≤ 0 (the term structure prices no event
 * premium). The expected absolute event move is about √(2/π) × √E ≈ 0.80 √E.
 *
 * Worked example (trading-day time): front 3/252 at 80%, back 24/252 at 40% → σd ≈ 30%, E ≈ 0.00653, √E ≈ 8.1%.
 */
export function eventImpliedMove({
  frontIv,
  frontT,
  backIv,
  backT,
}: {
  frontIv: number;
  frontT: number;
  backIv: number;
  backT: number;
}): EventImpliedMove | null {
  if (!(frontT > 0) || !(backT > frontT)) return null;
  const w1 = frontIv * frontIv * frontT;
  const w2 = backIv * backIv * backT;
  const diffusiveVariance = (w2 - w1) / (backT - frontT);
  if (!(diffusiveVariance > 0)) return null;
  const eventVariance = w1 - diffusiveVariance * frontT;
  if (!(eventVariance > 0)) return null;
  return { diffusiveVol: Math.sqrt(diffusiveVariance), eventVariance, eventMove: Math.sqrt(eventVariance) };
}
