import { isTradingDay } from '../market/calendar';
import { addDays } from '../market/dates';

/**
 * The NYSE trading days between the first and the last stored date (both included) that have no stored row: the gaps
 * of a daily series. Weekends and exchange holidays are not gaps. At most `limit` are listed; `count` says how many.
 */
export function tradingDayGaps(dates: readonly string[], limit = 20): { count: number; dates: string[] } {
  if (dates.length === 0) return { count: 0, dates: [] };
  const stored = new Set(dates);
  const sorted = [...stored].sort();
  const last = sorted[sorted.length - 1]!;
  const missing: string[] = [];
  let count = 0;
  for (let d = sorted[0]!; d <= last; d = addDays(d, 1)) {
    if (!isTradingDay(d) || stored.has(d)) continue;
    count++;
    if (missing.length < limit) missing.push(d);
  }
  return { count, dates: missing };
}
