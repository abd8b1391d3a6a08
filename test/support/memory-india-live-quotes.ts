import type { IndianLiveQuotes, LiveGroup } from '@shared/market/india/live/live-quotes.port';
import { ok } from '@shared/result';

/** The live Indian quotes in memory, for the ticker service's and the chain's tests: every write kept with when it came. */
export function memoryIndianLiveQuotes(now: () => number = Date.now) {
  const items = new Map<string, LiveGroup>();
  const writes: { at: number; group: LiveGroup }[] = [];
  const store: IndianLiveQuotes & { items: typeof items; writes: typeof writes } = {
    items,
    writes,
    put: async (group) => {
      const copy = structuredClone(group);
      items.set(`${group.underlying}|${group.expiry}`, copy);
      writes.push({ at: now(), group: copy });
      return ok(undefined);
    },
    get: async ({ underlying, expiry, from }) => {
      const found = [...items.values()]
        .filter((g) => g.underlying === underlying && (expiry ? g.expiry === expiry : g.expiry >= from))
        .sort((a, b) => (a.expiry < b.expiry ? -1 : 1))[0];
      return ok(found ? structuredClone(found) : null);
    },
  };
  return store;
}
