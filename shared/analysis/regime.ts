/**
 * Market-regime components (the volatility risk premium as OptionMetrics measures it; the
 * term structure read as VIX against VIX3M): trend from the close against its 50- and 200-day
 * simple moving averages, volatility state from IV rank and the IV30/IV90 term structure, and the volatility premium
 * IV30 − HV20. A simple practitioners' classifier, documented where it is shown; thresholds are education, not advice.
 */

/** The mean of the last `window` values; null with fewer. */
export function simpleMovingAverage(values: readonly number[], window: number): number | null {
  if (!Number.isInteger(window) || window < 1 || values.length < window) return null;
  return values.slice(-window).reduce((s, x) => s + x, 0) / window;
}

export type Trend = 'up' | 'down' | 'range';

/** Up: C > SMA50 > SMA200; down: C < SMA50 < SMA200; else range. */
export function trendOf({ close, sma50, sma200 }: { close: number; sma50: number; sma200: number }): Trend {
  if (close > sma50 && sma50 > sma200) return 'up';
  if (close < sma50 && sma50 < sma200) return 'down';
  return 'range';
}

export type VolatilityState = 'low' | 'normal' | 'high';

/** Low: IV rank < 30 and IV30/IV90 < 0.9; high: IV rank > 60 or IV30/IV90 > 1.0 (backwardation); else normal. */
export function volatilityState({ ivRank, termRatio }: { ivRank: number; termRatio: number }): VolatilityState {
  if (ivRank > 60 || termRatio > 1) return 'high';
  if (ivRank < 30 && termRatio < 0.9) return 'low';
  return 'normal';
}

export type VolatilityPremium = 'rich' | 'fair' | 'cheap';

/** IV30 − HV20 in volatility points: rich above +3, cheap below −1, else fair. */
export function volatilityPremium(iv30: number, hv20: number): VolatilityPremium {
  const points = (iv30 - hv20) * 100;
  if (points > 3) return 'rich';
  if (points < -1) return 'cheap';
  return 'fair';
}
