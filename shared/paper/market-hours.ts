import { isTradingDay, sessionCloseMinutes, tradingSessionAt } from '../market/calendar';
import { newYorkInstant, newYorkParts, weekday } from '../market/dates';
import type { OrderType, Quote, WhenClosed } from '../trading/order';

/**
 * When an order placed now fills (issue 32): NYSE's regular session runs 9:30 to 16:00 New York time on its trading
 * days (weekends and the exchange's holidays excluded, NYSE Rule 7.2), and closes at 13:00 on its early-close days. An order a broker accepts while the exchange is
 * closed waits for the next session and fills at that session's prices (a market order at the open, a limit when
 * the market reaches it); a day order placed while closed is for that next session and expires at its close. The
 * paper account follows that rule, or, when the learner asks for it in words, fills at once at the last close as a
 * practice shortcut and says so on the order, the activity and the journal.
 */
export const NYSE_OPEN = { hours: 9, minutes: 30 } as const;

/** What an order placed while the market is closed does unless the learner chooses otherwise. */
export const DEFAULT_WHEN_CLOSED: WhenClosed = 'next-session';

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Whether NYSE's regular session is running at an instant. */
export function isMarketOpen(now: Date): boolean {
  const { date, minutes } = newYorkParts(now);
  return isTradingDay(date) && minutes >= NYSE_OPEN.hours * 60 + NYSE_OPEN.minutes && minutes < sessionCloseMinutes(date);
}

/** The instant a trading session opens (9:30 New York on that date). */
export const sessionOpensAt = (session: string): Date => newYorkInstant(session, NYSE_OPEN.hours, NYSE_OPEN.minutes);

/** How an order placed now fills. */
export type FillTiming =
  /** The market is open: it fills (or rests) at once against the current quotes. */
  | { kind: 'now' }
  /** The market is closed: it waits for `session` and fills at that session's quotes, or expires at its close. */
  | { kind: 'next-session'; session: string; opensAt: string }
  /** The market is closed and the learner chose the practice shortcut: it fills at once at the last close. */
  | { kind: 'last-close'; session: string; opensAt: string };

export function fillTiming(now: Date, whenClosed: WhenClosed = DEFAULT_WHEN_CLOSED): FillTiming {
  if (isMarketOpen(now)) return { kind: 'now' };
  const { date, minutes } = newYorkParts(now);
  // Before the open on a trading day the session is today's; after the close, on a weekend or holiday, the next one.
  const session = tradingSessionAt(date, minutes);
  return { kind: whenClosed, session, opensAt: sessionOpensAt(session).toISOString() };
}

/** A session's day in words, relative to today: "today", "tomorrow", "Monday", or "Monday 30 November" further out. */
export function sessionInWords(session: string, now: Date): string {
  const today = newYorkParts(now).date;
  const days = Math.round((Date.parse(`${session}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  const name = DAY_NAMES[weekday(session)]!;
  if (days > 1 && days < 7) return name;
  const month = new Date(`${session}T00:00:00Z`).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  return `${name} ${Number(session.slice(8, 10))} ${month}`;
}

/** The close the quotes are from, in words: "Friday's close" (the weekday of the quote's New York date). */
export function closeInWords(quoteAsOf: string): string {
  return `${DAY_NAMES[weekday(newYorkParts(new Date(quoteAsOf)).date)]!}'s close`;
}

/** The label a practice-shortcut fill carries on the order, the activity and the journal. */
export const shortcutFillNote = (quoteAsOf: string): string => `Filled at ${closeInWords(quoteAsOf)} (practice shortcut — the market was closed)`;

/** The label of a queued order's fill: it waited for the session and took that session's prices. */
export const queuedFillNote = (quoteAsOf: string): string =>
  `Queued while the market was closed; filled at ${DAY_NAMES[weekday(newYorkParts(new Date(quoteAsOf)).date)]!}'s session prices`;

/** What the ticket and the pre-trade answer say will happen, before the order is sent. */
export function fillTimingNote(timing: FillTiming, type: OrderType, now: Date): string {
  if (timing.kind === 'now') return '';
  const when = sessionInWords(timing.session, now);
  const open = `${when === 'today' ? 'today' : when} at 9:30 New York time`;
  if (timing.kind === 'last-close') {
    return type === 'market'
      ? `The market is closed. Practice shortcut: this order fills now at the last close's prices, and is labelled as such. A real broker would hold it until the market opens ${open}.`
      : `The market is closed. Practice shortcut: this limit is checked now against the last close's prices; if it does not fill, it waits for the session that opens ${open}, and expires at its close.`;
  }
  return type === 'market'
    ? `The market is closed. This order is queued and fills at the next session's prices, after the market opens ${open}; you can cancel it until then.`
    : `The market is closed. This limit order is queued for the session that opens ${open}: it can fill only at that session's prices, and expires at its close if it does not.`;
}

/**
 * Whether an order queued while the market was closed may now be decided: its session has opened and every quote it
 * would fill at is from that session or later (with end-of-day data, the first ingestion after the open), never the
 * close the learner already saw.
 */
export function queuedOrderDue(session: string, now: Date, quotes: readonly Pick<Quote, 'asOf'>[]): boolean {
  const opens = sessionOpensAt(session).getTime();
  return now.getTime() >= opens && quotes.length > 0 && quotes.every((q) => Date.parse(q.asOf) >= opens);
}
