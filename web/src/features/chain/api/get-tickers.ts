import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoredTicker } from '@shared/market/market-store.port';
import { api } from '@web/lib/api-client';

export interface TickersResponse {
  source: 'live' | 'demo';
  tickers: StoredTicker[];
}

/** Every liquid ticker; the list is short, so the selector searches it in the browser as the learner types. */
export const getTickers = (signal?: AbortSignal) => api.get<TickersResponse>('/api/market/tickers', undefined, signal);

export const tickersQueryOptions = () => queryOptions({ queryKey: ['market', 'tickers'], queryFn: ({ signal }) => getTickers(signal), staleTime: 60_000 });

export const useTickers = (enabled = true) => useQuery({ ...tickersQueryOptions(), enabled });
