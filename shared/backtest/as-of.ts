import type { ChainView } from '../market/market-reader';
import { daysBetween, newYorkInstant } from '../market/dates';
import { classifyExpiry, listedExpirations, type ExpiryType } from '../market/expirations';
import { sessionCloseMinutes } from '../market/calendar';
import { exerciseStyle } from '../market/underlyings';
import type { DailySummary } from '../metrics/daily-summary';
import { fail, ok, type Err, type Result } from '../result';
import { ratesFor } from '../strategy/valuation';
import type { BacktestFailureDetails, BacktestFailureReason } from './backtest.errors';
import { listingStyleOf, modelChain, type EntryDay } from './entry';
import { surfaceOf } from './surface';

/**
 * The strategy builder "as of" a past session (issue 39): the session's modelled chain, the same model a backtest's
 * entry is placed and priced on (entry.ts `modelChain` at the day's surface, surface.ts `surfaceOf`), so a trade opened
 * in the builder at its entry date shows its legs at the trade's entry prices. The day is built as the engine builds an
 * entry day (engine.ts: the close, the row's surface, `ratesFor(ticker)`, `exerciseStyle(ticker)`).
 */
export interface AsOfDay {
  /** The stored session's summary row. */
  row: DailySummary;
  day: EntryDay;
  /** The stored history's first and last sessions. */
  first: string;
  last: string;
  /** The expiries listed on the day, after it, soonest first. */
  expirations: string[];
}

/** A refusal of the as-of reads: 400 naming the field (`date`, `expiry`, `underlying`) and the reason, as the area's. */
const refuse = (field: 'date' | 'expiry' | 'underlying', reason: BacktestFailureReason, message: string): Err =>
  fail('bad_request', message, {
    field,
    reason,
    issues: [{ path: `${field === 'underlying' ? 'params' : 'query'}.${field}`, message }],
  } satisfies BacktestFailureDetails & { issues: unknown[] });

/** The as-of day of `ticker` on `date` from its stored summaries (any order), or the refusal naming why not. */
export function asOfDay(history: readonly DailySummary[], ticker: string, date: string): Result<AsOfDay> {
  const symbol = ticker.toUpperCase();
  const rows = history.filter((r) => r.underlying.toUpperCase() === symbol).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const first = rows[0]?.date;
  const last = rows.at(-1)?.date;
  if (!first || !last) return refuse('underlying', 'dates-outside-history', `No end-of-day history of ${symbol} is stored.`);
  if (date < first || date > last)
    return refuse('date', 'dates-outside-history', `${date} is outside the stored history of ${symbol}: it runs from ${first} to ${last}.`);
  const row = rows.find((r) => r.date === date);
  if (!row)
    return refuse('date', 'not-a-session', `${date} is not a stored session of ${symbol} (a weekend, a holiday or a day not stored). Pick a trading day.`);
  const surface = surfaceOf(row);
  if (!surface)
    return refuse(
      'date',
      'no-surface',
      `The stored summary of ${symbol} on ${date} has no IV30, so its options cannot be priced by the model. Pick another day.`,
    );
  const day: EntryDay = { ticker: symbol, date, S: row.close, surface, rates: ratesFor(symbol), style: exerciseStyle(symbol) };
  const expirations = listedExpirations(listingStyleOf(symbol), date)
    .filter((e) => e > date)
    .sort();
  return ok({ row, day, first, last, expirations });
}

/** What the as-of view says about its prices (the builder's banner and the day's answer). */
export const AS_OF_LABEL = 'Priced by the model from that day’s end-of-day surface, not traded quotes.';

/** Per share to 1/10,000, as the engine keeps a trade's entry and exit prices (engine.ts `price4`). */
const price4 = (x: number) => Math.round(x * 1e4) / 1e4 + 0;

export interface AsOfChain extends ChainView {
  /** Always 'model': the chain is priced by the model from the day's end-of-day surface, not traded quotes. */
  basis: 'model';
  /** The session the chain is priced as of. */
  asOfDate: string;
}

/**
 * One expiry's modelled chain on the as-of day, in the market's chain shape (shared/market/market-reader.ts `ChainView`)
 * so the builder quotes its legs unchanged: each contract's mark is the model value (to 1/10,000, as the engine keeps
 * an entry price), its IV and delta the model's; no bid, ask, volume or open interest (nothing traded). `source` is
 * where the day's summary came from (a live provider's or the simulated market's), `basis: 'model'` says the prices
 * are modelled; the underlying's time is the session's close in New York.
 */
export function asOfChain(asOf: AsOfDay, expiration: string): Result<AsOfChain> {
  const { day, row } = asOf;
  if (!asOf.expirations.includes(expiration))
    return refuse(
      'expiry',
      'expiry-not-listed',
      expiration <= day.date
        ? `${expiration} is not after ${day.date}: pick an expiry listed that day.`
        : `No ${day.ticker} options expiring ${expiration} were listed on ${day.date}: pick an expiry listed that day.`,
    );
  const close = sessionCloseMinutes(day.date);
  const type: ExpiryType = classifyExpiry(expiration, day.date);
  return ok({
    underlying: { ticker: day.ticker, price: day.S, asOf: newYorkInstant(day.date, Math.floor(close / 60), close % 60).toISOString() },
    expiration_date: expiration,
    expiry_type: type,
    days_to_expiry: daysBetween(day.date, expiration),
    source: row.source,
    provider: 'end-of-day model',
    version: `as-of:${day.date}`,
    contracts: modelChain(day, expiration).map((c) => ({ ...c, mark: c.mark === null ? null : price4(c.mark) })),
    basis: 'model',
    asOfDate: day.date,
  });
}
