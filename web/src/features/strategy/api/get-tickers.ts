import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { TickersResponse } from '../lib/types';

/** The liquid tickers the underlying selector offers, with their last price. */
export const getTickers = (signal?: AbortSignal) => api.get<TickersResponse>('/api/market/tickers', undefined, signal);

export const tickersQueryOptions = () => queryOptions({ queryKey: ['market', 'tickers'], queryFn: ({ signal }) => getTickers(signal), staleTime: 60_000 });

export const useTickers = () => useQuery(tickersQueryOptions());
