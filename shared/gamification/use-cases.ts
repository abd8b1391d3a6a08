import type { Clock } from '../ports/clock.port';
import { fail, ok, type Result } from '../result';
import { activatePowerUp, apply, claimChallenge, purchaseReward, updateSettings, type Applied, type Award, type GameEvent } from './engine';
import type { GameRepository } from './gamification.port';
import { LEADERBOARD_CATEGORIES, visibleBoardValues, type LeaderboardCategory } from './leaderboards';
import { initialState, type GameSettings, type GameState } from './state';
import { gamificationView, type GamificationView } from './view';

export interface GameDeps {
  repo: GameRepository;
  clock: Clock;
  /** Waits before retry n (1-based) after a lost race; tests pass a no-op. */
  backoff?: (attempt: number) => Promise<void>;
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
async function change(deps: GameDeps, userId: string, decide: (s: GameState, now: Date) => Result<Applied>): Promise<Result<GameState>> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const stored = await loadOrNew(deps, userId);
    const decided = decide(stored.state, deps.clock.now());
    if (!decided.ok) return decided;
    const { state, awards } = decided.value;
    const outcome = await deps.repo.commit(userId, stored.version, state, awards, {
      boards: { before: stored.version === 0 ? {} : visibleBoardValues(stored.state), after: visibleBoardValues(state) },
    });
    if (outcome === 'ok') return ok(state);
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
export const saveSettings = (deps: GameDeps, userId: string, patch: Partial<GameSettings>) =>
  change(deps, userId, (s, now) => ok({ state: updateSettings(s, patch, now), awards: [] }));

/** The learner's state as the browser reads it, with their global rank. */
export async function readState(deps: GameDeps, userId: string): Promise<GamificationView> {
  const stored = await loadOrNew(deps, userId);
  const global = await deps.repo.rankOf('global', userId, visibleBoardValues(stored.state).global);
  return gamificationView(stored.state, deps.clock.now(), { global });
}

export const view = (deps: GameDeps, state: GameState) => gamificationView(state, deps.clock.now(), {});

export async function readLeaderboard(deps: GameDeps, userId: string, category: LeaderboardCategory, limit: number) {
  const [entries, stored] = await Promise.all([deps.repo.leaderboard(category, limit), deps.repo.load(userId)]);
  const cards = new Map((deps.cards && entries.length ? await deps.cards(entries.map((e) => e.userId)) : []).map((c) => [c.userId, c]));
  const mine = entries.find((e) => e.userId === userId);
  const value = stored ? visibleBoardValues(stored.state)[category] : undefined;
  const userRank = mine ? mine.rank : await deps.repo.rankOf(category, userId, value);
  return {
    category,
    entries: entries.map(({ userId: id, ...e }) => ({
      ...e,
      displayName: cards.get(id)?.displayName ?? e.displayName,
      publicId: cards.get(id)?.publicId ?? null,
      isYou: id === userId,
    })),
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
