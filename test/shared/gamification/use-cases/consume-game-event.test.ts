import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@shared/gamification/engine/events';
import type { Award } from '@shared/gamification/engine/grant';
import type { CommitExtras, GameRepository, StoredGame } from '@shared/gamification/gamification.port';
import { consumeGameEvent } from '@shared/gamification/use-cases/consume-game-event';
import type { GameState } from '@shared/gamification/state';
import { fixedClock } from '@shared/ports/clock.port';
import { USER, filled, journal, lesson } from '../fixtures';

/** An in-memory repository with the table's conditions: the version for the state, not-exists for award keys. */
function memoryRepo(opts: { interleave?: () => Promise<void> } = {}) {
  let stored: StoredGame | null = null;
  const awards = new Map<string, Award>();
  let commits = 0;
  const repo: GameRepository = {
    async load() {
      return stored && structuredClone(stored);
    },
    async commit(_userId, expectedVersion, next: GameState, newAwards: readonly Award[], _extras: CommitExtras) {
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

const clock = fixedClock('2026-11-02T20:00:00.000Z');

describe('consuming an event', () => {
  it('reloads and applies again when another event of the learner committed first: no XP is lost', async () => {
    const m = memoryRepo({
      // While the first commit is in flight, another event of the same learner commits.
      interleave: async () => {
        await consumeGameEvent({ repo: m.repo, clock }, lesson('2026-11-02', 'l-other'), null);
      },
    });
    const out = await consumeGameEvent({ repo: m.repo, clock }, lesson('2026-11-02', 'l-mine'), null);
    expect(out.status).toBe('consumed');
    const s = m.current()!.state;
    expect(s.stats.completedLessons.sort()).toEqual(['l-mine', 'l-other']);
    expect(s.totalXP).toBe([...m.awards.values()].reduce((t, a) => t + a.xp, 0));
    expect([...m.awards.keys()].filter((k) => k.startsWith('LessonCompleted#'))).toHaveLength(2);
  });

  it('awards nothing for a second event reporting the same fact (an award key already used)', async () => {
    const m = memoryRepo();
    await consumeGameEvent({ repo: m.repo, clock }, filled('2026-11-02', 'o-1'), null);
    const xp = m.current()!.state.totalXP;
    const again = await consumeGameEvent({ repo: m.repo, clock }, { ...filled('2026-11-03', 'o-1') }, null);
    // A different day, so the engine would award a first trade of the day; the key OrderFilled#o-1 is taken.
    expect(again).toEqual({ status: 'duplicate', awards: [] });
    expect(m.current()!.state.totalXP).toBe(xp);
    expect(USER).toBe(m.current()!.state.userId);
  });

  describe("what the learner's agent token did (the Agent API) earns nothing", () => {
    const byAgent = (event: GameEvent): GameEvent => ({ ...event, detail: { ...event.detail, agent: 'my-bot' } }) as GameEvent;

    it("a token's order fill and journal entry award no XP, coins, streak or board value, and write nothing", async () => {
      const m = memoryRepo();
      const fill = await consumeGameEvent({ repo: m.repo, clock }, byAgent(filled('2026-11-02', 'o-agent')), null);
      const entry = await consumeGameEvent({ repo: m.repo, clock }, byAgent(journal('2026-11-02', 'e-agent')), null);
      expect(fill).toEqual({ status: 'skipped', awards: [] });
      expect(entry).toEqual({ status: 'skipped', awards: [] });
      expect(m.current()).toBeNull();
      expect(m.awards.size).toBe(0);
    });

    it('a redelivery of the same event skips it again, changing nothing', async () => {
      const m = memoryRepo();
      const event = byAgent(filled('2026-11-02', 'o-agent'));
      await consumeGameEvent({ repo: m.repo, clock }, event, null);
      expect(await consumeGameEvent({ repo: m.repo, clock }, event, null)).toEqual({ status: 'skipped', awards: [] });
      expect(m.current()).toBeNull();
    });

    it('the same fill and entry without an agent award as before, and an agent event after them changes nothing', async () => {
      const m = memoryRepo();
      const fill = await consumeGameEvent({ repo: m.repo, clock }, filled('2026-11-02', 'o-mine'), null);
      const entry = await consumeGameEvent({ repo: m.repo, clock }, journal('2026-11-02', 'e-mine'), null);
      expect(fill.status).toBe('consumed');
      expect(fill.awards.reduce((t, a) => t + a.xp, 0)).toBeGreaterThan(0);
      expect(entry.awards.find((a) => a.key === 'JournalEntryAdded#e-mine')).toMatchObject({ xp: 25 });
      const before = m.current()!;
      await consumeGameEvent({ repo: m.repo, clock }, byAgent(filled('2026-11-03', 'o-agent')), null);
      await consumeGameEvent({ repo: m.repo, clock }, byAgent(journal('2026-11-03', 'e-agent')), null);
      expect(m.current()).toEqual(before);
    });
  });
});
