import { PRIVATE_ENTRANT } from './leagues';
import type { EntrantResult } from './standings';

/** One row of a league's board or the overall board, as a viewer sees it. */
export interface BoardRow {
  /** The league rank on a league's board, the overall rank on the overall board; null while not ranked. */
  rank: number | null;
  /** The entrant's name, or "Private entrant" to others when they hide from leaderboards. */
  name: string;
  score: number;
  ranked: boolean;
  /** What an unranked entrant still needs (or had, once the season closed). */
  note: string | null;
  isYou: boolean;
  /** The entrant hides from leaderboards: others see a private entrant; they see their own name with this flag. */
  private: boolean;
}

/**
 * A board from the standings for one viewer: a league's (`league` given) or the overall one. Rows keep the standings'
 * order (ranked by rank, then the unranked). A hidden entrant keeps their row and rank; only their name is withheld,
 * and never from themselves. No user id leaves this function.
 */
export function boardFor(results: readonly EntrantResult[], viewerId: string | null, league?: number): BoardRow[] {
  return results
    .filter((r) => league === undefined || r.league === league)
    .map((r) => {
      const isYou = r.userId === viewerId;
      return {
        rank: league === undefined ? r.overallRank : r.leagueRank,
        name: r.hidden && !isYou ? PRIVATE_ENTRANT : r.displayName,
        score: r.score,
        ranked: r.ranked,
        note: r.note,
        isYou,
        private: r.hidden,
      };
    });
}
