import { isTradingDay, tradingDaysBetween } from '../market/calendar';
import { addDays } from '../market/dates';
import { MAX_TRADING_DAYS, type GameState } from './state';

/**
 * Streaks on New York trading days (issue 19, Decisions): a streak day is a New York day with a trade, a completed
 * lesson, a passed quiz or a journal entry. Days the market is closed (weekends, NYSE holidays, shared/market/calendar.ts)
 * neither count nor break a streak. A missed trading day spends a streak freeze when one is held; otherwise the streak
 * breaks and the day's activity starts it again at 1. longestStreak = max(itself, current).
 */

/** Trading days strictly between two New York dates (a < b). */
export function missedTradingDays(last: string, day: string): number {
  if (day <= last) return 0;
  return Math.max(0, tradingDaysBetween(last, addDays(day, -1)));
}

export type StreakChange = 'none' | 'started' | 'extended' | 'frozen' | 'broken';

/** Records an activity on `day`; returns what happened to the streak. Mutates a draft state. */
export function recordActivity(s: GameState, day: string): StreakChange {
  if (!isTradingDay(day)) return 'none';
  const last = s.lastActiveDay;
  if (last !== null && day <= last) return 'none';
  let change: StreakChange;
  if (last === null) {
    s.currentStreak = 1;
    change = 'started';
  } else {
    const missed = missedTradingDays(last, day);
    if (missed === 0) {
      s.currentStreak += 1;
      change = 'extended';
    } else if (s.streakFreezes >= missed) {
      s.streakFreezes -= missed;
      s.currentStreak += 1;
      change = 'frozen';
    } else {
      s.currentStreak = 1;
      change = 'broken';
    }
  }
  s.lastActiveDay = day;
  s.longestStreak = Math.max(s.longestStreak, s.currentStreak);
  s.stats.activeDays += 1;
  return change;
}

/**
 * The streak as it stands on `today`: the kept streak, or 0 when more trading days have gone by without activity since
 * the last active day than the freezes held can cover (today itself still counts as open).
 */
export function streakOn(s: Pick<GameState, 'currentStreak' | 'lastActiveDay' | 'streakFreezes'>, today: string): number {
  if (s.lastActiveDay === null) return 0;
  return missedTradingDays(s.lastActiveDay, today) > s.streakFreezes ? 0 : s.currentStreak;
}

/** The spec's "record a trade": today joins tradingDays once and becomes lastTradeDate. Returns true on the day's first trade. */
export function recordTradeDay(s: GameState, day: string): boolean {
  if (s.tradingDays.includes(day)) return false;
  s.tradingDays = [...s.tradingDays, day].sort().slice(-MAX_TRADING_DAYS);
  if (s.lastTradeDate === null || day > s.lastTradeDate) s.lastTradeDate = day;
  return true;
}
