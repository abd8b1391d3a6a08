/**
 * Settling a market from the underlying's official close on its expiry day. YES wins when the close is in the
 * market's range [lower, upper) (a close exactly at a market's lower bound is in it: "above K" includes K, and a
 * ladder's bucket includes the boundary it starts at); each winning contract pays 100¢ and each losing one 0¢. A
 * ladder's buckets share their boundaries, so exactly one of them wins for any close. A market whose close has not
 * arrived by its void time is void: every holding gets back what it cost. Money in whole cents.
 */
import type { Side } from './book';
import { PAYOUT_CENTS } from './fee';
import { closeTime, voidTime, type MarketKey } from './markets';

/** The underlying's official close of one New York trading date, from the product's market data. */
export interface OfficialClose {
  date: string;
  close: number;
}

export type Resolution =
  /** Still trading: before the expiry's close. */
  | { status: 'open' }
  /** Trading has stopped and the close is not in yet (until the void time). */
  | { status: 'awaiting-close' }
  | { status: 'resolved'; outcome: Side; close: number; closeDate: string }
  | { status: 'void'; reason: string };

/** YES when lower <= close < upper (a missing bound is no bound), NO otherwise. */
export function outcomeOf(key: Pick<MarketKey, 'lower' | 'upper'>, close: number): Side {
  const aboveLower = key.lower === null || close >= key.lower;
  const belowUpper = key.upper === null || close < key.upper;
  return aboveLower && belowUpper ? 'yes' : 'no';
}

/**
 * Where a market stands at `now` given the official close of its expiry day, if stored (a close of another date is
 * not its close): resolved once the close is there; void once its void time has passed without it; otherwise open
 * until the expiry's close and awaiting the close after it.
 */
export function resolve(key: MarketKey, close: OfficialClose | null, now: Date): Resolution {
  if (close !== null && close.date === key.expiration)
    return { status: 'resolved', outcome: outcomeOf(key, close.close), close: close.close, closeDate: close.date };
  if (now.getTime() >= voidTime(key.expiration).getTime())
    return { status: 'void', reason: `No official close of ${key.underlying} for ${key.expiration} arrived by the market's void time.` };
  return now.getTime() >= closeTime(key.expiration).getTime() ? { status: 'awaiting-close' } : { status: 'open' };
}

/** A learner's holding in one market: contracts of one side and, in cents, what they cost. */
export interface Holding {
  side: Side;
  count: number;
  costCents: number;
}

/**
 * What a holding is paid at settlement, in cents: 100¢ a contract on the winning side and 0 on the losing one; on a
 * void, its cost back. Null while the market is neither resolved nor void.
 */
export function payoutCents(holding: Holding, resolution: Resolution): number | null {
  if (resolution.status === 'resolved') return holding.side === resolution.outcome ? holding.count * PAYOUT_CENTS : 0;
  if (resolution.status === 'void') return holding.costCents;
  return null;
}

/** The one bucket of a ladder a close falls in (its index), or -1 if the buckets leave that close out. */
export const winningBucket = (buckets: readonly Pick<MarketKey, 'lower' | 'upper'>[], close: number): number =>
  buckets.findIndex((b) => outcomeOf(b, close) === 'yes');
