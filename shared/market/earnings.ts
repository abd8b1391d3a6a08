import { isTradingDay, nextTradingDay, tradingDayOnOrAfter } from './calendar';
import { addDays, ymd } from './dates';
import { underlyingProfile } from './underlyings';

/** An earnings report's dates, as any calendar gives them. */
export interface EarningsDate {
  underlying: string;
  /** The last trading day before the news: the day the company reports after the close (or the day before a pre-open report). */
  reportDate: string;
  /** The first session that trades on the news: its return carries the jump. */
  eventSession: string;
}

/**
 * The simulated market's quarterly earnings (issue 22): each single stock reports four times a year after the close of a
 * trading day, some weeks after each calendar quarter ends, as US companies do (late January, April, July, October).
 * The report is one event of known size: it adds a one-off variance E (unannualised) to every expiry after it
 * (total implied variance σ²T = σd²T + E, Sinclair, "Volatility Trading"), and the price path takes a jump of
 * standard deviation √E on the next session, so IV crush and implied-against-realized moves can be studied.
 * Index ETFs have no earnings.
 */
export interface EarningsEvent extends EarningsDate {
  /** E: the event's variance (a fraction², not annualised); √E is the one-standard-deviation move. */
  eventVariance: number;
}

/**
 * Days after each quarter's end the report falls on (moved to a trading day), and the one-SD earnings move √E.
 * The sizes are typical of each name's recent reports (Market Chameleon's earnings screener, average implied moves).
 */
const EARNINGS: Record<string, { daysAfterQuarter: number; move: number }> = {
  AAPL: { daysAfterQuarter: 30, move: 0.042 },
  MSFT: { daysAfterQuarter: 28, move: 0.048 },
  AMZN: { daysAfterQuarter: 31, move: 0.068 },
  TSLA: { daysAfterQuarter: 22, move: 0.092 },
  NVDA: { daysAfterQuarter: 56, move: 0.078 },
  GOOGL: { daysAfterQuarter: 27, move: 0.058 },
  META: { daysAfterQuarter: 29, move: 0.085 },
};

/** Whether the simulated market gives an underlying quarterly earnings. */
export const hasEarnings = (ticker: string): boolean => EARNINGS[ticker.toUpperCase()] !== undefined;

function eventOf(ticker: string, year: number, quarterEndMonth: number): EarningsEvent {
  const spec = EARNINGS[ticker]!;
  const quarterEnd = ymd(year, quarterEndMonth, quarterEndMonth === 3 || quarterEndMonth === 12 ? 31 : 30);
  const reportDate = tradingDayOnOrAfter(addDays(quarterEnd, spec.daysAfterQuarter));
  return { underlying: ticker, reportDate, eventSession: nextTradingDay(reportDate), eventVariance: spec.move * spec.move };
}

/** A year's four reports of a ticker (for the quarters ending in it), memoised: the calendar never changes. */
const yearMemo = new Map<string, EarningsEvent[]>();
function reportsOfYear(ticker: string, year: number): EarningsEvent[] {
  const key = `${ticker}|${year}`;
  let list = yearMemo.get(key);
  if (!list) {
    list = [3, 6, 9, 12].map((m) => eventOf(ticker, year, m));
    yearMemo.set(key, list);
  }
  return list;
}

/** The reports dated within [from, to] (inclusive), oldest first. */
export function earningsBetween(ticker: string, from: string, to: string): EarningsEvent[] {
  const t = ticker.toUpperCase();
  if (!EARNINGS[t] || !underlyingProfile(t)) return [];
  const out: EarningsEvent[] = [];
  for (let year = Number(from.slice(0, 4)) - 1; year <= Number(to.slice(0, 4)); year++) {
    for (const e of reportsOfYear(t, year)) if (e.reportDate >= from && e.reportDate <= to) out.push(e);
  }
  return out.sort((a, b) => a.reportDate.localeCompare(b.reportDate));
}

/** The report whose news the session's return carries, if any. */
export function earningsOnSession(ticker: string, session: string): EarningsEvent | null {
  if (!hasEarnings(ticker) || !isTradingDay(session)) return null;
  return earningsBetween(ticker, addDays(session, -10), session).find((e) => e.eventSession === session) ?? null;
}

/**
 * The event variance an expiry carries at a session's close: the sum of E over the reports whose news comes after the
 * session's close and no later than the expiry's close (the event session is on or before the expiry).
 */
export function eventVarianceBetween(ticker: string, session: string, expiration: string): number {
  if (!hasEarnings(ticker) || expiration <= session) return 0;
  return earningsBetween(ticker, addDays(session, -10), expiration)
    .filter((e) => e.eventSession > session && e.eventSession <= expiration)
    .reduce((s, e) => s + e.eventVariance, 0);
}

/** The next report on or after a date (within a year), or null. */
export function nextEarnings(ticker: string, date: string): EarningsEvent | null {
  return earningsBetween(ticker, date, addDays(date, 366))[0] ?? null;
}
