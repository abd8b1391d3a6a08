import { addDays, lastWeekday, nthWeekday, weekday, ymd } from './dates';

/**
 * The NYSE trading calendar: weekends and the exchange's regular holidays (NYSE Rule 7.2).
 * A holiday on Saturday is observed the Friday before, except New Year's Day (the exchange stays
 * open on 31 December); one on Sunday the Monday after. Juneteenth is a holiday from 2022.
 * Unscheduled closures (days of mourning, weather) are not known in advance and not modelled.
 */
const holidayCache = new Map<number, Set<string>>();

export function nyseHolidays(year: number): Set<string> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const observed = (date: string, allowFridayBefore = true): string | null => {
    const dow = weekday(date);
    if (dow === 6) return allowFridayBefore ? addDays(date, -1) : null;
    if (dow === 0) return addDays(date, 1);
    return date;
  };
  const days = [
    observed(ymd(year, 1, 1), false), // on a Saturday it is not observed: the exchange opens on 31 December
    nthWeekday(year, 1, 1, 3), // Martin Luther King Jr. Day
    nthWeekday(year, 2, 1, 3), // Washington's Birthday
    addDays(easterSunday(year), -2), // Good Friday
    lastWeekday(year, 5, 1), // Memorial Day
    year >= 2022 ? observed(ymd(year, 6, 19)) : null,
    observed(ymd(year, 7, 4)),
    nthWeekday(year, 9, 1, 1), // Labor Day
    nthWeekday(year, 11, 4, 4), // Thanksgiving
    observed(ymd(year, 12, 25)),
  ].filter((d): d is string => d !== null);
  const set = new Set(days);
  holidayCache.set(year, set);
  return set;
}

/**
 * NYSE's early closes, at 13:00 New York: the day after Thanksgiving, and 3 July and 24 December when they are trading
 * days (when 3 July is the observed Independence Day, or 24 December the observed Christmas or a weekend day, there is
 * no shortened day that year). Announced each year by NYSE with its holiday calendar.
 */
const earlyCloseCache = new Map<number, Set<string>>();

export function nyseEarlyCloses(year: number): Set<string> {
  const cached = earlyCloseCache.get(year);
  if (cached) return cached;
  const set = new Set([addDays(nthWeekday(year, 11, 4, 4), 1), ...[ymd(year, 7, 3), ymd(year, 12, 24)].filter(isTradingDay)]);
  earlyCloseCache.set(year, set);
  return set;
}

/** The regular session's close on a trading day, in minutes after midnight New York time: 16:00, or 13:00 on an early close. */
export const sessionCloseMinutes = (date: string): number => (nyseEarlyCloses(Number(date.slice(0, 4))).has(date) ? 13 * 60 : 16 * 60);

/** Easter Sunday, Gregorian calendar (the anonymous "Meeus/Jones/Butcher" algorithm). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return ymd(year, month, day);
}

/** An exchange's trading days: weekdays that are not its holidays, and the steps between them. */
export interface TradingCalendar {
  isTradingDay(date: string): boolean;
  /** The trading day on or before a date. */
  onOrBefore(date: string): string;
  /** The trading day on or after a date. */
  onOrAfter(date: string): string;
  previous(date: string): string;
  next(date: string): string;
}

/** The trading calendar of an exchange whose holidays of a year are `holidays(year)`. */
export function tradingCalendar(holidays: (year: number) => ReadonlySet<string>): TradingCalendar {
  const isTradingDay = (date: string): boolean => {
    const dow = weekday(date);
    return dow !== 0 && dow !== 6 && !holidays(Number(date.slice(0, 4))).has(date);
  };
  const onOrBefore = (date: string): string => {
    let d = date;
    while (!isTradingDay(d)) d = addDays(d, -1);
    return d;
  };
  const onOrAfter = (date: string): string => {
    let d = date;
    while (!isTradingDay(d)) d = addDays(d, 1);
    return d;
  };
  return { isTradingDay, onOrBefore, onOrAfter, previous: (date) => onOrBefore(addDays(date, -1)), next: (date) => onOrAfter(addDays(date, 1)) };
}

const nyse = tradingCalendar(nyseHolidays);
export const isTradingDay = nyse.isTradingDay;
/** The trading day on or before a date. */
export const tradingDayOnOrBefore = nyse.onOrBefore;
/** The trading day on or after a date. */
export const tradingDayOnOrAfter = nyse.onOrAfter;
export const previousTradingDay = nyse.previous;
export const nextTradingDay = nyse.next;

/** The n trading days ending on `end` (inclusive when it is a trading day), oldest first. */
export function tradingDaysEnding(end: string, n: number): string[] {
  const out: string[] = [];
  let d = tradingDayOnOrBefore(end);
  while (out.length < n) {
    out.push(d);
    d = previousTradingDay(d);
  }
  return out.reverse();
}

/** Trading days strictly after a and up to and including b. */
export function tradingDaysBetween(a: string, b: string): number {
  let n = 0;
  for (let d = nextTradingDay(a); d <= b; d = nextTradingDay(d)) n++;
  return n;
}

/**
 * The trading session an instant belongs to, for day orders and day trades: today while the market
 * has not closed (16:00 New York, 13:00 on an early close) on a trading day, otherwise the next trading day.
 */
export function tradingSessionAt(nyDate: string, minutesAfterMidnight: number): string {
  return isTradingDay(nyDate) && minutesAfterMidnight < sessionCloseMinutes(nyDate) ? nyDate : nextTradingDay(nyDate);
}
