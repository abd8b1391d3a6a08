import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@shared/api/contract';
import { WATCHLIST_KEPT_MS } from '@shared/watchlist/read-cache';
import type { watchlistApi } from '@shared/watchlist/watchlist.api';
import { api } from '@web/lib/api-client';
import { queryKeys } from './query-keys';

/**
 * The learner's watchlist (issue 37): the list with each row's end-of-day figures, and the star that adds or removes a
 * symbol from any page (the chain, the screener, the analysis pages, a shared strategy). The types are the area's
 * contract (shared/watchlist/watchlist.api.ts). Every change invalidates the one list.
 */
type Api = typeof watchlistApi;
export type WatchlistView = ResponseOf<Api['GET /api/watchlist']>;
export type WatchRow = WatchlistView['items'][number];
export type ExpiredWatchRow = WatchlistView['expired'][number];

/**
 * When this tab last changed the list. For as long as the server may answer from what it keeps (WATCHLIST_KEPT_MS),
 * the reads after a change ask for a fresh read, so the list never goes back to how it was before the change.
 */
let changedAt = Number.NEGATIVE_INFINITY;
const freshQuery = () => (performance.now() - changedAt < WATCHLIST_KEPT_MS ? { fresh: '1' } : undefined);

export const getWatchlist = (signal?: AbortSignal) => api.get<WatchlistView>('/api/watchlist', freshQuery(), signal);
export const watchlistQueryOptions = () => queryOptions({ queryKey: queryKeys.watchlist(), queryFn: ({ signal }) => getWatchlist(signal), staleTime: 30_000 });
export const useWatchlist = (enabled = true) => useQuery({ ...watchlistQueryOptions(), enabled });

export const addToWatchlist = (symbol: string) => api.post<ResponseOf<Api['POST /api/watchlist/items']>>('/api/watchlist/items', { symbol });
export const removeFromWatchlist = (id: string) => api.del<null>(`/api/watchlist/items/${encodeURIComponent(id)}`);
export const reorderWatchlist = (ids: readonly string[]) => api.put<ResponseOf<Api['PUT /api/watchlist/order']>>('/api/watchlist/order', { ids });

/** Symbols as the watchlist names them: upper case, without a vendor's "O:" prefix. */
export const watchSymbol = (symbol: string) => symbol.toUpperCase().replace(/^O:/, '');

function useInvalidating<A>(fn: (a: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      changedAt = performance.now();
      return client.invalidateQueries({ queryKey: queryKeys.watchlist() });
    },
  });
}

export const useAddToWatchlist = () => useInvalidating(addToWatchlist);
export const useRemoveFromWatchlist = () => useInvalidating(removeFromWatchlist);
export const useReorderWatchlist = () => useInvalidating((ids: readonly string[]) => reorderWatchlist(ids));
