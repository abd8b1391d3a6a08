import { watchlistApi } from '@shared/watchlist/watchlist.api';
import { addItem } from '@shared/watchlist/use-cases/add-item';
import type { WatchlistDeps } from '@shared/watchlist/use-cases/deps';
import { readWatchlist } from '@shared/watchlist/use-cases/read-watchlist';
import { removeItem } from '@shared/watchlist/use-cases/remove-item';
import { reorderItems } from '@shared/watchlist/use-cases/reorder';
import { created, failure, httpApi, noContent, ok, route } from '../commons/http';
import { watchlistDeps } from '../wiring/watchlist';

/** The learner's watchlist: read with end-of-day figures, add, remove, reorder. */
export function makeWatchlistHandler(deps: WatchlistDeps) {
  return httpApi({
    'GET /api/watchlist': route(watchlistApi['GET /api/watchlist'], async ({ user, query }) => ok(await readWatchlist(deps, user.sub, query.fresh === '1'))),

    'POST /api/watchlist/items': route(watchlistApi['POST /api/watchlist/items'], async ({ user, body }) => {
      const result = await addItem(deps, user.sub, body.symbol);
      if (!result.ok) return failure(result.error);
      return result.value.created ? created(result.value) : ok(result.value);
    }),

    'DELETE /api/watchlist/items/{id}': route(watchlistApi['DELETE /api/watchlist/items/{id}'], async ({ user, params }) => {
      const result = await removeItem(deps, user.sub, params.id);
      return result.ok ? noContent() : failure(result.error);
    }),

    'PUT /api/watchlist/order': route(watchlistApi['PUT /api/watchlist/order'], async ({ user, body }) => {
      const result = await reorderItems(deps, user.sub, body.ids);
      return result.ok ? ok({ items: result.value }) : failure(result.error);
    }),
  });
}

export const handler = makeWatchlistHandler(watchlistDeps());
