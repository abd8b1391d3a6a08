import { isTradingDay, sessionCloseMinutes } from '../market/calendar';
import { addDays, firstOfNextMonth, isIsoDate, mondayOf, newYorkInstant, newYorkParts } from '../market/dates';
import { ok, type Result } from '../result';
import { lateJoin } from './competitions.errors';

/**
 * Competition seasons (issue 39) on the NYSE's trading days (shared/market/calendar.ts):
 * - a weekly season is one trading week: the trading days from Monday to Friday of a week (a holiday Monday makes it
 *   start on Tuesday); its id is `weekly-<the week's Monday>`;
 * - a monthly season is a calendar month's trading days; its id is `monthly-<YYYY-MM>`.
 * Joining closes at the end of the season's first trading day (its session close, 16:00 New York, 13:00 on an early
 * close): everyone starts together, and nobody joins once the standings have begun to mean something. The season closes
 * at 19:00 New York on its last trading day, after the 18:30 settle job (functions/jobs/schedules.ts SETTLE_SCHEDULE)
 * has expired the day's orders and settled its expiries, so the last day's equity is final when the results freeze.
 */
export type SeasonKind = 'weekly' | 'monthly';
export const SEASON_KINDS: readonly SeasonKind[] = ['weekly', 'monthly'];

/** Hour (New York) the season closes on its last trading day: after the settle job's 18:30 run. */
export const SEASON_CLOSE_HOUR = 19;

export interface Season {
  id: string;
  kind: SeasonKind;
  /** Its trading days, oldest first (New York dates). */
  tradingDays: string[];
  firstDay: string;
  lastDay: string;
  /** ISO instant: the first trading day's session close. Joining is refused from this instant on. */
  joinClosesAt: string;
  /** ISO instant: 19:00 New York on the last trading day; the close job freezes the results from then. */
  closesAt: string;
}

function seasonOfDays(id: string, kind: SeasonKind, from: string, until: string): Season | null {
  const tradingDays: string[] = [];
  for (let d = from; d <= until; d = addDays(d, 1)) if (isTradingDay(d)) tradingDays.push(d);
  if (tradingDays.length === 0) return null;
  const firstDay = tradingDays[0]!;
  const lastDay = tradingDays[tradingDays.length - 1]!;
  const close = sessionCloseMinutes(firstDay);
  return {
    id,
    kind,
    tradingDays,
    firstDay,
    lastDay,
    joinClosesAt: newYorkInstant(firstDay, Math.floor(close / 60), close % 60).toISOString(),
    closesAt: newYorkInstant(lastDay, SEASON_CLOSE_HOUR).toISOString(),
  };
}

/** The weekly season of a date's week (Monday to Friday), or null for a week without a trading day. */
export function weeklySeason(date: string): Season | null {
  const monday = mondayOf(date);
  return seasonOfDays(`weekly-${monday}`, 'weekly', monday, addDays(monday, 4));
}

/** The monthly season of a date's month. Every month has trading days, so never null in practice. */
export function monthlySeason(date: string): Season | null {
  const first = `${date.slice(0, 7)}-01`;
  return seasonOfDays(`monthly-${date.slice(0, 7)}`, 'monthly', first, addDays(firstOfNextMonth(first), -1));
}

const seasonOn = (kind: SeasonKind, date: string) => (kind === 'weekly' ? weeklySeason(date) : monthlySeason(date));

/** The first season of a kind that has not ended by a date (its last trading day on or after it). */
export function seasonOnOrAfter(kind: SeasonKind, date: string): Season {
  for (let d = date; ; d = kind === 'weekly' ? addDays(mondayOf(d), 7) : firstOfNextMonth(d)) {
    const s = seasonOn(kind, d);
    if (s && s.lastDay >= date) return s;
  }
}

/** The season of the same kind after the given one. */
export const nextSeason = (season: Season): Season => seasonOnOrAfter(season.kind, addDays(season.lastDay, 1));

const SEASON_ID = /^(weekly)-(\d{4}-\d{2}-\d{2})$|^(monthly)-(\d{4}-\d{2})$/;

/** The season an id names, or null when the id is not one (a weekly id must name a Monday). */
export function seasonById(id: string): Season | null {
  const m = SEASON_ID.exec(id);
  if (!m || !isIsoDate(m[2] ?? `${m[4]!}-01`)) return null;
  const season = m[1] ? weeklySeason(m[2]!) : monthlySeason(`${m[4]!}-01`);
  return season?.id === id ? season : null;
}

/**
 * The seasons open to join at an instant: of each kind, the current season (after its last day, the coming one) while
 * its first trading day's session has not closed, and the one after it (joinable ahead). Weekly first, each kind oldest
 * first.
 */
export function openSeasons(now: Date): Season[] {
  const { date } = newYorkParts(now);
  const out: Season[] = [];
  for (const kind of SEASON_KINDS) {
    const current = seasonOnOrAfter(kind, date);
    const candidates = [current, nextSeason(current)];
    out.push(...candidates.filter((s) => now.getTime() < Date.parse(s.joinClosesAt)));
  }
  return out;
}

/** Whether a learner may join a season at an instant: until its first trading day's session close, never after. */
export function checkJoin(season: Season, now: Date): Result<Season> {
  if (now.getTime() >= Date.parse(season.joinClosesAt)) return lateJoin(season, nextSeason(season));
  return ok(season);
}
