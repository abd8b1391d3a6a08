import { BacktestRulesSchema, type BacktestRules } from '@shared/backtest';
import type { DailySummary } from '@shared/metrics/daily-summary';
import { daysBetween } from '@shared/market/dates';
import { normCdf } from '@shared/pricing/normal-distribution';

/**
 * A constructed 20-session history of SPX (options European-style, no dividend yield in the product's profiles), March
 * 2026 (no NYSE holiday from 2 to 27 March): each session's close and a flat surface (IV30 = IV90 = the 25-delta IVs),
 * so every strike and expiry of a session has that session's IV and a price is Black-Scholes-Merton by hand.
 */
export const DATES = [
  '2026-03-02',
  '2026-03-03',
  '2026-03-04',
  '2026-03-05',
  '2026-03-06',
  '2026-03-09',
  '2026-03-10',
  '2026-03-11',
  '2026-03-12',
  '2026-03-13',
  '2026-03-16',
  '2026-03-17',
  '2026-03-18',
  '2026-03-19',
  '2026-03-20',
  '2026-03-23',
  '2026-03-24',
  '2026-03-25',
  '2026-03-26',
  '2026-03-27',
] as const;

export function summaryRow(underlying: string, date: string, close: number, iv: number | null, more: Partial<DailySummary> = {}): DailySummary {
  return {
    underlying,
    date,
    source: 'demo',
    basis: 'model',
    close,
    volume: null,
    iv30: iv,
    iv90: iv,
    iv25dCall: iv,
    iv25dPut: iv,
    hv20: null,
    putVolume: null,
    callVolume: null,
    putOpenInterest: null,
    callOpenInterest: null,
    putPremium: null,
    callPremium: null,
    nextEarnings: null,
    ...more,
  };
}

export const history = (closes: readonly number[], ivs: readonly number[], underlying = 'SPX'): DailySummary[] =>
  DATES.map((d, i) => summaryRow(underlying, d, closes[i]!, ivs[i]!));

/** The product's rate (shared/market/underlyings.ts RISK_FREE_RATE), restated: 4% continuous. */
export const R = 0.04;

/** Black-Scholes-Merton, q = 0, step by step: d₁ = (ln(S/K) + (r + σ²/2)T) / (σ√T), d₂ = d₁ − σ√T. */
export function bsm(type: 'call' | 'put', S: number, K: number, T: number, sigma: number): number {
  if (T <= 0) return Math.max(0, type === 'call' ? S - K : K - S);
  const sd = sigma * Math.sqrt(T);
  const d1 = (Math.log(S / K) + (R + (sigma * sigma) / 2) * T) / sd;
  const d2 = d1 - sd;
  const df = Math.exp(-R * T);
  return type === 'call' ? S * normCdf(d1) - K * df * normCdf(d2) : K * df * normCdf(-d2) - S * normCdf(-d1);
}

/** The put's delta by the same formula: −N(−d₁). */
export function putDelta(S: number, K: number, T: number, sigma: number): number {
  const sd = sigma * Math.sqrt(T);
  const d1 = (Math.log(S / K) + (R + (sigma * sigma) / 2) * T) / sd;
  return -normCdf(-d1);
}

/** Calendar days / 365, close to close. */
export function years(from: string | undefined, to: string): number {
  if (from === undefined) throw new Error('no such session');
  return daysBetween(from, to) / 365;
}

/** Rules through the route's schema (defaults filled in), on SPX over the 20 sessions unless given. */
export const rules = (input: Record<string, unknown>): BacktestRules =>
  BacktestRulesSchema.parse({ underlying: 'SPX', from: DATES[0], to: DATES.at(-1), ...input });

/** The default costs a contract, each fill: $0.65 commission + $2.00 spread. */
export const COST_PER_CONTRACT = 0.65 + 2;
