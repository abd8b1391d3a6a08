import { optionChainRows, optionExpiries, type KiteInstrument, type KiteOptionRow } from '../kite/instruments';
import { kiteSpotSymbol } from '../kite/spot-symbols';

/**
 * How many instruments one Kite ticker connection follows at most (Kite Connect v3 docs, "WebSocket streaming": up to
 * 3000 instruments per connection, 3 connections per API key). The service holds one connection.
 */
export const KITE_TICKER_MAX_TOKENS = 3000;

/** One (underlying, expiry) group the service follows: its option rows and its spot's token. */
export interface PlannedGroup {
  underlying: string;
  expiry: string;
  /** The underlying's listed expiries (on or after the day), soonest first. */
  expiries: string[];
  /** The NSE index's or stock's token (NSE instruments dump), or null when the dump has no such row. */
  spotToken: number | null;
  rows: KiteOptionRow[];
}

export interface SubscriptionPlan {
  groups: PlannedGroup[];
  /** Every token to subscribe, spots first; at most the limit. */
  tokens: number[];
  /** Underlyings whose far strikes were left out to stay within the limit, with how many contracts were left out. */
  trimmed: { underlying: string; left: number }[];
  /** Tracked underlyings with no options listed on or after the day. */
  missing: string[];
}

export interface PlanInput {
  /** The day's NFO dump (options) and NSE dump (indices and stocks, for the spots). */
  nfo: readonly KiteInstrument[];
  nse: readonly KiteInstrument[];
  underlyings: readonly string[];
  /** The trading date, YYYY-MM-DD: expiries before it are over. */
  today: string;
  /** The spots, when known: the strikes kept when trimming are those nearest them (else nearest the middle strike). */
  spots?: ReadonlyMap<string, number>;
  limit?: number;
}

/**
 * Which instruments the ticker service subscribes (issue 38): for each tracked underlying, every CE and PE row of its
 * nearest expiry on or after the day (the chain a learner opens first) and its spot (the index or the stock on NSE), in
 * full mode. When they come to more than one connection's limit, every underlying keeps the same number of contracts
 * at most (the largest that fits: an underlying with fewer keeps all of its own), whole strikes nearest its spot, so that no
 * underlying is dropped for another's far strikes.
 */
export function planSubscription(input: PlanInput): SubscriptionPlan {
  const limit = input.limit ?? KITE_TICKER_MAX_TOKENS;
  const missing: string[] = [];
  const wanted: PlannedGroup[] = [];
  const spotRows = new Map(input.nse.filter((r) => r.exchange === 'NSE').map((r) => [r.tradingsymbol, r.instrument_token]));
  for (const underlying of input.underlyings) {
    const expiries = optionExpiries(input.nfo, underlying).filter((e) => e >= input.today);
    const expiry = expiries[0];
    if (!expiry) {
      missing.push(underlying);
      continue;
    }
    const { rows } = optionChainRows(input.nfo, underlying, expiry);
    wanted.push({ underlying, expiry, expiries, spotToken: spotRows.get(kiteSpotSymbol(underlying)) ?? null, rows });
  }

  const spots = wanted.filter((g) => g.spotToken !== null).length;
  const budget = Math.max(0, limit - spots);
  const sizes = wanted.map((g) => g.rows.length);
  const total = sizes.reduce((a, b) => a + b, 0);
  const trimmed: SubscriptionPlan['trimmed'] = [];
  let groups = wanted;
  if (total > budget) {
    // The largest per-underlying cap c with Σ min(size, c) ≤ budget.
    let cap = 0;
    const fits = (c: number) => sizes.reduce((a, s) => a + Math.min(s, c), 0) <= budget;
    for (let lo = 0, hi = Math.max(...sizes); lo <= hi;) {
      const mid = (lo + hi) >> 1;
      if (fits(mid)) {
        cap = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    groups = wanted.map((g) => {
      if (g.rows.length <= cap) return g;
      const strikes = g.rows.map((r) => r.strike);
      const centre = input.spots?.get(g.underlying) ?? strikes[strikes.length >> 1]!;
      // Whole strikes (the call with its put), nearest the centre first, as many as the cap holds.
      const byDistance = [...new Set(strikes)].sort((a, b) => Math.abs(a - centre) - Math.abs(b - centre) || a - b);
      const keptStrikes = new Set<number>();
      let count = 0;
      for (const k of byDistance) {
        const n = g.rows.filter((r) => r.strike === k).length;
        if (count + n > cap) break;
        keptStrikes.add(k);
        count += n;
      }
      const kept = g.rows.filter((r) => keptStrikes.has(r.strike));
      trimmed.push({ underlying: g.underlying, left: g.rows.length - kept.length });
      return { ...g, rows: kept };
    });
  }
  const tokens = [
    ...new Set([...groups.flatMap((g) => (g.spotToken === null ? [] : [g.spotToken])), ...groups.flatMap((g) => g.rows.map((r) => r.instrument_token))]),
  ].slice(0, limit);
  return { groups, tokens, trimmed, missing };
}
