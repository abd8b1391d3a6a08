import { fail, ok, type Result } from '../../result';
import { WATCHLIST_TEXTS } from '../watchlist.errors';
import type { WatchlistDeps } from './deps';

/** DELETE /api/watchlist/items/{id}: an id not on the learner's own list (another learner's included) is not found. */
export async function removeItem(deps: Pick<WatchlistDeps, 'repo' | 'lists'>, userId: string, id: string): Promise<Result<null>> {
  const symbol = id.trim().toUpperCase();
  const removed = await deps.repo.remove(userId, symbol);
  deps.lists?.forget(userId);
  return removed ? ok(null) : fail('not_found', WATCHLIST_TEXTS.notWatched(symbol));
}
