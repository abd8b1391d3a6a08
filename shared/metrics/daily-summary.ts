import { z } from 'zod';
import { putCallRatios } from './sentiment';
import { realizedVolatility } from './volatility';

/**
 * The daily summary of one underlying (issue 22 "Data these pages need": a year of history although the
 * spec keeps chains 30 days): one
 * small row a session, `SUM#<und>` / `<date>` in the table, kept for at least 252 trading days (SUMMARY_RETENTION_DAYS)
 * while the full chains expire after 30 days. IV rank and percentile, realized volatility, skew history, put/call
 * percentiles and the regime are all computed from this series.
 *
 * Volatilities are fractions (0.2 = 20%); premiums are dollars (Σ volume × price × 100); null is "not known"
 * (a real provider's backfilled days have a close and no IV: the IV history accumulates from the first ingestion).
 */
const nullableNumber = z.number().finite().nullable();

export const DailySummarySchema = z.object({
  underlying: z.string(),
  /** The New York trading session, yyyy-mm-dd. */
  date: z.string(),
  source: z.enum(['live', 'demo']),
  /**
   * Where the row's option figures come from: 'chain', the stored chain of that session; 'model', the simulated
   * market's own volatility surface and price path (its backfilled year, no past chain priced); 'bars', a real
   * provider's daily aggregates (close and volume only).
   */
  basis: z.enum(['chain', 'model', 'bars']),
  close: z.number().finite(),
  /** Shares traded in the session. */
  volume: nullableNumber,
  /** 30-day constant-maturity at-the-money IV, interpolated in total variance between the expiries around 30 days. */
  iv30: nullableNumber,
  /** The same at 90 days. */
  iv90: nullableNumber,
  /** IV of the 25-delta call and put, 30-day constant maturity. */
  iv25dCall: nullableNumber,
  iv25dPut: nullableNumber,
  /** 20-day close-to-close realized volatility, annualised. */
  hv20: nullableNumber,
  putVolume: nullableNumber,
  callVolume: nullableNumber,
  putOpenInterest: nullableNumber,
  callOpenInterest: nullableNumber,
  putPremium: nullableNumber,
  callPremium: nullableNumber,
  /** The next earnings report known on that day (single stocks of the simulated market), or null. */
  nextEarnings: z.string().nullable(),
});
export type DailySummary = z.infer<typeof DailySummarySchema>;

/** Calendar days a summary row is kept: 400 days hold more than 252 trading days (a year is 250-253 sessions). */
export const SUMMARY_RETENTION_DAYS = 400;
/** The sessions a full year of history has; IV rank and percentile show from MIN_HISTORY_SESSIONS on ("building history: n / 252"). */
export const YEAR_SESSIONS = 252;
export const MIN_HISTORY_SESSIONS = 60;

/** The store of daily summaries (adapter: functions/adapters/dynamo/summary-repository.ts). */
export interface DailySummaryStore {
  /** Writes (or rewrites) rows; each row is keyed by its underlying and date, so a rerun is idempotent. */
  putSummaries(rows: readonly DailySummary[]): Promise<void>;
  /** Rows of an underlying dated on or after `fromDate`, oldest first. */
  listSummaries(underlying: string, fromDate: string): Promise<DailySummary[]>;
  /** Only the dates of those rows (a keys-only read), to see what a backfill must add. */
  summaryDates(underlying: string, fromDate: string): Promise<string[]>;
}

// ---------------------------------------------------------------------------------------------------------------
// From a chain: ATM and 25-delta IV per expiry, then constant maturity.

/** The fields of a chain contract the summary reads (shared/market/chain.ts OptionContract). */
export interface SummaryContract {
  contract_type: 'call' | 'put';
  strike_price: number;
  implied_volatility: number | null;
  delta: number | null;
  volume: number | null;
  open_interest: number | null;
  last: number | null;
  mark: number | null;
}

/** One expiry's point of the term structure: time to expiry in years and its IV. */
export interface TermPoint {
  T: number;
  iv: number;
}

const lerp = (x: number, x0: number, x1: number, y0: number, y1: number) => (x1 === x0 ? (y0 + y1) / 2 : y0 + ((y1 - y0) * (x - x0)) / (x1 - x0));

/**
 * The at-the-money IV of one expiry: at each strike the mean of the call's and the put's IV (either one alone when the
 * other has none), interpolated linearly in strike at the forward F = S·e^((r−q)T). Null without a strike on each
 * side of the forward (or at it).
 */
export function atmIvOfExpiry(contracts: readonly SummaryContract[], forward: number): number | null {
  const byStrike = new Map<number, number[]>();
  for (const c of contracts) {
    const iv = c.implied_volatility;
    if (iv === null || !(iv > 0)) continue;
    const list = byStrike.get(c.strike_price) ?? [];
    list.push(iv);
    byStrike.set(c.strike_price, list);
  }
  const strikes = [...byStrike.keys()].sort((a, b) => a - b);
  const ivAt = (k: number) => {
    const l = byStrike.get(k)!;
    return l.reduce((s, x) => s + x, 0) / l.length;
  };
  const above = strikes.find((k) => k >= forward);
  const below = [...strikes].reverse().find((k) => k <= forward);
  if (above === undefined || below === undefined) return null;
  return lerp(forward, below, above, ivAt(below), ivAt(above));
}

/**
 * The IV at a given delta of one expiry (0.25 for the 25-delta call; −0.25 for the 25-delta put), interpolated
 * linearly in delta between the two contracts of that type around it. Null when no pair brackets the delta.
 */
export function ivAtDelta(contracts: readonly SummaryContract[], type: 'call' | 'put', delta: number): number | null {
  const points = contracts
    .filter((c) => c.contract_type === type && c.delta !== null && c.implied_volatility !== null && c.implied_volatility > 0)
    .map((c) => ({ d: c.delta!, iv: c.implied_volatility! }))
    .sort((a, b) => a.d - b.d);
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    if (a.d <= delta && delta <= b.d) return lerp(delta, a.d, b.d, a.iv, b.iv);
  }
  return null;
}

/**
 * Constant-maturity IV at `targetT` years from the expiries' IVs, interpolated linearly in total variance w = σ²T
 * between the two expiries around the target (as Barchart's IV30, from the two
 * expiries around 30 days), then σ = √(w / targetT). Before the first expiry or after the last, that expiry's IV (flat extrapolation).
 * Null with no point.
 */
export function constantMaturityIv(points: readonly TermPoint[], targetT: number): number | null {
  const sorted = points.filter((p) => p.T > 0 && p.iv > 0).sort((a, b) => a.T - b.T);
  if (sorted.length === 0 || !(targetT > 0)) return null;
  const first = sorted[0]!;
  const last = sorted.at(-1)!;
  if (targetT <= first.T) return first.iv;
  if (targetT >= last.T) return last.iv;
  const i = sorted.findIndex((p) => p.T >= targetT);
  const a = sorted[i - 1]!;
  const b = sorted[i]!;
  const w = lerp(targetT, a.T, b.T, a.iv * a.iv * a.T, b.iv * b.iv * b.T);
  return Math.sqrt(w / targetT);
}

/** 30 and 90 days, in years (calendar days / 365, as the chain's T). */
export const T30 = 30 / 365;
export const T90 = 90 / 365;
/** Expiries closer than this are left out of the term structure: the last days' IV is noise on a few cents. */
const MIN_EXPIRY_T = 2 / 365;

export interface SummaryChain {
  /** Years from the session's close to the expiry's close. */
  T: number;
  /** The forward for the expiry: S·e^((r−q)T). */
  forward: number;
  contracts: readonly SummaryContract[];
}

/** The IV figures of a session from its chains: 30/90-day ATM and the 30-day 25-delta call and put. */
export function chainVolatility(chains: readonly SummaryChain[]): Pick<DailySummary, 'iv30' | 'iv90' | 'iv25dCall' | 'iv25dPut'> {
  const usable = chains.filter((c) => c.T >= MIN_EXPIRY_T);
  const atm: TermPoint[] = [];
  const call: TermPoint[] = [];
  const put: TermPoint[] = [];
  for (const c of usable) {
    const a = atmIvOfExpiry(c.contracts, c.forward);
    if (a !== null) atm.push({ T: c.T, iv: a });
    const k = ivAtDelta(c.contracts, 'call', 0.25);
    if (k !== null) call.push({ T: c.T, iv: k });
    const p = ivAtDelta(c.contracts, 'put', -0.25);
    if (p !== null) put.push({ T: c.T, iv: p });
  }
  return {
    iv30: constantMaturityIv(atm, T30),
    iv90: constantMaturityIv(atm, T90),
    iv25dCall: constantMaturityIv(call, T30),
    iv25dPut: constantMaturityIv(put, T30),
  };
}

/** Put and call volume, open interest and premium over every contract of the session's chains. */
export function chainActivity(
  chains: readonly SummaryChain[],
): Pick<DailySummary, 'putVolume' | 'callVolume' | 'putOpenInterest' | 'callOpenInterest' | 'putPremium' | 'callPremium'> {
  const { totals } = putCallRatios(
    chains.flatMap((c) =>
      c.contracts.map((k) => ({ type: k.contract_type, volume: k.volume ?? 0, openInterest: k.open_interest ?? 0, price: k.last ?? k.mark ?? 0 })),
    ),
  );
  return {
    putVolume: totals.putVolume,
    callVolume: totals.callVolume,
    putOpenInterest: totals.putOpenInterest,
    callOpenInterest: totals.callOpenInterest,
    putPremium: Math.round(totals.putPremium),
    callPremium: Math.round(totals.callPremium),
  };
}

/** The summary row of a session from its stored chains and the underlying's recent closes (oldest first, the session's last). */
export function summarizeSession(input: {
  underlying: string;
  date: string;
  source: 'live' | 'demo';
  close: number;
  volume: number | null;
  closes: readonly number[];
  chains: readonly SummaryChain[];
  nextEarnings: string | null;
}): DailySummary {
  return {
    underlying: input.underlying,
    date: input.date,
    source: input.source,
    basis: 'chain',
    close: input.close,
    volume: input.volume,
    ...round5All(chainVolatility(input.chains)),
    hv20: round5(realizedVolatility(input.closes, 20)),
    ...chainActivity(input.chains),
    nextEarnings: input.nextEarnings,
  };
}

/** A real provider's backfilled day: close, volume and HV20 from its daily aggregates, no option figures. */
export function barSummary(input: { underlying: string; date: string; close: number; volume: number | null; closes: readonly number[] }): DailySummary {
  return {
    underlying: input.underlying,
    date: input.date,
    source: 'live',
    basis: 'bars',
    close: input.close,
    volume: input.volume,
    iv30: null,
    iv90: null,
    iv25dCall: null,
    iv25dPut: null,
    hv20: round5(realizedVolatility(input.closes, 20)),
    putVolume: null,
    callVolume: null,
    putOpenInterest: null,
    callOpenInterest: null,
    putPremium: null,
    callPremium: null,
    nextEarnings: null,
  };
}

/** Volatilities are kept to 5 decimals, as the chain's IV column (shared/market/chain.ts). */
export const round5 = (x: number | null): number | null => (x === null ? null : Math.round(x * 1e5) / 1e5);
function round5All<T extends Record<string, number | null>>(o: T): T {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, round5(v)])) as T;
}
