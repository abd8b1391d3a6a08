import { TZDate } from '@date-fns/tz';
import { addDays, daysBetween, lastWeekday, weekday, ymd } from '../dates';
import { tradingCalendar } from '../calendar';
import { nseContract, type NseExpiryKind } from './nse-contracts';

/**
 * The NSE trading calendar for equity derivatives: weekends, the exchange's published holidays, the regular session
 * 09:15–15:30 Asia/Kolkata, and the expiry calendar in force from 1 September 2025. Dates are 'YYYY-MM-DD' Indian
 * calendar dates; instants are converted with @date-fns/tz (India keeps +05:30 all year).
 */
export const KOLKATA = 'Asia/Kolkata';

/** The regular session, in minutes after midnight Asia/Kolkata: opens 09:15, closes 15:30. */
export const NSE_OPEN_MINUTES = 9 * 60 + 15;
export const NSE_CLOSE_MINUTES = 15 * 60 + 30;

/**
 * NSE trading holidays for the equity and equity-derivative segments that fall on weekdays, 2026. Source: NSE's holiday
 * circular for 2026 as listed by Upstox ("NSE Holidays 2026") and StockTrack (January 2026), which adds 15 January
 * 2026, closed for the Maharashtra municipal corporation elections. Holidays on a Saturday or Sunday (15 February
 * Mahashivratri, 21 March Id-Ul-Fitr, 15 August Independence Day, 8 November Diwali Laxmi Pujan, with its Muhurat
 * session) close nothing more and are not listed. Not modelled: the special session on Sunday 1 February 2026 (Union
 * Budget, 09:15–15:00) and the Muhurat session.
 */
const HOLIDAYS: Readonly<Record<number, readonly string[]>> = {
  2026: [
    '2026-01-15', // Municipal Corporation Election - Maharashtra
    '2026-01-26', // Republic Day
    '2026-03-03', // Holi
    '2026-03-26', // Shri Ram Navami
    '2026-03-31', // Shri Mahavir Jayanti
    '2026-04-03', // Good Friday
    '2026-04-14', // Dr. Baba Saheb Ambedkar Jayanti
    '2026-05-01', // Maharashtra Day
    '2026-05-28', // Bakri Id
    '2026-06-26', // Muharram
    '2026-09-14', // Ganesh Chaturthi
    '2026-10-02', // Mahatma Gandhi Jayanti
    '2026-10-20', // Dussehra
    '2026-11-10', // Diwali - Balipratipada
    '2026-11-24', // Prakash Gurpurb Sri Guru Nanak Dev
    '2026-12-25', // Christmas
  ],
};

const holidaySets = new Map<number, ReadonlySet<string>>(Object.entries(HOLIDAYS).map(([y, days]) => [Number(y), new Set(days)]));

/**
 * The holidays NSE's list names every year on the same calendar day: Republic Day (26 January), Maharashtra Day
 * (1 May), Independence Day (15 August), Mahatma Gandhi Jayanti (2 October) and Christmas (25 December), as in the 2026
 * list above. Festivals that follow the lunar calendar (Holi, Diwali, Id and the others) move from year to year and are
 * known only from NSE's list for that year.
 */
const FIXED_HOLIDAYS: readonly (readonly [month: number, day: number])[] = [
  [1, 26],
  [5, 1],
  [8, 15],
  [10, 2],
  [12, 25],
];

/**
 * Whether the year's holidays are known. NSE publishes a year's list in a circular of December the year before; no 2027
 * list was found in a stored source (searched 30 November 2026), so for 2027 and later years the calendar closes at
 * weekends and on the fixed-date holidays above only, and an expiry that a festival holiday would move is not moved.
 */
export const nseHolidaysKnown = (year: number): boolean => holidaySets.has(year);

const fixedHolidaySets = new Map<number, ReadonlySet<string>>();

/** The year's NSE holidays: the published list, or for a year without one the fixed-date holidays on weekdays. */
export function nseHolidays(year: number): ReadonlySet<string> {
  const known = holidaySets.get(year);
  if (known) return known;
  let fixed = fixedHolidaySets.get(year);
  if (!fixed) {
    fixed = new Set(FIXED_HOLIDAYS.map(([m, d]) => ymd(year, m, d)).filter((date) => weekday(date) !== 0 && weekday(date) !== 6));
    fixedHolidaySets.set(year, fixed);
  }
  return fixed;
}

const nse = tradingCalendar(nseHolidays);
export const isNseTradingDay = nse.isTradingDay;
export const nseTradingDayOnOrBefore = nse.onOrBefore;
export const nseTradingDayOnOrAfter = nse.onOrAfter;
export const previousNseTradingDay = nse.previous;
export const nextNseTradingDay = nse.next;

/** The instant of a wall-clock time on an Indian calendar date (e.g. the 15:30 close). */
export function kolkataInstant(date: string, hours: number, minutes = 0): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, hours, minutes, 0, KOLKATA).getTime());
}

/** The Indian calendar date and minutes after midnight of an instant. */
export function kolkataParts(instant: Date): { date: string; minutes: number } {
  const t = new TZDate(instant.getTime(), KOLKATA);
  return { date: ymd(t.getFullYear(), t.getMonth() + 1, t.getDate()), minutes: t.getHours() * 60 + t.getMinutes() };
}

/** The close of a trading day's regular session (15:30 Asia/Kolkata). */
export const nseCloseInstant = (date: string): Date => kolkataInstant(date, 15, 30);

/** Whether the regular session is open at an instant: a trading day, from 09:15 inclusive to 15:30 exclusive. */
export function isNseOpen(instant: Date): boolean {
  const { date, minutes } = kolkataParts(instant);
  return isNseTradingDay(date) && minutes >= NSE_OPEN_MINUTES && minutes < NSE_CLOSE_MINUTES;
}

/** The latest completed session at an instant: today after the 15:30 close, else the trading day before. */
export function nseCurrentSession(instant: Date): { date: string; asOf: Date } {
  const { date, minutes } = kolkataParts(instant);
  const session = isNseTradingDay(date) && minutes >= NSE_CLOSE_MINUTES ? date : previousNseTradingDay(date);
  return { date: session, asOf: nseCloseInstant(session) };
}

// The expiry calendar from 1 September 2025 (NSE/FAOP/68747; SEBI's circular of 1 October 2024 for the weekly rule):
// NIFTY weeklies expire every Tuesday; every underlying's monthly expires on the last Tuesday of the month; an expiry
// whose Tuesday is a trading holiday moves to the previous trading day.

const TUESDAY = 2;

/** The monthly expiry of a month: its last Tuesday, or the trading day before it when that Tuesday is a holiday. */
export const nseMonthlyExpiry = (year: number, month: number): string => nseTradingDayOnOrBefore(lastWeekday(year, month, TUESDAY));

/** The weekly expiry of the week whose Tuesday is given: that Tuesday, or the trading day before it on a holiday. */
export const nseWeeklyExpiry = (tuesday: string): string => nseTradingDayOnOrBefore(tuesday);

export interface NseExpiry {
  date: string;
  kind: NseExpiryKind;
}

/** How many of each series NSE lists (contract specifications): NIFTY 4 weeklies besides the monthlies; 3 monthlies each. */
const WEEKLIES = 4;
const MONTHLIES = 3;

/**
 * The expiries listed for an underlying on a trading date, soonest first: today's included (it trades until the
 * close). NIFTY: the next 4 weekly expiries that are not a monthly, and the next 3 monthlies; every other underlying:
 * the next 3 monthlies. Quarterly and half-yearly NIFTY/BANKNIFTY series are not listed by the simulated market.
 */
export function nseListedExpiries(symbol: string, today: string): NseExpiry[] {
  const spec = nseContract(symbol);
  if (!spec) return [];
  const monthlies: string[] = [];
  for (let i = 0; monthlies.length < MONTHLIES; i++) {
    const year = Number(today.slice(0, 4)) + Math.floor((Number(today.slice(5, 7)) - 1 + i) / 12);
    const month = ((Number(today.slice(5, 7)) - 1 + i) % 12) + 1;
    const e = nseMonthlyExpiry(year, month);
    if (e >= today) monthlies.push(e);
  }
  const out: NseExpiry[] = monthlies.map((date) => ({ date, kind: 'monthly' }));
  if (spec.expiryKinds.includes('weekly')) {
    const monthlySet = new Set(monthlies);
    let tuesday = addDays(today, (TUESDAY - weekday(today) + 7) % 7);
    const weeklies: string[] = [];
    for (let guard = 0; weeklies.length < WEEKLIES && guard < 20; guard++, tuesday = addDays(tuesday, 7)) {
      const e = nseWeeklyExpiry(tuesday);
      if (e < today) continue;
      // A week whose Tuesday is the month's last has the monthly, not a weekly, even when a holiday moved it.
      if (monthlySet.has(e) || lastWeekday(Number(tuesday.slice(0, 4)), Number(tuesday.slice(5, 7)), TUESDAY) === tuesday) continue;
      weeklies.push(e);
    }
    out.push(...weeklies.map((date) => ({ date, kind: 'weekly' as const })));
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/**
 * Days to expiry: calendar days from the trading date to the expiry date, 0 on the expiry day itself, as Indian option
 * calculators count them (e.g. a Monday to a Thursday expiry is 3 days). No NSE document stating its own count was found.
 */
export const nseDaysToExpiry = (today: string, expiry: string): number => Math.max(0, daysBetween(today, expiry));

/** Time to expiry in years (ACT/365, the pricing core's T) from an instant to the 15:30 close of the expiry day. */
export const nseYearsToExpiry = (from: Date, expiry: string): number => Math.max(0, (nseCloseInstant(expiry).getTime() - from.getTime()) / (365 * 86_400_000));
