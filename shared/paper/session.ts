import { tradingDayOnOrBefore, tradingDaysEnding, tradingSessionAt } from '../market/calendar';
import { newYorkParts } from '../market/dates';

/** The trading session an instant belongs to: today before the close, else the next trading day. */
export function sessionOf(now: Date): string {
  const ny = newYorkParts(now);
  return tradingSessionAt(ny.date, ny.minutes);
}

/**
 * The session Day P&L covers: today in New York when it is a trading day (all of it, also after the close, so the
 * evening's closing marks count towards it), else the last trading day.
 */
export const dayPnlSessionOf = (now: Date): string => tradingDayOnOrBefore(newYorkParts(now).date);

/** Day trades older than two weeks of trading days no longer count for anything. */
export function pruneDayTrades(days: string[], today: string): string[] {
  const keep = new Set(tradingDaysEnding(today, 10));
  return days.filter((d) => keep.has(d));
}
