import { isTradingDay, tradingDayOnOrBefore } from './calendar';
import { addDays, daysBetween, lastDayOfMonth, nthWeekday, weekday } from './dates';
import type { ListingStyle } from './underlyings';

/**
 * The listing calendar the simulated market follows, after the US exchanges' practice:
 * - standard monthlies on the third Friday (the Thursday before when that Friday is a holiday);
 * - weeklies on other Fridays (likewise moved to Thursday on a holiday);
 * - index ETFs (SPY, QQQ, ...) also expire every other weekday (dailies) and at each quarter end;
 * - LEAPS each January (third Friday) of the next two years.
 */
export type ExpiryType = '0DTE' | 'Daily' | 'Weekly' | 'Monthly' | 'Quarterly' | 'LEAPS';
export const EXPIRY_TYPES: readonly ExpiryType[] = ['0DTE', 'Daily', 'Weekly', 'Monthly', 'Quarterly', 'LEAPS'];

const LISTING = {
  'index-etf': { dailyWeeks: 4, weeklyWeeks: 9, monthlyMonths: 12, quarters: 8 },
  stock: { dailyWeeks: 0, weeklyWeeks: 6, monthlyMonths: 6, quarters: 0 },
} as const;

/** Expiry day of a standard monthly: the third Friday, or the trading day before it when it is a holiday. */
export function monthlyExpiry(year: number, month: number): string {
  return tradingDayOnOrBefore(nthWeekday(year, month, 5, 3));
}

/** Quarter-end expiry: the last trading day of March, June, September or December. */
export function quarterEndExpiry(year: number, month: 3 | 6 | 9 | 12): string {
  return tradingDayOnOrBefore(lastDayOfMonth(year, month));
}

const parts = (date: string) => ({ year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) });

export function isMonthlyExpiry(date: string): boolean {
  const { year, month } = parts(date);
  return monthlyExpiry(year, month) === date;
}

export function isQuarterEndExpiry(date: string): boolean {
  const { year, month } = parts(date);
  return (month === 3 || month === 6 || month === 9 || month === 12) && quarterEndExpiry(year, month) === date;
}

/** A weekly's expiry day: the Friday, or the Thursday before when that Friday is a holiday. */
function isWeeklyExpiryDay(date: string): boolean {
  const dow = weekday(date);
  if (dow === 5) return isTradingDay(date);
  return dow === 4 && isTradingDay(date) && !isTradingDay(addDays(date, 1));
}

/** Every expiry listed on `today` for an underlying of the given style, soonest first, today included. */
export function listedExpirations(style: ListingStyle, today: string): string[] {
  const plan = LISTING[style];
  const out = new Set<string>();
  const { year, month } = parts(today);

  for (let i = 0; i <= plan.weeklyWeeks * 7; i++) {
    const d = addDays(today, i);
    if (isWeeklyExpiryDay(d)) out.add(d);
    else if (i <= plan.dailyWeeks * 7 && isTradingDay(d)) out.add(d);
  }
  for (let i = 0; i <= plan.monthlyMonths; i++) {
    const m = ((month - 1 + i) % 12) + 1;
    const y = year + Math.floor((month - 1 + i) / 12);
    out.add(monthlyExpiry(y, m));
  }
  for (let i = 0, q = Math.ceil(month / 3) * 3, y = year; i < plan.quarters; i++) {
    out.add(quarterEndExpiry(y, q as 3 | 6 | 9 | 12));
    q += 3;
    if (q > 12) {
      q = 3;
      y++;
    }
  }
  for (const y of [year + 1, year + 2]) out.add(monthlyExpiry(y, 1));

  return [...out].filter((d) => d >= today).sort();
}

/** The spec's fallback from days to expiry: 0, up to 3, 7, 45, 120, beyond (spec part 2 §4). */
export function expiryTypeFromDays(days: number): ExpiryType {
  if (days <= 0) return '0DTE';
  if (days <= 3) return 'Daily';
  if (days <= 7) return 'Weekly';
  if (days <= 45) return 'Monthly';
  if (days <= 120) return 'Quarterly';
  return 'LEAPS';
}

/**
 * An expiry's type by the calendar: today is 0DTE; more than a year out is LEAPS; a quarter end is
 * Quarterly; a third-Friday monthly is Monthly; other Fridays are Weekly; other weekdays Daily.
 * A date the calendar cannot place (a weekend or holiday from a provider) falls back on the days.
 */
export function classifyExpiry(expiry: string, today: string): ExpiryType {
  const days = daysBetween(today, expiry);
  if (days === 0) return '0DTE';
  if (days > 365) return 'LEAPS';
  if (!isTradingDay(expiry)) return expiryTypeFromDays(days);
  if (isQuarterEndExpiry(expiry)) return 'Quarterly';
  if (isMonthlyExpiry(expiry)) return 'Monthly';
  if (isWeeklyExpiryDay(expiry)) return 'Weekly';
  return 'Daily';
}
