import type { Clock } from '../ports/clock.port';
import { fail, ok, type Result } from '../result';
import { activatePowerUp, apply, claimChallenge, purchaseReward, updateSettings, type Applied, type Award, type GameEvent } from './engine';
import type { GameRepository, LeaderboardEntry, StoredGame } from './gamification.port';
import { LEADERBOARD_CATEGORIES, visibleBoardValues, type LeaderboardCategory } from './leaderboards';
import { BOARD_TOP, type BoardRow, type GameReadCache } from './read-cache';
import { initialState, type GameSettings, type GameState } from './state';
import { gamificationView, type GamificationView } from './view';

export interface GameDeps {
  repo: GameRepository;
  clock: Clock;
  /** Waits before retry n (1-based) after a lost race; tests pass a no-op. */
  backoff?: (attempt: number) => Promise<void>;
  /** The warm function's read cache (read-cache.ts); without one every read goes to the table. */
  cache?: GameReadCache;
  /**
   * The names and public ids of the learners on a board page, read from their profiles when the page is read, so a
   * changed name or a profile made private shows at once. Without it the stored pseudonym shows and no profile links.
   */
  cards?: (userIds: readonly string[]) => Promise<readonly { userId: string; displayName: string; publicId: string | null }[]>;
}

/** Enough for many events of one learner at once; a commit that keeps losing is retried by the bus. */
export const MAX_ATTEMPTS = 12;

async function loadOrNew(deps: GameDeps, userId: string) {
  return (await deps.repo.load(userId)) ?? { state: initialState(userId, deps.clock.now()), version: 0 };
}

/**
 * Applies a domain event to its learner's state and commits the state, its awards and the consumer's receipt in one
 * conditional transaction; a lost race (another event of the same learner committed first) reloads and applies again,
 * so no XP is lost. An award key already used by an earlier event reporting the same fact records the receipt only.
 */
export async function consumeGameEvent(deps: GameDeps, event: GameEvent, receipt: unknown): Promise<{ status: 'consumed' | 'duplicate'; awards: Award[] }> {
  const userId = event.detail.userId;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const stored = await loadOrNew(deps, userId);
    const { state, awards } = apply(stored.state, event, deps.clock.now());
    const boards = { before: stored.version === 0 ? {} : visibleBoardValues(stored.state), after: visibleBoardValues(state) };
    const outcome = await deps.repo.commit(userId, stored.version, state, awards, { receipt, boards });
    if (outcome === 'ok') return { status: 'consumed', awards };
    if (outcome === 'award_exists') {
      const again = await deps.repo.commit(userId, stored.version, stored.state, [], { receipt, boards: { before: boards.before, after: boards.before } });
      if (again === 'ok') return { status: 'duplicate', awards: [] };
    }
    await deps.backoff?.(attempt);
  }
  throw new Error(`Gamification state of ${userId} kept changing under ${event.type}; the event will be retried`);
}

/** A learner's write (claim, purchase, activate, settings): the same load, decide, conditional commit, retry. */
async function change(deps: GameDeps, userId: string, decide: (s: GameState, now: Date) => Result<Applied>): Promise<Result<StoredGame>> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const stored = await loadOrNew(deps, userId);
    const decided = decide(stored.state, deps.clock.now());
    if (!decided.ok) return decided;
    const { state, awards } = decided.value;
    const outcome = await deps.repo.commit(userId, stored.version, state, awards, {
      boards: { before: stored.version === 0 ? {} : visibleBoardValues(stored.state), after: visibleBoardValues(state) },
    });
    if (outcome === 'ok') {
      const written = { state, version: stored.version + 1 };
      // The learner's next read in this function shows their own write at once.
      deps.cache?.rememberState(userId, written);
      return ok(written);
    }
    // An award key of a claim exists only when the claim committed: the claim was made.
    if (outcome === 'award_exists') return fail('conflict', 'Challenge reward already claimed');
    await deps.backoff?.(attempt);
  }
  return fail('unavailable', 'Your rewards are being updated; please try again.');
}

export const claim = (deps: GameDeps, userId: string, id: string) => change(deps, userId, (s, now) => claimChallenge(s, id, now));
export const purchase = (deps: GameDeps, userId: string, id: string) =>
  change(deps, userId, (s, now) => {
    const r = purchaseReward(s, id, now);
    return r.ok ? ok({ state: r.value, awards: [] }) : r;
  });
export const activate = (deps: GameDeps, userId: string, id: string) =>
  change(deps, userId, (s, now) => {
    const r = activatePowerUp(s, id, now);
    return r.ok ? ok({ state: r.value, awards: [] }) : r;
  });
export async function saveSettings(deps: GameDeps, userId: string, patch: Partial<GameSettings>) {
  const saved = await change(deps, userId, (s, now) => ok({ state: updateSettings(s, patch, now), awards: [] }));
  // Leaving the boards or coming back shows on this function's next board read, not after the boards' TTL.
  if (saved.ok && patch.showOnLeaderboards !== undefined) deps.cache?.forgetBoards();
  return saved;
}

/**
 * The learner's state as the browser reads it, with its version and their global rank. `minVersion` is the highest
 * version the learner has seen (from a state or an award in the feed): a cached state older than that is not served.
 */
export async function readState(deps: GameDeps, userId: string, minVersion = 0): Promise<GamificationView & { version: number }> {
  const stored = await currentState(deps, userId, minVersion);
  const global = await rankOn(deps, 'global', userId, visibleBoardValues(stored.state).global);
  return { ...gamificationView(stored.state, deps.clock.now(), { global }), version: stored.version };
}

async function currentState(deps: GameDeps, userId: string, minVersion: number): Promise<StoredGame> {
  const cached = deps.cache?.state(userId, minVersion);
  if (cached) return cached;
  const stored = await loadOrNew(deps, userId);
  if (stored.version > 0) deps.cache?.rememberState(userId, stored);
  return stored;
}

async function rankOn(deps: GameDeps, category: LeaderboardCategory, userId: string, value: number | undefined): Promise<number> {
  const cached = deps.cache?.rank(category, userId, value);
  if (cached !== undefined) return cached;
  const rank = await deps.repo.rankOf(category, userId, value);
  deps.cache?.rememberRank(category, userId, value, rank);
  return rank;
}

/** A write's answer: the new state's view and version (global rank left out: the boards are read apart). */
export const view = (deps: GameDeps, stored: StoredGame) => ({ ...gamificationView(stored.state, deps.clock.now(), {}), version: stored.version });

/** Board entries with each learner's name and public id from their profile (the stored pseudonym without one). */
async function withCards(deps: GameDeps, entries: LeaderboardEntry[]): Promise<BoardRow[]> {
  const cards = new Map((deps.cards && entries.length ? await deps.cards(entries.map((e) => e.userId)) : []).map((c) => [c.userId, c]));
  return entries.map((e) => ({ ...e, displayName: cards.get(e.userId)?.displayName ?? e.displayName, publicId: cards.get(e.userId)?.publicId ?? null }));
}

async function boardTop(deps: GameDeps, category: LeaderboardCategory, limit: number): Promise<BoardRow[]> {
  if (!deps.cache) return withCards(deps, await deps.repo.leaderboard(category, limit));
  const cached = deps.cache.board(category);
  if (cached) return cached.slice(0, limit);
  // The top and its names are kept together: a renamed or now private learner shows so within the board's TTL.
  const entries = await withCards(deps, await deps.repo.leaderboard(category, BOARD_TOP));
  deps.cache.rememberBoard(category, entries);
  return entries.slice(0, limit);
}

/**
 * A board's top `limit` and the caller's own rank and value. With a cache, the top and the caller's rank may be up to
 * BOARD_TTL_MS old (the page says so); the caller's value is their state as read for the state route.
 */
export async function readLeaderboard(deps: GameDeps, userId: string, category: LeaderboardCategory, limit: number) {
  const [entries, stored] = await Promise.all([boardTop(deps, category, limit), currentState(deps, userId, 0)]);
  const mine = entries.find((e) => e.userId === userId);
  const value = stored.version > 0 ? visibleBoardValues(stored.state)[category] : undefined;
  const userRank = mine ? mine.rank : await rankOn(deps, category, userId, value);
  return {
    category,
    entries: entries.map(({ userId: id, ...e }) => ({ ...e, isYou: id === userId })),
    userRank,
    userValue: value ?? null,
  };
}

export const isCategory = (c: string): c is LeaderboardCategory => (LEADERBOARD_CATEGORIES as readonly string[]).includes(c);

/** A pseudonym for the boards (no learner's name or email is shown to others): FNV-1a of the user id. */
export function displayNameOf(userId: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) {
    h ^= userId.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `Trader ${h.toString(16).padStart(8, '0').slice(0, 6).toUpperCase()}`;
}
