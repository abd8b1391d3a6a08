import { formatDayInWords } from '../format/time';
import { fail, type Err } from '../result';

/** The competitions' failures, with the words a learner reads (docs/architecture.md, "Errors"). */

/** "Monday, November 30": how the competition pages and messages write a season's days. */
export const formatSeasonDay = formatDayInWords;

/** The refusal of a late join: when the season started, and the next one to join instead. */
export function lateJoinMessage(season: { kind: 'weekly' | 'monthly'; firstDay: string }, next: { firstDay: string }): string {
  const which = season.kind === 'weekly' ? "next week's" : "next month's";
  return `This season started on ${formatSeasonDay(season.firstDay)}, and joining closed at the end of that trading day, so that every entrant starts together. Join ${which}, which starts on ${formatSeasonDay(next.firstDay)}.`;
}

export const lateJoin = (season: { kind: 'weekly' | 'monthly'; firstDay: string }, next: { id: string; firstDay: string }): Err =>
  fail('conflict', lateJoinMessage(season, next), { nextSeasonId: next.id });

export const undefinedRiskMessage = (underlying: string): string =>
  `Competitions allow defined-risk positions only. After this order your ${underlying} position could lose without limit if ${underlying} rises, because it sells more calls or shares than it owns. Buy a call above your short strike, or close the short calls or shares, and place the order again.`;

export const undefinedRisk = (underlying: string): Err => fail('unprocessable', undefinedRiskMessage(underlying), { underlying });
