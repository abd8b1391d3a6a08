import { BoundedMap } from '../bounded-map';
import type { Clock } from '../ports/clock.port';
import type { WatchItem } from './watchlist';

/**
 * How long a warm function answers a learner's list and level from memory. The browser asks for a fresh read for this
 * long after each of its own changes (`?fresh=true`), so it never sees its list from before a change it made: an entry
 * is dated from when its read began, so one read before the change is gone by the time the browser stops asking.
 */
export const WATCHLIST_KEPT_MS = 5_000;
const MAX_LEARNERS = 10_000;

export interface KeptList {
  items: WatchItem[];
  level: number;
}

/**
 * What a warm watchlist function keeps between requests (README "Decisions", watchlist reads): each learner's items and
 * level for WATCHLIST_KEPT_MS. Only the read uses it; the writes read the table and drop the learner's entry. A level
 * gained in another function shows at most that many seconds late. At most `maxLearners` entries, oldest dropped first.
 */
export interface WatchlistReadCache {
  /**
   * The kept entry when fresh, else `load()`'s, kept from when the load began unless a change made here since (a
   * `forget`) or a later read has replaced it; `fresh` always loads.
   */
  read(userId: string, fresh: boolean, load: () => Promise<KeptList>): Promise<KeptList>;
  forget(userId: string): void;
}

export function watchlistReadCache(clock: Clock, opts: { keptMs?: number; maxLearners?: number } = {}): WatchlistReadCache {
  const kept = opts.keptMs ?? WATCHLIST_KEPT_MS;
  const entries = new BoundedMap<string, { list: KeptList | null; until: number; began: number }>(opts.maxLearners ?? MAX_LEARNERS);
  const now = () => clock.now().getTime();
  return {
    async read(userId, fresh, load) {
      const hit = entries.get(userId);
      if (!fresh && hit?.list && hit.until > now()) return hit.list;
      const began = now();
      const list = await load();
      // Kept unless something newer is: a read begun later, or a change made here after this read began.
      const newer = entries.get(userId);
      if (!newer || (newer.list ? newer.began <= began : newer.began < began)) entries.set(userId, { list, until: began + kept, began });
      return list;
    },
    forget(userId) {
      const at = now();
      entries.set(userId, { list: null, until: at, began: at });
    },
  };
}
