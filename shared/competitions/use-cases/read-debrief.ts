import { COURSE } from '../../learning/content/course';
import { courseIndex } from '../../learning/course-index';
import { fail, ok, type Result } from '../../result';
import type { DebriefView } from '../competitions.api';
import { seasonLabel } from '../season-view';
import { seasonById } from '../seasons';
import type { SeasonDeps } from './deps';
import { unknownSeason } from './join-season';

/** A lesson's page in the app: `<module>.<slug>` is /app/learning/<module>/<slug>. */
export function lessonHref(lessonId: string): string {
  const dot = lessonId.indexOf('.');
  const moduleId = dot < 0 ? lessonId : lessonId.slice(0, dot);
  const slug = dot < 0 ? '' : lessonId.slice(dot + 1);
  return `/app/learning/${encodeURIComponent(moduleId)}/${encodeURIComponent(slug)}`;
}

/**
 * GET /api/competitions/seasons/{seasonId}/debrief: the learner's debrief, frozen at the close, with the linked lesson's
 * title and page. Before the close, or for a learner who did not enter, there is none (404).
 */
export async function readDebrief(deps: Pick<SeasonDeps, 'repo'>, userId: string, seasonId: string): Promise<Result<DebriefView>> {
  const season = seasonById(seasonId);
  if (!season) return unknownSeason(seasonId);
  const d = await deps.repo.debrief(userId, seasonId);
  if (!d) return fail('not_found', 'There is no debrief for you in this season: debriefs are written when a season you entered closes.');
  const lesson = courseIndex(COURSE).lesson(d.lesson.id);
  return ok({
    seasonId,
    label: seasonLabel(season),
    closedAt: d.closedAt,
    ranked: d.ranked,
    note: d.note,
    rank: d.rank,
    leagueRank: d.leagueRank,
    league: d.league,
    entrants: d.entrants,
    score: d.score,
    trades: d.trades,
    bestTrade: d.bestTrade,
    worstTrade: d.worstTrade,
    maxDrawdown: d.maxDrawdown,
    biggestRisk: d.biggestRisk,
    planned: d.planned,
    lesson: { id: d.lesson.id, title: lesson?.lesson.title ?? d.lesson.id, href: lessonHref(d.lesson.id), why: d.lesson.why },
    award: d.award,
  });
}
