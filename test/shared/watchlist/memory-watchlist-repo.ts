import type { WatchItem } from '@shared/watchlist/watchlist';
import type { WatchlistRepository } from '@shared/watchlist/watchlist.port';

/** The repository's contract in memory, per learner: the limit checked in the same step as the write. */
export function memoryWatchlistRepo(): WatchlistRepository & { lists: Map<string, Map<string, WatchItem>> } {
  const lists = new Map<string, Map<string, WatchItem>>();
  const of = (u: string) => lists.get(u) ?? lists.set(u, new Map()).get(u)!;
  return {
    lists,
    async list(u) {
      return [...of(u).values()];
    },
    async add(u, item, max) {
      const l = of(u);
      const existing = l.get(item.id);
      if (existing) return { outcome: 'exists', item: existing };
      if (l.size >= max) return { outcome: 'full' };
      l.set(item.id, item);
      return { outcome: 'added', item };
    },
    async remove(u, id) {
      return of(u).delete(id);
    },
    async reorder(u, ids) {
      const l = of(u);
      if (ids.some((id) => !l.has(id))) return false;
      ids.forEach((id, i) => l.set(id, { ...l.get(id)!, order: i }));
      return true;
    },
  };
}
