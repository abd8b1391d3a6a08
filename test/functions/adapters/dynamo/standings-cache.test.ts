import { describe, expect, it } from 'vitest';
import type { SeasonRepository, StandingsHead, StoredStandings } from '@shared/competitions/seasons.port';
import type { EntrantResult } from '@shared/competitions/standings';
import { withStandingsCache } from '../../../../functions/adapters/dynamo/standings-cache';

const SEASON = 'weekly-2026-11-30';
const standings = (computedAt: string): StoredStandings => ({ seasonId: SEASON, computedAt, basis: 'provisional', leagues: 1, results: [] });

function fakeRepo() {
  let stored = standings('10:00');
  const reads: string[] = [];
  const head = (): StandingsHead => ({ seasonId: SEASON, computedAt: stored.computedAt, basis: stored.basis, leagues: 1, entrants: 0 });
  const repo = {
    standingsHead: async () => (reads.push('head'), head()),
    leagueStandings: async (_: string, league: number) => (reads.push(`league ${league}`), [{ userId: stored.computedAt }] as unknown as EntrantResult[]),
    topStandings: async () => (reads.push('top'), []),
    standingsLeague: async (_: string, userId: string) => (reads.push(`league of ${userId}`), 1),
    saveStandings: async (s: StoredStandings) => {
      stored = s;
    },
    saveResults: async () => 'written' as const,
  } as unknown as SeasonRepository;
  return { repo, reads, setStored: (s: StoredStandings) => (stored = s) };
}

describe("the warm function's standings", () => {
  it('answers readers within 2 s from one read of each part, and reads again after', async () => {
    const fake = fakeRepo();
    let t = 0;
    const repo = withStandingsCache(fake.repo, 2_000, () => t);
    const answers = await Promise.all(Array.from({ length: 20 }, () => repo.standingsHead(SEASON)));
    expect(answers.every((a) => a?.computedAt === '10:00')).toBe(true);
    await Promise.all(Array.from({ length: 20 }, () => Promise.all([repo.leagueStandings(SEASON, 1), repo.topStandings(SEASON)])));
    expect(fake.reads).toEqual(['head', 'league 1', 'top']);
    await repo.leagueStandings(SEASON, 2);
    await repo.standingsLeague(SEASON, 'ann');
    await repo.standingsLeague(SEASON, 'ann');
    expect(fake.reads).toEqual(['head', 'league 1', 'top', 'league 2', 'league of ann']);

    fake.setStored(standings('10:15'));
    t = 2_000;
    expect((await repo.standingsHead(SEASON))?.computedAt).toBe('10:00');
    t = 2_001;
    expect((await repo.standingsHead(SEASON))?.computedAt).toBe('10:15');
    expect((await repo.leagueStandings(SEASON, 1))[0]!.userId).toBe('10:15');
    expect(fake.reads.filter((r) => r === 'head')).toHaveLength(2);
  });

  it("forgets a season's parts when standings are written through it", async () => {
    const fake = fakeRepo();
    const repo = withStandingsCache(fake.repo, 2_000, () => 0);
    await repo.standingsHead(SEASON);
    await repo.leagueStandings(SEASON, 1);
    await repo.saveStandings(standings('10:30'));
    expect((await repo.standingsHead(SEASON))?.computedAt).toBe('10:30');
    expect((await repo.leagueStandings(SEASON, 1))[0]!.userId).toBe('10:30');
  });

  it('forgets a failed read, so the next reader tries again', async () => {
    const fake = fakeRepo();
    let fail = true;
    const failing: SeasonRepository = {
      ...fake.repo,
      standingsHead: async (seasonId) => (fail ? Promise.reject(new Error('throttled')) : fake.repo.standingsHead(seasonId)),
    };
    const repo = withStandingsCache(failing, 2_000, () => 0);
    await expect(repo.standingsHead(SEASON)).rejects.toThrow('throttled');
    fail = false;
    expect((await repo.standingsHead(SEASON))?.computedAt).toBe('10:00');
  });
});
