import type { ExpirySnapshot, MarketSnapshotStore } from '@shared/prediction/market-snapshots.port';

/**
 * An in-memory MarketSnapshotStore for unit tests, with the DynamoDB adapter's rules: a save never reopens a resolved
 * expiry, a resolution is stored once, resolved ones are listed newest expiry first.
 */
export function memoryMarketSnapshots() {
  const items = new Map<string, ExpirySnapshot>();
  const key = (u: string, e: string) => `${u}#${e}`;
  const copy = (s: ExpirySnapshot): ExpirySnapshot => structuredClone(s);
  const store: MarketSnapshotStore & { items: typeof items; saves: number } = {
    items,
    saves: 0,
    async save(snapshot) {
      const at = items.get(key(snapshot.underlying, snapshot.expiration));
      store.saves++;
      if (at?.resolution) return;
      items.set(key(snapshot.underlying, snapshot.expiration), { ...copy(snapshot), resolution: null, resolvedAt: null });
    },
    async get(u, e) {
      const s = items.get(key(u, e));
      return s ? copy(s) : null;
    },
    async unresolved() {
      return [...items.values()].filter((s) => s.resolution === null).map(copy);
    },
    async resolve(u, e, resolution, at) {
      const s = items.get(key(u, e));
      if (!s || s.resolution) return false;
      items.set(key(u, e), { ...s, resolution: structuredClone(resolution), resolvedAt: at });
      return true;
    },
    async resolved(limit) {
      return [...items.values()]
        .filter((s) => s.resolution !== null)
        .sort((a, b) => `${b.expiration}#${b.underlying}`.localeCompare(`${a.expiration}#${a.underlying}`))
        .slice(0, limit)
        .map(copy);
    },
  };
  return store;
}
