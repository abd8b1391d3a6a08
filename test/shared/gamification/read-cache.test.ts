import { describe, expect, it } from 'vitest';
import type { Award } from '@shared/gamification/engine/grant';
import type { GameRepository, StoredGame } from '@shared/gamification/gamification.port';
import { BOARD_TTL_MS, gameReadCache, STATE_TTL_MS, type BoardRow } from '@shared/gamification/read-cache';
import { claim } from '@shared/gamification/use-cases/claim';
import { consumeGameEvent } from '@shared/gamification/use-cases/consume-game-event';
import type { GameDeps } from '@shared/gamification/use-cases/deps';
import { readLeaderboard } from '@shared/gamification/use-cases/read-leaderboard';
import { readState } from '@shared/gamification/use-cases/read-state';
import { saveSettings } from '@shared/gamification/use-cases/save-settings';
import type { GameState } from '@shared/gamification/state';
import type { Clock } from '@shared/ports/clock.port';
import { USER, filled, fresh } from './fixtures';

/** A clock the test moves. */
function movingClock(iso: string) {
  let at = new Date(iso).getTime();
  const clock: Clock = { now: () => new Date(at) };
  return { clock, advance: (ms: number) => (at += ms) };
}

const stored = (version: number, totalXP = version * 10): StoredGame => ({ state: { ...fresh(), totalXP }, version });

describe('the gamification read cache', () => {
  it('serves a state until its TTL ends, then no more', () => {
    const t = movingClock('2026-11-02T20:00:00.000Z');
    const cache = gameReadCache(t.clock);
    cache.rememberState(USER, stored(3));
    expect(cache.state(USER)?.version).toBe(3);
    t.advance(STATE_TTL_MS - 1);
    expect(cache.state(USER)?.version).toBe(3);
    t.advance(1);
    expect(cache.state(USER)).toBeUndefined();
  });

  it('never serves a state older than the version the learner has seen', () => {
    const t = movingClock('2026-11-02T20:00:00.000Z');
    const cache = gameReadCache(t.clock);
    cache.rememberState(USER, stored(3));
    expect(cache.state(USER, 3)?.version).toBe(3);
    expect(cache.state(USER, 4)).toBeUndefined();
  });

  it('keeps the newer of two versions while it is fresh', () => {
    const t = movingClock('2026-11-02T20:00:00.000Z');
    const cache = gameReadCache(t.clock);
    cache.rememberState(USER, stored(5));
    cache.rememberState(USER, stored(4));
    expect(cache.state(USER)?.version).toBe(5);
    t.advance(STATE_TTL_MS);
    cache.rememberState(USER, stored(4));
    expect(cache.state(USER)?.version).toBe(4);
  });

  it('keeps a board and a rank for BOARD_TTL_MS, the rank only for the value it was read for', () => {
    const t = movingClock('2026-11-02T20:00:00.000Z');
    const cache = gameReadCache(t.clock);
    const entries: BoardRow[] = [{ rank: 1, userId: 'a', displayName: 'Trader A', value: 9, publicId: null }];
    cache.rememberBoard('global', entries);
    cache.rememberRank('global', USER, 120, 7);
    expect(cache.board('global')).toEqual(entries);
    expect(cache.board('streak_champion')).toBeUndefined();
    expect(cache.rank('global', USER, 120)).toBe(7);
    expect(cache.rank('global', USER, 130)).toBeUndefined();
    t.advance(BOARD_TTL_MS);
    expect(cache.board('global')).toBeUndefined();
    expect(cache.rank('global', USER, 120)).toBeUndefined();
  });

  it('holds at most maxLearners learners, dropping the oldest', () => {
    const t = movingClock('2026-11-02T20:00:00.000Z');
    const cache = gameReadCache(t.clock, { maxLearners: 2 });
    cache.rememberState('a', stored(1));
    cache.rememberState('b', stored(1));
    cache.rememberState('c', stored(1));
    expect(cache.state('a')).toBeUndefined();
    expect(cache.state('b')?.version).toBe(1);
    expect(cache.state('c')?.version).toBe(1);
  });
});

/** A repository with the table's version condition; `counted` is the same repository counting the reads made through it. */
function countingRepo() {
  let current: StoredGame | null = null;
  const reads = { load: 0, rankOf: 0, leaderboard: 0 };
  const repo: GameRepository = {
    async load() {
      return current && structuredClone(current);
    },
    async commit(_u, expectedVersion, next: GameState, _awards: readonly Award[]) {
      if ((current?.version ?? 0) !== expectedVersion) return 'conflict';
      current = { state: structuredClone(next), version: expectedVersion + 1 };
      return 'ok';
    },
    awards: async () => ({ awards: [], cursor: null }),
    async leaderboard(_c, limit) {
      reads.leaderboard++;
      return Array.from({ length: Math.min(limit, 3) }, (_, i) => ({ rank: i + 1, userId: `u${i}`, displayName: `Trader ${i}`, value: 100 - i }));
    },
    async rankOf() {
      reads.rankOf++;
      return 4;
    },
  };
  const counted: GameRepository = {
    ...repo,
    load(userId) {
      reads.load++;
      return repo.load(userId);
    },
  };
  return { repo, counted, reads };
}

describe('reads through the cache', () => {
  const setup = () => {
    const t = movingClock('2026-11-02T20:00:00.000Z');
    const m = countingRepo();
    const deps: GameDeps = { repo: m.counted, clock: t.clock, cache: gameReadCache(t.clock) };
    // The consumer runs in another function: no cache of its own here.
    const consume = (day: string, id: string) => consumeGameEvent({ repo: m.repo, clock: t.clock }, filled(day, id), null);
    return { t, m, deps, consume };
  };

  it('answers repeated state reads from memory, with the version, until the TTL ends', async () => {
    const { t, m, deps, consume } = setup();
    await consume('2026-11-02', 'o-1');
    const first = await readState(deps, USER);
    expect(first.version).toBe(1);
    await readState(deps, USER);
    expect(m.reads).toMatchObject({ load: 1, rankOf: 1 });
    t.advance(STATE_TTL_MS);
    await readState(deps, USER);
    expect(m.reads).toMatchObject({ load: 2, rankOf: 2 });
  });

  it('reads the table when the learner has seen a newer version than the cached one (an award from another function)', async () => {
    const { m, deps, consume } = setup();
    await consume('2026-11-02', 'o-1');
    const before = await readState(deps, USER);
    await consume('2026-11-02', 'o-2');
    // Without the newer version the cache may answer (for at most STATE_TTL_MS) …
    expect((await readState(deps, USER)).totalXP).toBe(before.totalXP);
    // … but the feed showed version 2: the state read with minVersion=2 reads it.
    const after = await readState(deps, USER, 2);
    expect(after.version).toBe(2);
    expect(m.reads.load).toBe(2);
    // and then the cache holds version 2.
    expect((await readState(deps, USER)).version).toBe(2);
    expect(m.reads.load).toBe(2);
  });

  it("puts the learner's own claim into the cache, so the next read shows it without a read", async () => {
    const { m, deps, consume } = setup();
    for (const id of ['o-1', 'o-2', 'o-3']) await consume('2026-11-02', id);
    const before = await readState(deps, USER);
    const claimed = await claim(deps, USER, 'daily-trades@2026-11-02');
    expect(claimed.ok).toBe(true);
    const loads = m.reads.load;
    const after = await readState(deps, USER);
    expect(m.reads.load).toBe(loads);
    expect(after.version).toBe(before.version + 1);
    expect(after.claimedChallenges).toContain('daily-trades@2026-11-02');
    expect(after.optionsCoins).toBe(before.optionsCoins + 10);
  });

  it('puts a settings change into the cache too', async () => {
    const { deps, consume } = setup();
    await consume('2026-11-02', 'o-1');
    await readState(deps, USER);
    await saveSettings(deps, USER, { sounds: false });
    expect((await readState(deps, USER)).settings.sounds).toBe(false);
  });

  it('reads a board once per BOARD_TTL_MS whatever the limit, and the caller rank once for the same value', async () => {
    const { t, m, deps, consume } = setup();
    await consume('2026-11-02', 'o-1');
    const a = await readLeaderboard(deps, USER, 'global', 2);
    const b = await readLeaderboard(deps, USER, 'global', 20);
    expect(a.entries).toHaveLength(2);
    expect(b.entries).toHaveLength(3);
    expect(b.userRank).toBe(4);
    expect(m.reads).toMatchObject({ leaderboard: 1, rankOf: 1 });
    t.advance(BOARD_TTL_MS);
    await readLeaderboard(deps, USER, 'global', 20);
    expect(m.reads).toMatchObject({ leaderboard: 2, rankOf: 2 });
  });

  it("keeps a board's names and public ids with its top, and a learner leaving the boards clears them at once", async () => {
    const { m, deps, consume } = setup();
    await consume('2026-11-02', 'o-1');
    let cardReads = 0;
    const withCards: GameDeps = {
      ...deps,
      cards: async (ids) => {
        cardReads++;
        return ids.map((id) => ({ userId: id, displayName: `Name of ${id}`, publicId: id === 'u1' ? null : `pub-${id}` }));
      },
    };
    const a = await readLeaderboard(withCards, USER, 'global', 20);
    expect(a.entries.map((e) => [e.displayName, e.publicId])).toEqual([
      ['Name of u0', 'pub-u0'],
      ['Name of u1', null],
      ['Name of u2', 'pub-u2'],
    ]);
    expect(a.entries[0]).not.toHaveProperty('userId');
    await readLeaderboard(withCards, USER, 'global', 20);
    expect({ cardReads, boards: m.reads.leaderboard }).toEqual({ cardReads: 1, boards: 1 });
    await saveSettings(withCards, USER, { showOnLeaderboards: false });
    await readLeaderboard(withCards, USER, 'global', 20);
    expect({ cardReads, boards: m.reads.leaderboard }).toEqual({ cardReads: 2, boards: 2 });
  });

  it('without a cache, reads the table every time', async () => {
    const { m, consume, t } = setup();
    await consume('2026-11-02', 'o-1');
    const deps: GameDeps = { repo: m.counted, clock: t.clock };
    await readState(deps, USER);
    await readState(deps, USER);
    expect(m.reads.load).toBe(2);
  });
});
