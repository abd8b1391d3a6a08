import { fail, ok, type Result } from '../../result';
import { inOrder, type WatchItem } from '../watchlist';
import { WATCHLIST_TEXTS } from '../watchlist.errors';
import type { WatchlistDeps } from './deps';

/**
 * PUT /api/watchlist/order: the learner's whole list in the new order, written at once (the same order sent twice
 * writes the same thing). The ids must be exactly the items on the list: a list that changed meanwhile (an item added
 * or removed in another tab) is refused rather than half-applied.
 */
export async function reorderItems(deps: Pick<WatchlistDeps, 'repo' | 'lists'>, userId: string, ids: readonly string[]): Promise<Result<WatchItem[]>> {
  const wanted = ids.map((i) => i.trim().toUpperCase());
  const items = await deps.repo.list(userId);
  const current = new Set(items.map((i) => i.id));
  if (new Set(wanted).size !== wanted.length || wanted.length !== current.size || wanted.some((i) => !current.has(i))) {
    return fail('conflict', WATCHLIST_TEXTS.orderMismatch);
  }
  const written = await deps.repo.reorder(userId, wanted);
  deps.lists?.forget(userId);
  if (!written) return fail('conflict', WATCHLIST_TEXTS.orderMismatch);
  const at = new Map(wanted.map((id, i) => [id, i]));
  return ok(inOrder(items.map((i) => ({ ...i, order: at.get(i.id)! }))));
}
