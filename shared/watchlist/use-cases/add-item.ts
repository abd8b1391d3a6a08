import { isExpired } from '../../market/expiry-status';
import { fail, ok, type Result } from '../../result';
import { slotsFullMessage, watchlistSlots } from '../slots';
import { watchTarget, type WatchItem } from '../watchlist';
import { WATCHLIST_TEXTS } from '../watchlist.errors';
import type { WatchlistDeps } from './deps';

/**
 * POST /api/watchlist/items: watches an underlying or a contract. The limit is the learner's slots at the level the
 * server holds; the add and the count are one conditional write, so two adds at once never pass it. Watching a symbol
 * already on the list is idempotent: the existing item is answered (`created: false`) and takes no slot.
 */
export async function addItem(
  deps: Pick<WatchlistDeps, 'repo' | 'levels' | 'clock' | 'lists'>,
  userId: string,
  symbol: string,
): Promise<Result<{ item: WatchItem; created: boolean }>> {
  const target = watchTarget(symbol);
  if (!target) return fail('unprocessable', WATCHLIST_TEXTS.unknownSymbol(symbol.trim().toUpperCase()));
  const now = deps.clock.now();
  if (target.kind === 'contract' && isExpired(target.expiration, now)) {
    return fail('unprocessable', WATCHLIST_TEXTS.expiredContract(target.id, target.expiration));
  }
  const level = await deps.levels.levelOf(userId);
  const item: WatchItem = { id: target.id, kind: target.kind, underlying: target.underlying, order: now.getTime(), addedAt: now.toISOString() };
  const out = await deps.repo.add(userId, item, watchlistSlots(level));
  deps.lists?.forget(userId);
  if (out.outcome === 'full') return fail('conflict', slotsFullMessage(level), { limit: watchlistSlots(level), level });
  return ok({ item: out.item, created: out.outcome === 'added' });
}
