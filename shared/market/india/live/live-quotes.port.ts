import type { Result } from '../../../result';
import type { QuotedContract } from '../quoted-chain';

/**
 * The latest quotes of one (underlying, expiry) group as the ticker service (functions/services/india-ticker.ts) last
 * wrote them: what the Indian chain reads while NSE is open and a Kite login is live.
 */
export interface LiveGroup {
  /** The NSE underlying (NIFTY, RELIANCE) and the expiry of the contracts, YYYY-MM-DD. */
  underlying: string;
  expiry: string;
  /** The underlying's expiries listed in the day's instruments dump, soonest first. */
  expiries: string[];
  /** The index's or stock's last price; null until its first tick. */
  spot: number | null;
  /** When the service last knew these figures to be current (its clock at the write), ISO 8601. */
  asOf: string;
  /** The contracts, by strike, the call before the put; figures 0 until their first tick. */
  contracts: QuotedContract[];
}

/**
 * Where the live groups are kept (adapter: functions/adapters/dynamo/india-live-quotes.ts, one item per group). Failures
 * come back as values: the service logs a failed write and writes the group again later; a failed read sends the chain
 * to Kite's REST API.
 */
export interface IndianLiveQuotes {
  put(group: LiveGroup): Promise<Result<void>>;
  /** A group; without an expiry, the underlying's earliest whose expiry is on or after `from` (YYYY-MM-DD). */
  get(request: { underlying: string; expiry?: string; from: string }): Promise<Result<LiveGroup | null>>;
}
