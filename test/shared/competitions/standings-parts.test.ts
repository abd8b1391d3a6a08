import { describe, expect, it } from 'vitest';
import type { EntrantResult } from '@shared/competitions/standings';
import { leagueRowsOf, resultsByLeague, standingsHeadOf, TOP_ROWS, topRowsOf } from '@shared/competitions/standings-parts';

const row = (userId: string, league: number, overallRank: number | null) =>
  ({ userId, league, overallRank, ranked: overallRank !== null, leagueRank: overallRank }) as unknown as EntrantResult;

describe("a season's standings in parts", () => {
  // Overall order: ranked by rank, then the unranked; leagues interleave in it.
  const results = [row('a', 2, 1), row('b', 1, 2), row('c', 2, 3), row('d', 1, null), row('e', 2, null)];

  it("gives each league its rows in the standings' order, leagues ascending", () => {
    expect(leagueRowsOf(results).map(([league, rows]) => [league, rows.map((r) => r.userId)])).toEqual([
      [1, ['b', 'd']],
      [2, ['a', 'c', 'e']],
    ]);
  });

  it("keeps the overall board's first rows and a head with the counts", () => {
    const many = Array.from({ length: 250 }, (_, i) => row(`u${i}`, 1, i + 1));
    expect(topRowsOf(many).map((r) => r.userId)).toEqual(many.slice(0, TOP_ROWS).map((r) => r.userId));
    expect(standingsHeadOf({ seasonId: 's', computedAt: 't', basis: 'closing', leagues: 1, results: many })).toEqual({
      seasonId: 's',
      computedAt: 't',
      basis: 'closing',
      leagues: 1,
      entrants: 250,
    });
  });

  it("puts each award key with its entrant's league, and refuses a key naming nobody", () => {
    const frozen = { seasonId: 's', closedAt: 't', leagues: 2, results, awards: ['competition#s#c', 'competition#s#b'] };
    expect(resultsByLeague(frozen).map(({ league, awards }) => [league, awards])).toEqual([
      [1, ['competition#s#b']],
      [2, ['competition#s#c']],
    ]);
    expect(() => resultsByLeague({ ...frozen, awards: ['competition#s#zed'] })).toThrow('The award competition#s#zed of s names no entrant of its results');
  });
});
