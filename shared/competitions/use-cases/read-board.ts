import { ok, type Result } from '../../result';
import { boardFor } from '../board';
import type { BoardView } from '../competitions.api';
import { SCORE_FORMULA } from '../rules';
import { seasonLabel, seasonStatus } from '../season-view';
import { seasonById } from '../seasons';
import { TOP_ROWS } from '../standings-parts';
import type { SeasonDeps } from './deps';
import { unknownSeason } from './join-season';

/** The overall board answers its first rows (the stored top part); a league holds at most about 45. */
export const BOARD_ROWS = TOP_ROWS;

/**
 * GET /api/competitions/seasons/{seasonId}/board: the standings the scheduled jobs stored, as the viewer sees them (a
 * hidden entrant shows as a private entrant to others). The league view shows the viewer's league (the first league
 * when the viewer has not entered). Reads: the standings' head, the viewer's league and, on the overall board, its top
 * part at once; then the one league's part (the viewer's, which also holds their own row with its overall rank). Pure
 * code after that; nothing written. Parts written by a job while they are read may be one run apart: the board shows
 * the rows of each part as that run left them, under the head's `asOf`.
 */
export async function readBoard(
  deps: Pick<SeasonDeps, 'repo' | 'clock'>,
  userId: string,
  seasonId: string,
  view: 'league' | 'overall',
): Promise<Result<BoardView>> {
  const season = seasonById(seasonId);
  if (!season) return unknownSeason(seasonId);
  const [head, myLeague, top] = await Promise.all([
    deps.repo.standingsHead(seasonId),
    deps.repo.standingsLeague(seasonId, userId),
    view === 'overall' ? deps.repo.topStandings(seasonId) : Promise.resolve([]),
  ]);
  const league = !head || view === 'overall' ? null : (myLeague ?? (head.entrants ? 1 : null));
  const read = head ? (myLeague ?? league) : null;
  const leagueRows = read === null ? [] : await deps.repo.leagueStandings(seasonId, read);
  const mine = myLeague === null ? null : (leagueRows.find((r) => r.userId === userId) ?? null);
  const rows = (view === 'overall' ? boardFor(top, userId) : boardFor(leagueRows, userId, league ?? undefined)).slice(0, BOARD_ROWS);
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
    leagues: head?.leagues ?? 0,
    entrants: head?.entrants ?? 0,
    rows,
    you,
    asOf: head ? { at: head.computedAt, basis: head.basis } : null,
    scoreFormula: SCORE_FORMULA,
  });
}
