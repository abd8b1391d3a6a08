import { describe, expect, it } from 'vitest';
import { DELETED_ENTRANT, withoutEntrant } from '@shared/competitions/erase-entrant';
import type { EntrantResult } from '@shared/competitions/standings';

const row = (userId: string, overallRank: number, displayName = `Learner ${userId}`) =>
  ({ userId, displayName, hidden: false, league: 1, ranked: true, leagueRank: overallRank, overallRank, score: 3 - overallRank }) as unknown as EntrantResult;

describe("a deleted learner's row in a season's records", () => {
  it('keeps the row and every rank, with neither the id nor the name, and drops the award key naming the learner', () => {
    const record = {
      seasonId: 'weekly-2026-11-30',
      results: [row('a', 1, 'Ada'), row('b', 2)],
      awards: ['competition#weekly-2026-11-30#a', 'competition#weekly-2026-11-30#b'],
    };
    const out = withoutEntrant(record, 'a', 'deleted-1')!;
    expect(out.results.map((r) => [r.userId, r.displayName, r.hidden, r.overallRank])).toEqual([
      ['deleted-1', DELETED_ENTRANT, true, 1],
      ['b', 'Learner b', false, 2],
    ]);
    expect(out.awards).toEqual(['competition#weekly-2026-11-30#b']);
    expect(JSON.stringify(out)).not.toMatch(/Ada|#a"/);
  });

  it('answers null when the learner is not in the record, so nothing is written again', () => {
    expect(withoutEntrant({ results: [row('b', 1)] }, 'a', 'deleted-1')).toBeNull();
  });
});
