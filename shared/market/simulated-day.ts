import type { DailyBar } from './market-data.port';
import { ProviderError } from './market-data.port';
import { nextTradingDay, previousTradingDay, tradingDayOnOrBefore } from './calendar';
import { earningsOnSession } from './earnings';
import { seededRng } from './random';
import { REFERENCE_DATE, underlyingProfile, type UnderlyingProfile } from './underlyings';

/**
 * The simulated market's day model: each (ticker, trading day) gets a seeded volatility level, skew level, put demand
 * and log return (earnings jumps included), and from those its close and daily bar. The chains (simulated-market.ts)
 * and the year of daily summaries (simulated-history.ts) both read it, so neither imports the other.
 */

/**
 * A deployment's secret draws: a keyed hash of a label to a 32-bit seed (an HMAC made by the adapter that holds the
 * secret). The simulated market is a pure function of ticker and date, so with the source alone anyone could compute
 * a future close and know how a demo prediction market will resolve; the draws that decide the price path (each
 * day's return and each earnings jump) are therefore seeded through this key when a deployment gives one. Without a
 * key the draws are the published ones, which the tests, the tools and the learning snapshots use.
 */
export type DrawKey = (label: string) => number;

/** The draw of a path's `purpose` on a day: keyed by the deployment's secret when there is one, else the published one. */
const pathRng = (key: DrawKey | undefined, ticker: string, date: string, purpose: string) =>
  key ? seededRng(key(`${ticker}|${date}|${purpose}`)) : seededRng(ticker, date, purpose);

/** The profile of a ticker the simulated market lists; a 404 ProviderError for any other. */
export function requireProfile(ticker: string): UnderlyingProfile {
  const p = underlyingProfile(ticker);
  if (!p) throw new ProviderError(ticker, 404, 'not an underlying the simulated market lists');
  return p;
}

/** A day-level multiplier on the whole surface: volatility itself moves from day to day. */
export function dayVolLevel(ticker: string, date: string): number {
  return Math.min(1.35, Math.max(0.8, 1 + 0.07 * seededRng(ticker, date, 'vol-level').normal()));
}

/** The slow waves of the skew path: periods in calendar days and their weights (weeks, a quarter, most of a year). */
const SKEW_WAVES: readonly (readonly [number, number])[] = [
  [29, 0.45],
  [83, 0.35],
  [197, 0.3],
];

/**
 * A day-level multiplier on the surface's skew, with a path of its own: the sum of three slow waves (seeded phases per
 * underlying) and a little daily noise, about ±20% around 1. Without it the 25-delta risk reversal was the profile's
 * constant skew times the day's volatility level, memoryless from one day to the next, so its percentile against its
 * own year jumped across the whole range from session to session (issue 22). Deterministic: a function of the date.
 */
export function daySkewLevel(ticker: string, date: string): number {
  const day = Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
  const phases = seededRng(ticker, 'skew-phases');
  let wave = 0;
  for (const [period, weight] of SKEW_WAVES) wave += weight * Math.sin((2 * Math.PI * day) / period + 2 * Math.PI * phases.uniform());
  return Math.min(1.3, Math.max(0.7, 1 + 0.3 * wave + 0.02 * seededRng(ticker, date, 'skew-level').normal()));
}

/**
 * A session's seeded log return: diffusion at the day's volatility, plus a single stock's earnings jump. It reads only the
 * ticker (the seed) and the 30-day volatility, so another exchange's simulated market (shared/market/india) walks with it
 * under tickers of its own; a ticker without earnings (earnings.ts) has no jumps.
 */
export function dailyReturn(p: Pick<UnderlyingProfile, 'ticker' | 'atmVol'>, date: string, key?: DrawKey): number {
  const sigma = (p.atmVol * dayVolLevel(p.ticker, date)) / Math.sqrt(252);
  const z = Math.max(-4, Math.min(4, pathRng(key, p.ticker, date, 'return').normal()));
  const diffusive = 0.07 / 252 - (sigma * sigma) / 2 + sigma * z;
  // A single stock's earnings news (earnings.ts): a jump of standard deviation √E on the session after the report.
  const event = earningsOnSession(p.ticker, date);
  if (!event) return diffusive;
  const jump = Math.max(-3.5, Math.min(3.5, pathRng(key, p.ticker, date, 'earnings').normal()));
  return diffusive - event.eventVariance / 2 + Math.sqrt(event.eventVariance) * jump;
}

/** The simulated market's daily log return of a session (from the previous close), earnings jumps included. */
export function sessionReturn(ticker: string, date: string, key?: DrawKey): number {
  return dailyReturn(requireProfile(ticker), date, key);
}

/**
 * A day-level multiplier on put volume: hedging demand rises after down days and varies from day to day, so put/call
 * ratios move with the market (sentiment pages). 1 is a usual day.
 */
export function dayPutDemand(ticker: string, date: string, key?: DrawKey): number {
  const p = requireProfile(ticker);
  const r = dailyReturn(p, date, key);
  const sigma = p.atmVol / Math.sqrt(252);
  return Math.min(1.8, Math.max(0.6, Math.exp(0.18 * seededRng(p.ticker, date, 'put-demand').normal() - 0.12 * (r / sigma))));
}

/** The implied volatility of a strike with an expiry's event variance E added to its total variance: √(σ² + E/T). */
export function withEventVariance(sigma: number, eventVariance: number, T: number): number {
  return eventVariance > 0 && T > 0 ? Math.sqrt(sigma * sigma + eventVariance / T) : sigma;
}

const publishedCloses = new Map<string, Map<string, number>>();
const keyedCloses = new WeakMap<DrawKey, Map<string, Map<string, number>>>();
const closesOf = (key: DrawKey | undefined): Map<string, Map<string, number>> => {
  if (!key) return publishedCloses;
  let closes = keyedCloses.get(key);
  if (!closes) keyedCloses.set(key, (closes = new Map()));
  return closes;
};

/** The close of a trading day (the trading day on or before the date). */
export function closePrice(ticker: string, date: string, key?: DrawKey): number {
  const p = requireProfile(ticker);
  return walkClose(
    {
      ticker: p.ticker,
      referenceDate: REFERENCE_DATE,
      referencePrice: p.referencePrice,
      dayOnOrBefore: tradingDayOnOrBefore,
      nextDay: nextTradingDay,
      previousDay: previousTradingDay,
      dailyReturn: (d) => dailyReturn(p, d, key),
    },
    date,
    key,
  );
}

/** A seeded price path: where it starts, the exchange's trading days it steps through, and each day's return. */
export interface ClosePath {
  /** The memo's key: unique across markets (the Indian market prefixes its symbols). */
  ticker: string;
  referenceDate: string;
  referencePrice: number;
  dayOnOrBefore: (date: string) => string;
  nextDay: (date: string) => string;
  previousDay: (date: string) => string;
  dailyReturn: (date: string) => number;
}

/** The close of a path on the trading day on or before a date, rounded to cents (or paise). */
export function walkClose(path: ClosePath, date: string, key?: DrawKey): number {
  const day = path.dayOnOrBefore(date);
  const closes = closesOf(key);
  let memo = closes.get(path.ticker);
  if (!memo) {
    memo = new Map([[path.referenceDate, path.referencePrice]]);
    closes.set(path.ticker, memo);
  }
  const known = memo.get(day);
  if (known !== undefined) return round2(known);
  // Walk from the reference close towards the day, memoising every close on the way.
  let d = path.referenceDate;
  let px = path.referencePrice;
  if (day > path.referenceDate) {
    while (d < day) {
      d = path.nextDay(d);
      px = memo.get(d) ?? px * Math.exp(path.dailyReturn(d));
      memo.set(d, px);
    }
  } else {
    while (d > day) {
      px = memo.get(path.previousDay(d)) ?? px / Math.exp(path.dailyReturn(d));
      d = path.previousDay(d);
      memo.set(d, px);
    }
  }
  return round2(px);
}

/** Rounds a price to cents, as the simulated market quotes it. */
export const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * A market maker's quote around a value on a tick grid: the bid rounded down and the ask up from value ∓ half the
 * spread, at least one tick apart; a value under half a tick is quoted 0 bid, one tick ask (not yet rounded to cents).
 */
export function quoteOnTicks(value: number, halfSpread: number, tick: number): { bid: number; ask: number } {
  if (value < tick / 2) return { bid: 0, ask: tick };
  const bid = Math.max(0, Math.floor((value - halfSpread) / tick + 1e-9) * tick);
  let ask = Math.ceil((value + halfSpread) / tick - 1e-9) * tick;
  if (ask - bid < tick - 1e-9) ask = bid + tick;
  return { bid, ask };
}

export function underlyingBar(ticker: string, date: string, key?: DrawKey): DailyBar {
  const p = requireProfile(ticker);
  const day = tradingDayOnOrBefore(date);
  const close = closePrice(ticker, day, key);
  const prev = closePrice(ticker, previousTradingDay(day), key);
  const rng = seededRng(p.ticker, day, 'bar');
  const sigma = p.atmVol / Math.sqrt(252);
  const open = round2(prev * Math.exp(0.3 * sigma * rng.normal()));
  const high = round2(Math.max(open, close) * Math.exp(Math.abs(rng.normal()) * sigma * 0.4));
  const low = round2(Math.min(open, close) * Math.exp(-Math.abs(rng.normal()) * sigma * 0.4));
  return { date: day, open, high, low, close, volume: Math.round(p.shareVolume * Math.exp(0.25 * rng.normal())) };
}
