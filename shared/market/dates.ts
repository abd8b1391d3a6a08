import { TZDate } from '@date-fns/tz';
import { BoundedMap } from '../bounded-map';

/**
 * Calendar dates are 'YYYY-MM-DD' strings (New York trading dates); arithmetic on them is exact
 * whole-day arithmetic in UTC. Instants are converted to New York time with @date-fns/tz.
 */
export const NEW_YORK = 'America/New_York';

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return toIsoDate(d) === value;
}

export function toIsoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Days since 1970-01-01 for a calendar date. */
export function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

export function fromDayNumber(n: number): string {
  return toIsoDate(new Date(n * DAY_MS));
}

export const addDays = (date: string, days: number): string => fromDayNumber(dayNumber(date) + days);

/** Calendar days from a to b (b − a). */
export const daysBetween = (a: string, b: string): number => dayNumber(b) - dayNumber(a);

/** 0 = Sunday … 6 = Saturday. */
export const weekday = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();

export const ymd = (year: number, month: number, day: number): string =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** The n-th given weekday (0-6) of a month, n from 1. */
export function nthWeekday(year: number, month: number, dow: number, n: number): string {
  const first = weekday(ymd(year, month, 1));
  return ymd(year, month, 1 + ((dow - first + 7) % 7) + 7 * (n - 1));
}

/** The last given weekday (0-6) of a month. */
export function lastWeekday(year: number, month: number, dow: number): string {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const lastDow = weekday(ymd(year, month, last));
  return ymd(year, month, last - ((lastDow - dow + 7) % 7));
}

export const lastDayOfMonth = (year: number, month: number): string => ymd(year, month, new Date(Date.UTC(year, month, 0)).getUTCDate());

/**
 * New York's date and minutes by the minute: both depend only on the instant's minute (New York's offsets are whole
 * hours), and working them out through the time zone took a twentieth of a portfolio read's CPU (measured).
 */
const newYorkMinutes = new BoundedMap<number, { date: string; minutes: number }>(512);

/** The New York calendar date and minutes after midnight of an instant. */
export function newYorkParts(instant: Date): { date: string; minutes: number } {
  const minute = Math.floor(instant.getTime() / 60_000);
  let parts = newYorkMinutes.get(minute);
  if (!parts) {
    const ny = new TZDate(minute * 60_000, NEW_YORK);
    parts = { date: ymd(ny.getFullYear(), ny.getMonth() + 1, ny.getDate()), minutes: ny.getHours() * 60 + ny.getMinutes() };
    newYorkMinutes.set(minute, parts);
  }
  return { ...parts };
}

/** The instant at a wall-clock time on a New York date (e.g. the 16:00 close). */
export function newYorkInstant(date: string, hours: number, minutes = 0): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, hours, minutes, 0, NEW_YORK).getTime());
}

/** Year fraction on an ACT/365 basis, the convention the pricing core's T uses. */
export const yearsBetween = (from: Date, to: Date): number => Math.max(0, (to.getTime() - from.getTime()) / (365 * DAY_MS));

/** The same day n months later, clamped to the month's end (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return ymd(year, month, Math.min(d, last));
}

/** The New York calendar date of an instant (an ISO timestamp or a Date). */
export const newYorkDate = (instant: Date | string): string => newYorkParts(typeof instant === 'string' ? new Date(instant) : instant).date;

/** The Monday of a date's week (weeks run Monday to Sunday). */
export const mondayOf = (date: string): string => addDays(date, -((weekday(date) + 6) % 7));

/** A date's month as `YYYY-MM`. */
export const monthOf = (date: string): string => date.slice(0, 7);

/** The first day of the month after a date's. */
export const firstOfNextMonth = (date: string): string => addMonths(`${monthOf(date)}-01`, 1);
