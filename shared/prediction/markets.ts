/**
 * The yes/no markets made from one underlying's chain for one expiry: "close above K" at listed strikes within about
 * two standard deviations of the expiry's move, and one "close between" ladder whose buckets cover every possible
 * close exactly once.
 *
 * Every market is a range of closes [lower, upper): YES if lower <= close < upper, a missing bound being no bound.
 * "Close above K" is [K, no upper bound): a close exactly at K counts as above K, and in a ladder a close exactly
 * at a boundary K falls in the bucket that starts at K. The ladder on strikes K1 < … < Kn has the buckets
 * "below K1", [K1, K2), …, [Kn−1, Kn) and "at or above Kn": one and only one of them holds for any close.
 *
 * Each market says when it closes (the expiry's regular close in New York: 16:00, or 13:00 on an early close),
 * how it resolves, from which data, and when it is void: if the underlying's official close for the expiry is not
 * in the product's market data by the close of the third trading day after the expiry, every position is refunded.
 */
import { sessionCloseMinutes, nextTradingDay } from '../market/calendar';
import { newYorkInstant } from '../market/dates';
import { formatLevel, formatNumber } from '../format/number';
import { formatDate, formatExpiry, formatNewYorkTime } from '../format/time';
import { ok, type Result } from '../result';
import type { ExpiryChain, ExpiryModel } from './chain-model';
import { expiryModel } from './chain-model';
import { badMarketId, tooFewStrikes } from './prediction.errors';

export type MarketKind = 'above' | 'between';

/** What a market is about, all its id encodes: YES if lower <= the close < upper (null: no bound). */
export interface MarketKey {
  underlying: string;
  /** The expiry, a New York date (YYYY-MM-DD): the day whose official close decides the market. */
  expiration: string;
  kind: MarketKind;
  lower: number | null;
  upper: number | null;
}

/** One underlying's expiry: the markets one making stores together. */
export type ExpiryKey = Pick<MarketKey, 'underlying' | 'expiration'>;

export interface PredictionMarket extends MarketKey {
  /** Stable: the same underlying, expiry, kind and strikes always give the same id (see marketId). */
  id: string;
  question: string;
  /** A ladder bucket's short label: "Below 590.00", "590.00 to 599.99", "640.00 or above". */
  label: string;
  /** ISO instant trading stops: the expiry's regular close in New York. */
  closesAt: string;
  /** ISO instant after which a market whose close never arrived is void and refunded. */
  voidsAt: string;
  /** How it resolves, in words, the boundary included. */
  rule: string;
  /** Where the deciding close comes from, with its date. */
  source: string;
}

/** The "close between" ladder of an expiry: its buckets in ascending order, each a market of its own. */
export interface Ladder {
  id: string;
  underlying: string;
  expiration: string;
  question: string;
  buckets: PredictionMarket[];
}

/** Every market of one expiry, with the model they were made from. */
export interface ExpiryMarkets {
  model: ExpiryModel;
  above: PredictionMarket[];
  ladder: Ladder;
}

/** How many expiries of an underlying get markets. */
export const EXPIRIES_WITH_MARKETS = 4;
/** The band of strikes: this many standard deviations of the expiry's move either side of the price. */
export const STANDARD_DEVIATIONS = 2;
/** At most this many "close above" markets an expiry (the ladder then has one bucket more). */
export const MAX_STRIKES = 11;
/** A market whose close has not arrived by the close of this many trading days after the expiry is void. */
export const VOID_AFTER_TRADING_DAYS = 3;

/**
 * The expiries that get markets: the next `count` expiries strictly after today (today's expiry closes with the
 * session that the ingestion reports, so nothing about it is left to predict), in date order, duplicates removed.
 */
export function marketExpiries(expiries: readonly string[], today: string, count = EXPIRIES_WITH_MARKETS): string[] {
  return [...new Set(expiries)]
    .filter((e) => e > today)
    .sort()
    .slice(0, count);
}

/** The instant a market on an expiry stops trading: the regular close that day (16:00 New York, 13:00 on an early close). */
export function closeTime(expiration: string): Date {
  const minutes = sessionCloseMinutes(expiration);
  return newYorkInstant(expiration, Math.floor(minutes / 60), minutes % 60);
}

/** The trading day whose close voids a market still without its close (the third trading day after the expiry). */
export function voidDay(expiration: string): string {
  let day = expiration;
  for (let i = 0; i < VOID_AFTER_TRADING_DAYS; i++) day = nextTradingDay(day);
  return day;
}

/** The instant after which a market without its close is void: the close of `voidDay`. */
export const voidTime = (expiration: string): Date => closeTime(voidDay(expiration));

const strikeText = (k: number): string => String(k);
const NUMBER = '\\d+(?:\\.\\d+)?';
const ID = new RegExp(`^([A-Z][A-Z0-9.]*)-(\\d{4}-\\d{2}-\\d{2})-(?:ABOVE-(${NUMBER})|RANGE-(${NUMBER}|MIN)-(${NUMBER}|MAX))$`);

/**
 * A market's id: `SPY-2026-12-18-ABOVE-600` for "close above 600"; `SPY-2026-12-18-RANGE-590-600` for the bucket
 * [590, 600), with MIN and MAX for a missing bound (`…-RANGE-MIN-590`, `…-RANGE-640-MAX`).
 */
export function marketId(key: MarketKey): string {
  const head = `${key.underlying}-${key.expiration}`;
  if (key.kind === 'above') return `${head}-ABOVE-${strikeText(key.lower!)}`;
  return `${head}-RANGE-${key.lower === null ? 'MIN' : strikeText(key.lower)}-${key.upper === null ? 'MAX' : strikeText(key.upper)}`;
}

/** The ladder's id: `SPY-2026-12-18-RANGE`. */
export const ladderId = (underlying: string, expiration: string): string => `${underlying}-${expiration}-RANGE`;

/** What an id names, or a bad_request for a string that is not an id (the inverse of marketId). */
export function parseMarketId(id: string): Result<MarketKey> {
  const m = ID.exec(id);
  if (!m) return badMarketId();
  const [, underlying, expiration, above, from, to] = m as unknown as [string, string, string, string | undefined, string | undefined, string | undefined];
  let key: MarketKey;
  if (above !== undefined) key = { underlying, expiration, kind: 'above', lower: Number(above), upper: null };
  else {
    const lower = from === 'MIN' ? null : Number(from);
    const upper = to === 'MAX' ? null : Number(to);
    if ((lower === null && upper === null) || (lower !== null && upper !== null && !(lower < upper))) return badMarketId();
    key = { underlying, expiration, kind: 'between', lower, upper };
  }
  // One spelling per market: "0600" or "600.0" name no market (the id of 600 is "600").
  return marketId(key) === id ? ok(key) : badMarketId();
}

/**
 * The strikes an expiry's markets are on: listed strikes with an IV within STANDARD_DEVIATIONS moves of the price,
 * thinned to at most `max` (MAX_STRIKES) by keeping the multiples of the smallest round step (1, 2, 2.5, 5, 10, 20, 25, 50,
 * … times a power of ten) that leaves no more than that, so the questions ask about round levels (spread evenly
 * over the band instead when that step leaves fewer than two).
 */
export function marketStrikes(model: ExpiryModel, max = MAX_STRIKES): number[] {
  if (!(Number.isInteger(max) && max >= 2)) throw new RangeError(`max must be a whole number from 2, got ${String(max)}`);
  const band = STANDARD_DEVIATIONS * model.move;
  const listed = model.smile.map((p) => p.strike).filter((k) => Math.abs(k - model.S) <= band);
  if (listed.length <= max) return listed;
  for (let power = -2; power <= 6; power++)
    for (const mantissa of [1, 2, 2.5, 5]) {
      const step = mantissa * 10 ** power;
      const round = listed.filter((k) => Math.abs(k / step - Math.round(k / step)) < 1e-9);
      if (round.length <= max) return round.length >= 2 ? round : evenly(listed, max);
    }
  return evenly(listed, max);
}

/** `n` values spread evenly over a sorted list, both ends kept. */
function evenly(sorted: readonly number[], n: number): number[] {
  if (n >= sorted.length) return [...sorted];
  const picked = new Set<number>();
  for (let i = 0; i < n; i++) picked.add(sorted[Math.round((i * (sorted.length - 1)) / (n - 1))]!);
  return [...picked];
}

/** Every market of one expiry, or why the chain makes none (no IV around the price, fewer than two strikes in the band). */
export function makeMarkets(chain: ExpiryChain, max = MAX_STRIKES): Result<ExpiryMarkets> {
  const modelResult = expiryModel(chain);
  if (!modelResult.ok) return modelResult;
  const model = modelResult.value;
  const strikes = marketStrikes(model, max);
  if (strikes.length < 2) return tooFewStrikes(chain.underlying, chain.expiration);
  const terms = { underlying: chain.underlying, expiration: chain.expiration, provider: chain.provider };
  const above = strikes.map((k) => describeMarket({ ...terms, kind: 'above', lower: k, upper: null }));
  const bounds: (number | null)[] = [null, ...strikes, null];
  const buckets = bounds.slice(0, -1).map((lower, i) => describeMarket({ ...terms, kind: 'between', lower, upper: bounds[i + 1]! }));
  const ladder: Ladder = {
    id: ladderId(chain.underlying, chain.expiration),
    underlying: chain.underlying,
    expiration: chain.expiration,
    question: `Where will ${chain.underlying} close on ${formatExpiry(chain.expiration)}?`,
    buckets,
  };
  return ok({ model, above, ladder });
}

const cents = (x: number): string => formatNumber(x, { digits: 2 });

/** The words of a range of closes: "at or above 600", "below 590", "at or above 590 and below 600". */
function rangeWords(lower: number | null, upper: number | null): string {
  if (upper === null) return `at or above ${formatLevel(lower!)}`;
  if (lower === null) return `below ${formatLevel(upper)}`;
  return `at or above ${formatLevel(lower)} and below ${formatLevel(upper)}`;
}

/** A market with its question, label, times, rule and source. */
export function describeMarket(terms: MarketKey & { provider: string }): PredictionMarket {
  const { underlying, expiration, kind, lower, upper, provider } = terms;
  const key: MarketKey = { underlying, expiration, kind, lower, upper };
  const on = formatExpiry(expiration);
  const closesAt = closeTime(expiration);
  const question =
    kind === 'above' ? `Will ${underlying} close above ${formatLevel(lower!)} on ${on}?` : `Will ${underlying} close ${rangeWords(lower, upper)} on ${on}?`;
  const label = upper === null ? `${cents(lower!)} or above` : lower === null ? `Below ${cents(upper)}` : `${cents(lower)} to ${cents(upper - 0.01)}`;
  const boundary =
    kind === 'above'
      ? ` A close exactly at ${formatLevel(lower!)} counts as above it.`
      : lower !== null
        ? ` A close exactly at ${formatLevel(lower)} is in this bucket${upper === null ? '' : `; one exactly at ${formatLevel(upper)} is in the next`}.`
        : ` A close exactly at ${formatLevel(upper!)} is in the next bucket.`;
  const rule =
    `Resolves YES if ${underlying}'s official closing price on ${formatDate(expiration)} is ${rangeWords(lower, upper)}, and NO otherwise.${boundary} ` +
    `On YES each YES contract pays $1.00 and each NO contract $0.00; on NO the other way round. Trading stops at ${formatNewYorkTime(closesAt, closesAt)}. ` +
    `If that close is not in the market data by the close of ${formatDate(voidDay(expiration))}, the market is void and every position is refunded at what it cost.`;
  const source = `${underlying}'s official closing price for ${formatDate(expiration)}, as stored in Options Academy's market data (provider: ${provider}).`;
  return { ...key, id: marketId(key), question, label, closesAt: closesAt.toISOString(), voidsAt: voidTime(expiration).toISOString(), rule, source };
}
