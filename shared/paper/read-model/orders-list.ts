import type { Order, OrderStatus } from '../../trading/order';
import type { PaperDeps } from '../use-cases/deps';

/** The orders page shows the 200 newest. */
export const ORDERS_SHOWN = 200;

/**
 * The learner's orders, newest first, optionally of one status. With the warm function's cache (portfolio-cache.ts):
 * the account first (one strongly consistent GetItem), then the list kept for that version, or read (strongly
 * consistent, after the GetItem, so never older than that version) and kept. Without a cache, or without an account,
 * one Query.
 */
export async function listOrders(deps: Pick<PaperDeps, 'repo' | 'portfolioCache'>, userId: string, status?: OrderStatus): Promise<Order[]> {
  const { repo, portfolioCache: cache } = deps;
  const read = () => repo.listOrders(userId, { status, limit: ORDERS_SHOWN });
  if (!cache) return read();
  const account = await repo.getAccount(userId);
  if (!account) return read();
  let kept = cache.orders(userId, account.version, status);
  if (!kept) {
    kept = await read();
    cache.keepOrders(userId, account.version, status, kept);
  }
  return kept;
}
