import type { Clock } from '../../ports/clock.port';
import type { GameRepository, StoredGame } from '../gamification.port';
import type { GameReadCache } from '../read-cache';
import { initialState } from '../state';

/** What gamification's use cases need: its repository, the one business clock, and optionally a warm read cache. */
export interface GameDeps {
  repo: GameRepository;
  /** The business clock (functions/commons/clock.ts systemClock in a handler, so the local stack's clock reaches it). */
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

/** The learner's stored state, or a new one (version 0) when they have none yet. */
export async function loadOrNew(deps: GameDeps, userId: string): Promise<StoredGame> {
  return (await deps.repo.load(userId)) ?? { state: initialState(userId, deps.clock.now()), version: 0 };
}
