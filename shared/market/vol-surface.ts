import type { UnderlyingProfile } from './underlyings';

/** What the surface reads of an underlying: its 30-day at-the-money volatility, skew and smile (US or NSE profiles). */
export type VolProfile = Pick<UnderlyingProfile, 'atmVol' | 'skew' | 'smile'>;

/**
 * The simulated market's implied-volatility surface, a parametric smile in standardised
 * log-moneyness x = ln(K/F) / (σ_atm √T):
 *   σ(K, T) = σ_atm(T) · (1 + skew·x' + smile·x'²), x' = 3.5·tanh(x / 3.5), σ floored at 5%.
 * x' flattens the wings smoothly: a hard clamp of x at ±3.5 put a kink in σ(K) that made the prices
 * there non-convex in the strike (a butterfly bought for less than nothing), and the full-strength smile
 * made some far puts dearer than nearer ones; the 60-session scan in simulated-market.test.ts finds neither.
 * σ_atm(T) carries a mildly upward term structure (short-dated vol a little below 30-day vol),
 * and a day-level level shift so the market's volatility moves from day to day.
 * Skew is negative for indices (downside puts are dearer), smaller for single stocks; `daySkew` moves it along the
 * market's own day-to-day skew path (simulated-day.ts daySkewLevel).
 */
export function atmVol(profile: VolProfile, T: number, dayLevel = 1): number {
  const t = Math.max(T, 1 / 365);
  const term = 1 + 0.12 * (Math.sqrt(t) - Math.sqrt(30 / 365));
  return profile.atmVol * dayLevel * Math.min(1.3, Math.max(0.75, term));
}

export function surfaceVol(profile: VolProfile, strike: number, forward: number, T: number, dayLevel = 1, daySkew = 1): number {
  const t = Math.max(T, 1 / 365);
  const atm = atmVol(profile, t, dayLevel);
  const x = 3.5 * Math.tanh(Math.log(strike / forward) / (atm * Math.sqrt(t)) / 3.5);
  return Math.max(0.05, atm * (1 + profile.skew * daySkew * x + profile.smile * x * x));
}
