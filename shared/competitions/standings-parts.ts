import type { FrozenResults, StandingsHead, StoredStandings } from './seasons.port';
import type { EntrantResult } from './standings';

/**
 * A season's standings in the parts the boards read (issue 39: a season of any size, one board read a few small items):
 * a head (when and how computed, how many leagues and entrants), each league's rows, and the overall board's first
 * TOP_ROWS rows. Every row keeps both its league rank and its overall rank, so a viewer's own row on the overall board
 * comes from their league's part.
 */

/** The overall board answers its first rows; a league holds at most about 45 (LEAGUE_SIZE's draw). */
export const TOP_ROWS = 200;

export function standingsHeadOf(s: StoredStandings): StandingsHead {
  return { seasonId: s.seasonId, computedAt: s.computedAt, basis: s.basis, leagues: s.leagues, entrants: s.results.length };
}

/**
 * Each league's rows, by league number ascending, in the standings' order (ranked by rank, then the unranked), which
 * within a league is its board's order.
 */
export function leagueRowsOf(results: readonly EntrantResult[]): [league: number, rows: EntrantResult[]][] {
  const byLeague = new Map<number, EntrantResult[]>();
  for (const r of results) {
    const rows = byLeague.get(r.league);
    if (rows) rows.push(r);
    else byLeague.set(r.league, [r]);
  }
  return [...byLeague.entries()].sort(([a], [b]) => a - b);
}

/** The overall board's first rows: the standings are in overall order already. */
export const topRowsOf = (results: readonly EntrantResult[]): EntrantResult[] => results.slice(0, TOP_ROWS);

/**
 * The frozen results by league: each league's rows and the award keys of its entrants (a key ends with `#<userId>`,
 * awardKey). A key naming nobody in the results is a bug in the close, never stored silently.
 */
export function resultsByLeague(frozen: FrozenResults): { league: number; results: EntrantResult[]; awards: string[] }[] {
  const leagueOf = new Map(frozen.results.map((r) => [r.userId, r.league]));
  const awards = new Map<number, string[]>();
  for (const key of frozen.awards) {
    const league = leagueOf.get(key.slice(key.lastIndexOf('#') + 1));
    if (league === undefined) throw new Error(`The award ${key} of ${frozen.seasonId} names no entrant of its results`);
    awards.set(league, [...(awards.get(league) ?? []), key]);
  }
  return leagueRowsOf(frozen.results).map(([league, results]) => ({ league, results, awards: awards.get(league) ?? [] }));
}
