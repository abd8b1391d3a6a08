import { formatMonth, formatShortDate } from '../format/time';
import type { Season } from './seasons';

/** "Weekly · Nov 30 – Dec 4, 2026", "Weekly · Dec 28, 2026 – Jan 1, 2027", "Monthly · December 2026". */
export function seasonLabel(season: Pick<Season, 'kind' | 'firstDay' | 'lastDay'>): string {
  if (season.kind === 'monthly') return `Monthly · ${formatMonth(season.firstDay)}`;
  const [y1, y2] = [season.firstDay.slice(0, 4), season.lastDay.slice(0, 4)];
  const from = formatShortDate(season.firstDay) + (y1 === y2 ? '' : `, ${y1}`);
  return `Weekly · ${from} – ${formatShortDate(season.lastDay)}, ${y2}`;
}

export type SeasonStatus = 'joinable' | 'running' | 'closed';

/**
 * The season as the competitions page names it: joinable until its first trading day closes, running until its close
 * instant, closed from then. Trading in it follows its own window (competition-venue.ts tradingWindow): from the first
 * trading day, so a joinable season may already be trading.
 */
export function seasonStatus(season: Pick<Season, 'joinClosesAt' | 'closesAt'>, now: Date): SeasonStatus {
  if (now.getTime() < Date.parse(season.joinClosesAt)) return 'joinable';
  return now.getTime() < Date.parse(season.closesAt) ? 'running' : 'closed';
}
