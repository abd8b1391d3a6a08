import type { WatchItem } from './watchlist';

export type AddOutcome = { outcome: 'added'; item: WatchItem } | { outcome: 'exists'; item: WatchItem } | { outcome: 'full' };

/**
 * Where a learner's watchlist lives (functions/adapters/dynamo/watchlist-repository.ts): one item per watched symbol
 * under the learner, and a count changed in the same write, so the limit is checked and kept atomically.
 */
export interface WatchlistRepository {
  list(userId: string): Promise<WatchItem[]>;
  /**
   * Adds the item unless the learner already has `max` items: `full` then. An item already watched is answered as it is
   * (`exists`) and takes no slot. The check and the write are one.
   */
  add(userId: string, item: WatchItem, max: number): Promise<AddOutcome>;
  /** Removes the item: false when it was not there. */
  remove(userId: string, id: string): Promise<boolean>;
  /** Sets each item's order to its index in `ids`, in one write; false when one of them is no longer there. */
  reorder(userId: string, ids: readonly string[]): Promise<boolean>;
}

/** The learner's level, as the server's gamification state holds it (never a figure the browser sends). */
export interface LevelSource {
  levelOf(userId: string): Promise<number>;
}

/** The underlying's official close of an expiry date, once final (the close an expired contract settles on). */
export interface ExpiryCloses {
  closeOf(underlying: string, date: string): Promise<{ date: string; close: number } | null>;
}
