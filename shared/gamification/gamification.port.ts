import type { Award } from './engine/grant';
import type { LeaderboardCategory } from './leaderboards';
import type { GameState } from './state';
import type { FeedAward } from './view';

export interface StoredGame {
  state: GameState;
  /** 0 when the learner has no state item yet. */
  version: number;
}

/** What a consumer puts in its commit besides the state: its receipt (the helper's TransactPut). */
export interface CommitExtras {
  receipt?: unknown;
  /** The board values before and after, so only changed entries are written. */
  boards: { before: Partial<Record<LeaderboardCategory, number>>; after: Partial<Record<LeaderboardCategory, number>> };
}

export type CommitOutcome = 'ok' | 'conflict' | 'award_exists';

export interface LeaderboardEntry {
  rank: number;
  userId: string;
  displayName: string;
  value: number;
}

/**
 * Where a learner's gamification lives (functions/adapters/dynamo/game-repository.ts): the state item with a version, one
 * award item per idempotency key (the audit list and the feed), and one board entry per category on the sparse index.
 */
export interface GameRepository {
  load(userId: string): Promise<StoredGame | null>;
  /**
   * One transaction: the state (conditional on `expectedVersion`), each award (conditional on its key not existing), the
   * receipt, the changed board entries. `conflict`: the version moved (reload and retry); `award_exists`: an award key
   * was already used by an earlier event reporting the same fact.
   */
  commit(userId: string, expectedVersion: number, next: GameState, awards: readonly Award[], extras: CommitExtras): Promise<CommitOutcome>;
  /** Awards after the cursor, oldest first; without a cursor the latest `limit`, oldest first. */
  awards(userId: string, after: string | undefined, limit: number): Promise<{ awards: FeedAward[]; cursor: string | null }>;
  leaderboard(category: LeaderboardCategory, limit: number): Promise<LeaderboardEntry[]>;
  /** The learner's position on a board (1 = first), 0 when absent. */
  rankOf(category: LeaderboardCategory, userId: string, value: number | undefined): Promise<number>;
}
