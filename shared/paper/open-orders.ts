import { MAX_OPEN_ORDERS, type PaperAccount } from './types';

/** How many orders rest on the account now. */
export const openOrderCount = (account: Pick<PaperAccount, 'openOrders'>): number => Object.values(account.openOrders ?? {}).reduce((s, n) => s + n, 0);

/** The account's count of resting orders with one more (or one fewer) for a session; zero counts leave the map. */
export function countOpenOrder(account: Pick<PaperAccount, 'openOrders'>, session: string, by: 1 | -1): Record<string, number> {
  const next = { ...(account.openOrders ?? {}) };
  const n = Math.max(0, (next[session] ?? 0) + by);
  if (n) next[session] = n;
  else delete next[session];
  return next;
}

/** Whether one more order may rest (at most MAX_OPEN_ORDERS at once). */
export const canRestAnother = (account: Pick<PaperAccount, 'openOrders'>): boolean => openOrderCount(account) < MAX_OPEN_ORDERS;

/** Resting day orders whose session closed before `session`: due to expire at the next settlement run. */
export function staleOpenOrders(account: Pick<PaperAccount, 'openOrders'>, session: string): { session: string; count: number }[] {
  return Object.entries(account.openOrders ?? {})
    .filter(([s]) => s < session)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([s, count]) => ({ session: s, count }));
}
