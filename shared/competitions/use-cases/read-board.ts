import { ok, type Result } from '../../result';
import { boardFor } from '../board';
import type { BoardView } from '../competitions.api';
import { SCORE_FORMULA } from '../rules';
import { seasonLabel, seasonStatus } from '../season-view';
import { seasonById } from '../seasons';
import type { SeasonDeps } from './deps';
import { unknownSeason } from './join-season';

/** The overall board answers its first rows; a league holds at most about 45. */
export const BOARD_ROWS = 200;

/**
 * GET /api/competitions/seasons/{seasonId}/board: the standings the scheduled jobs stored, as the viewer sees them (a
 * hidden entrant shows as a private entrant to others). One read of the standings item and pure code; nothing written.
 * The league view shows the viewer's league (the first league when the viewer has not entered).
 */
export async function readBoard(
  deps: Pick<SeasonDeps, 'repo' | 'clock'>,
  userId: string,
  seasonId: string,
  view: 'league' | 'overall',
): Promise<Result<BoardView>> {
  const season = seasonById(seasonId);
  if (!season) return unknownSeason(seasonId);
  const standings = await deps.repo.standings(seasonId);
  const results = standings?.results ?? [];
  const mine = results.find((r) => r.userId === userId) ?? null;
  const league = view === 'overall' ? null : (mine?.league ?? (results.length ? 1 : null));
  const rows = boardFor(results, userId, league ?? undefined).slice(0, BOARD_ROWS);
  const you = mine
    ? {
        row: boardFor([mine], userId)[0]!,
        league: mine.league,
        leagueRank: mine.leagueRank,
        overallRank: mine.overallRank,
        figures: mine.figures,
        sample: mine.sample,
      }
    : null;
  if (you) you.row.rank = view === 'overall' ? mine!.overallRank : mine!.leagueRank;
  return ok({
    seasonId,
    label: seasonLabel(season),
    status: seasonStatus(season, deps.clock.now()),
    view,
    league,
    leagues: standings?.leagues ?? 0,
    entrants: results.length,
    rows,
    you,
    asOf: standings ? { at: standings.computedAt, basis: standings.basis } : null,
    scoreFormula: SCORE_FORMULA,
  });
}
