import { describe, expect, it } from 'vitest';
import { awardKey, PLANNED_SEASON_ACHIEVEMENT, PLANNED_SEASON_COINS } from '@shared/competitions/awards';
import { domainEvent, type EventOf } from '@shared/events/domain-events';
import { achievementById } from '@shared/gamification/catalogue';
import type { Award } from '@shared/gamification/engine/grant';
import type { GameRepository, StoredGame } from '@shared/gamification/gamification.port';
import type { GameState } from '@shared/gamification/state';
import { consumeGameEvent } from '@shared/gamification/use-cases/consume-game-event';
import { fixedClock } from '@shared/ports/clock.port';
import { USER } from '../fixtures';

/** The game items in memory with the table's conditions: the state's version, and each award key written once. */
function memoryRepo(opts: { interleave?: () => Promise<void> } = {}) {
  let stored: StoredGame | null = null;
  const awards = new Map<string, Award>();
  let commits = 0;
  const repo: GameRepository = {
    load: async () => stored && structuredClone(stored),
    async commit(_userId, expectedVersion, next: GameState, newAwards: readonly Award[]) {
      commits++;
      if (commits === 1 && opts.interleave) await opts.interleave();
      if ((stored?.version ?? 0) !== expectedVersion) return 'conflict';
      if (newAwards.some((a) => awards.has(a.key))) return 'award_exists';
      stored = { state: structuredClone(next), version: expectedVersion + 1 };
      for (const a of newAwards) awards.set(a.key, a);
      return 'ok';
    },
    awards: async () => ({ awards: [], cursor: null }),
    leaderboard: async () => [],
    rankOf: async () => 0,
  };
  return { repo, awards, current: () => stored };
}

const clock = fixedClock('2026-12-05T00:10:00.000Z');
const awarded = (seasonId: string, eventId: string, kind: 'weekly' | 'monthly' = 'weekly'): EventOf<'CompetitionSeasonAwarded'> =>
  domainEvent(
    'CompetitionSeasonAwarded',
    {
      userId: USER,
      seasonId,
      awardKey: awardKey(seasonId, USER),
      coins: PLANNED_SEASON_COINS[kind],
      achievementId: PLANNED_SEASON_ACHIEVEMENT.id,
      at: '2026-12-05T00:00:00.000Z',
    },
    eventId,
  );
const achievement = achievementById.get(PLANNED_SEASON_ACHIEVEMENT.id)!;

describe('the Planned Season award (CompetitionSeasonAwarded)', () => {
  it('is in the achievements catalogue under the name the competitions page states', () => {
    expect(achievement).toMatchObject({ ...PLANNED_SEASON_ACHIEVEMENT, requirement_value: 1 });
  });

  it("grants the season's coins and unlocks the achievement with the first season", async () => {
    const m = memoryRepo();
    const out = await consumeGameEvent({ repo: m.repo, clock }, awarded('weekly-2026-11-30', '01EVENTA'), null);
    expect(out.status).toBe('consumed');
    const s = m.current()!.state;
    expect(s.optionsCoins).toBe(PLANNED_SEASON_COINS.weekly + achievement.coinReward);
    expect(s.unlockedAchievements).toEqual([PLANNED_SEASON_ACHIEVEMENT.id]);
    expect([...m.awards.keys()].sort()).toEqual([`Achievement#${PLANNED_SEASON_ACHIEVEMENT.id}`, awardKey('weekly-2026-11-30', USER)].sort());
  });

  it('a second season earns its coins again, not the achievement', async () => {
    const m = memoryRepo();
    await consumeGameEvent({ repo: m.repo, clock }, awarded('weekly-2026-11-30', '01EVENTA'), null);
    const before = m.current()!.state.optionsCoins;
    await consumeGameEvent({ repo: m.repo, clock }, awarded('monthly-2026-12', '01EVENTB', 'monthly'), null);
    expect(m.current()!.state.optionsCoins - before).toBe(PLANNED_SEASON_COINS.monthly);
    expect(m.current()!.state.unlockedAchievements).toEqual([PLANNED_SEASON_ACHIEVEMENT.id]);
  });

  it('two deliveries at once (and two events of the same award) grant once', async () => {
    const m = memoryRepo({
      // While the first delivery's commit is in flight, the second delivery (another event id, the same award key) commits.
      interleave: async () => {
        await consumeGameEvent({ repo: m.repo, clock }, awarded('weekly-2026-11-30', '01EVENTB'), null);
      },
    });
    const first = await consumeGameEvent({ repo: m.repo, clock }, awarded('weekly-2026-11-30', '01EVENTA'), null);
    expect(first).toEqual({ status: 'duplicate', awards: [] });
    const s = m.current()!.state;
    expect(s.optionsCoins).toBe(PLANNED_SEASON_COINS.weekly + achievement.coinReward);
    expect(s.stats.plannedSeasons).toBe(1);
    expect([...m.awards.keys()].filter((k) => k === awardKey('weekly-2026-11-30', USER))).toHaveLength(1);
  });
});
