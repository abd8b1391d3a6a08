import { plannedSeasonAward, type AwardGrant } from './awards';
import { debriefOf, type Debrief } from './debrief';
import type { Season } from './seasons';
import { standingsOf, type Entrant, type EntrantResult } from './standings';

/**
 * The season close (issue 39): a pure function from the season and its entrants' final data to the frozen results,
 * each entrant's debrief and the awards. Idempotent by construction: it reads nothing but its input, stamps no clock
 * (the results carry the season's own close instant), and orders every list by the entrants' data, never by the input's
 * order, so the same entrants closed twice, in any order, give equal output. The scheduled job that calls it (a later
 * wave) writes the output under keys of the season, so a second run writes the same items again.
 */
export interface SeasonResults {
  seasonId: string;
  /** The season's close instant (ISO), not the moment the job ran. */
  closedAt: string;
  leagues: number;
  /** Ranked entrants by overall rank, then the unranked by score; ties by user id. */
  results: EntrantResult[];
  /** One per entrant, by user id. */
  debriefs: Debrief[];
  /** Coins and the Planned Season achievement: ranked, with a written plan on every trade; the rank plays no part. */
  awards: AwardGrant[];
}

export function closeSeason(season: Season, entrants: readonly Entrant[]): SeasonResults {
  const standings = standingsOf(season, entrants, true);
  const byId = new Map(entrants.map((e) => [e.userId, e]));
  const debriefs = [...standings.results]
    .sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0))
    .map((r) => {
      const e = byId.get(r.userId)!;
      return debriefOf({
        userId: r.userId,
        seasonId: season.id,
        tradingDays: season.tradingDays.length,
        closesAt: season.closesAt,
        startingCapital: e.startingCapital,
        path: standings.paths.get(r.userId)!,
        trades: e.trades,
        score: r.figures,
        eligibility: standings.eligibility.get(r.userId)!,
      });
    });
  const awards = debriefs
    .filter((d) => d.ranked && d.planned.trades > 0 && d.planned.withPlan === d.planned.trades)
    .map((d) => plannedSeasonAward(season.kind, season.id, d.userId));
  return { seasonId: season.id, closedAt: season.closesAt, leagues: standings.leagues, results: standings.results, debriefs, awards };
}
