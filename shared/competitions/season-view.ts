import type { Season } from './seasons';

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const at = (date: string) => new Date(`${date}T00:00:00Z`);

/** "Weekly · Nov 30 – Dec 4, 2026", "Weekly · Dec 28, 2026 – Jan 1, 2027", "Monthly · December 2026". */
export function seasonLabel(season: Pick<Season, 'kind' | 'firstDay' | 'lastDay'>): string {
  if (season.kind === 'monthly') return `Monthly · ${MONTH.format(at(season.firstDay))}`;
  const [y1, y2] = [season.firstDay.slice(0, 4), season.lastDay.slice(0, 4)];
  const from = DAY.format(at(season.firstDay)) + (y1 === y2 ? '' : `, ${y1}`);
  return `Weekly · ${from} – ${DAY.format(at(season.lastDay))}, ${y2}`;
}

export type SeasonStatus = 'joinable' | 'running' | 'closed';

/** Joinable until its first trading day closes, running until its close instant, closed from then. */
export function seasonStatus(season: Pick<Season, 'joinClosesAt' | 'closesAt'>, now: Date): SeasonStatus {
  if (now.getTime() < Date.parse(season.joinClosesAt)) return 'joinable';
  return now.getTime() < Date.parse(season.closesAt) ? 'running' : 'closed';
}
