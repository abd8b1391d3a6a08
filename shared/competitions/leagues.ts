import { displayNameOf } from '../gamification/display-name';
import { hidesFromBoards } from '../gamification/leaderboards';

/**
 * Leagues and boards (issue 39: cohort leagues of about 30, as Duolingo's weekly leagues are, duoplanet.com, "Duolingo
 * Leagues: the essential guide").
 *
 * The draw: when joining closes (the end of the season's first trading day), the entrants in the order they joined
 * (joinedAt, then user id) are cut into L = max(1, round(n / 30)) consecutive leagues whose sizes differ by at most one,
 * the larger ones first. So a league holds 23 to 45 entrants once there are more than 45, and everyone is in one league
 * below that. Nobody can join after the draw, so nobody ever changes league; the draw is a function of the entrants
 * alone, so drawing again gives the same leagues. Joining together puts learners who started the week together side by
 * side, with no rating needed.
 */
export const LEAGUE_SIZE = 30;

export interface JoinOrder {
  userId: string;
  /** ISO instant of the join. */
  joinedAt: string;
}

const byJoin = (a: JoinOrder, b: JoinOrder) =>
  a.joinedAt < b.joinedAt ? -1 : a.joinedAt > b.joinedAt ? 1 : a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;

/** Each entrant's league, numbered from 1. */
export function drawLeagues(entrants: readonly JoinOrder[]): Map<string, number> {
  const sorted = [...entrants].sort(byJoin);
  const n = sorted.length;
  const leagues = Math.max(1, Math.round(n / LEAGUE_SIZE));
  const small = Math.floor(n / leagues);
  const larger = n % leagues;
  const out = new Map<string, number>();
  let i = 0;
  for (let league = 1; league <= leagues; league++) {
    const size = small + (league <= larger ? 1 : 0);
    for (let k = 0; k < size; k++) out.set(sorted[i++]!.userId, league);
  }
  return out;
}

/**
 * Standard competition ranking ("1224"): equal scores share a rank and the next rank skips. Higher scores first; the
 * ranks are keyed by user id. Equal scores are listed by user id, so the order never depends on the input's.
 */
export function rankByScore(rows: readonly { userId: string; score: number }[]): Map<string, number> {
  const sorted = [...rows].sort((a, b) => b.score - a.score || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  const out = new Map<string, number>();
  sorted.forEach((row, i) => {
    const prev = sorted[i - 1];
    out.set(row.userId, prev && prev.score === row.score ? out.get(prev.userId)! : i + 1);
  });
  return out;
}

/** What a board row shows for an entrant who hides from leaderboards, to everyone but themselves. */
export const PRIVATE_ENTRANT = 'Private entrant';

/** The board's name for an entrant: their profile's name if given, else the boards' pseudonym (gamification's). */
export const entrantName = (userId: string, displayName?: string | null): string => displayName ?? displayNameOf(userId);

/**
 * Whether others see an entrant's name: gamification's board rule (hidesFromBoards). Unlike the XP boards, where a
 * hidden learner's entries leave the index, a hidden entrant keeps their place and rank (they are still competing, and
 * removing them would give the others different ranks on different screens) and shows as a private entrant.
 */
export const hiddenEntrant = (entrant: { showOnLeaderboards?: boolean }): boolean =>
  hidesFromBoards({ showOnLeaderboards: entrant.showOnLeaderboards !== false });
