import { describe, expect, it } from 'vitest';
import type { SeasonRepository, StoredStandings } from '@shared/competitions/seasons.port';
import { withStandingsCache } from '../../../../functions/adapters/dynamo/standings-cache';

const standings = (computedAt: string): StoredStandings => ({ seasonId: 'weekly-2026-11-30', computedAt, basis: 'provisional', leagues: 1, results: [] });

function fakeRepo() {
  let stored = standings('10:00');
  let reads = 0;
  const repo = {
    standings: async () => {
      reads++;
      return stored;
    },
    saveStandings: async (s: StoredStandings) => {
      stored = s;
    },
    saveResults: async () => 'written' as const,
  } as unknown as SeasonRepository;
  return { repo, reads: () => reads, setStored: (s: StoredStandings) => (stored = s) };
}

describe("the warm function's standings", () => {
  it('answers readers within 2 s from one read, and reads again after', async () => {
    const fake = fakeRepo();
    let t = 0;
    const repo = withStandingsCache(fake.repo, 2_000, () => t);
    const answers = await Promise.all(Array.from({ length: 20 }, () => repo.standings('weekly-2026-11-30')));
    expect(answers.every((a) => a?.computedAt === '10:00')).toBe(true);
    expect(fake.reads()).toBe(1);
    fake.setStored(standings('10:15'));
    t = 2_000;
    expect((await repo.standings('weekly-2026-11-30'))?.computedAt).toBe('10:00');
    t = 2_001;
    expect((await repo.standings('weekly-2026-11-30'))?.computedAt).toBe('10:15');
    expect(fake.reads()).toBe(2);
  });

  it('forgets a season when standings are written through it', async () => {
    const fake = fakeRepo();
    const repo = withStandingsCache(fake.repo, 2_000, () => 0);
    await repo.standings('weekly-2026-11-30');
    await repo.saveStandings(standings('10:30'));
    expect((await repo.standings('weekly-2026-11-30'))?.computedAt).toBe('10:30');
  });
});
