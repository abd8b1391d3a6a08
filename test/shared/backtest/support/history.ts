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

/** Path 1: a slide from 100 to 94.30 and back to 99.10, IV rising from 20% to 28% and easing. */
export const CLOSES_1 = [100, 101, 100.5, 99, 98.2, 99.5, 100.8, 99.4, 97.6, 96.9, 97.8, 96.2, 95.5, 95.1, 94.3, 95.6, 96.8, 97.9, 98.4, 99.1];
export const IVS_1 = [0.2, 0.21, 0.205, 0.22, 0.23, 0.215, 0.2, 0.21, 0.24, 0.25, 0.24, 0.26, 0.27, 0.265, 0.28, 0.26, 0.25, 0.24, 0.235, 0.23];
/** Path 2: the price hovering near 100, IV falling from 25% to 15%. */
export const CLOSES_2 = [100, 100.4, 99.8, 100.2, 100.9, 100.3, 99.6, 100.1, 100.5, 99.9, 100.2, 100.6, 100.1, 99.7, 100.3, 100.8, 100.2, 99.9, 100.4, 100.1];
export const IVS_2 = [0.25, 0.245, 0.24, 0.235, 0.23, 0.22, 0.215, 0.21, 0.2, 0.195, 0.19, 0.185, 0.18, 0.175, 0.17, 0.165, 0.16, 0.16, 0.155, 0.15];

/** One entry in the 20 sessions: every 63 sessions from the first. */
export const ONCE = { kind: 'every', tradingDays: 63 } as const;

/** An iron condor 8% / 4% below and 4% / 8% above the entry price (92/96/104/108 at 100). */
export const IRON_CONDOR = {
  legs: [
    { type: 'put', side: 'buy', quantity: 1, strike: { by: 'distance', distance: -8, unit: 'percent' } },
    { type: 'put', side: 'sell', quantity: 1, strike: { by: 'distance', distance: -4, unit: 'percent' } },
    { type: 'call', side: 'sell', quantity: 1, strike: { by: 'distance', distance: 4, unit: 'percent' } },
    { type: 'call', side: 'buy', quantity: 1, strike: { by: 'distance', distance: 8, unit: 'percent' } },
  ],
} as const;
