import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@shared/api/contract';
import { INDIA_REFRESH_SECONDS, type indiaApi } from '@shared/market/india/india.api';
import { api } from '@web/lib/api-client';
import { queryKeys } from './query-keys';

/**
 * Indian markets (issue 38): the NSE underlyings the picker offers and the view-only chain of one expiry, typed from
 * the area's contract (shared/market/india/india.api.ts). The chain is read again every 5 s while NSE is open (the
 * answer's `feed.marketOpen`), and not at all once the page leaves Indian mode (the query is then disabled).
 */
type Api = typeof indiaApi;
export type IndiaUnderlyings = ResponseOf<Api['GET /api/india/underlyings']>;
export type IndianChain = ResponseOf<Api['GET /api/india/chain']>;
export type IndianQuote = IndianChain['quotes'][number];

export const getIndiaUnderlyings = (signal?: AbortSignal) => api.get<IndiaUnderlyings>('/api/india/underlyings', undefined, signal);

export const getIndianChain = (symbol: string, expiry: string | null, signal?: AbortSignal) =>
  api.get<IndianChain>('/api/india/chain', expiry ? { symbol, expiry } : { symbol }, signal);

export const indiaUnderlyingsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.india.underlyings(), queryFn: ({ signal }) => getIndiaUnderlyings(signal), staleTime: 60_000 });

export const useIndiaUnderlyings = (enabled = true) => useQuery({ ...indiaUnderlyingsQueryOptions(), enabled });

/** How often the chain is read again: every 5 s while NSE is open, never when it is closed (the figures are the close's). */
export const indiaRefetchInterval = (chain: IndianChain | undefined): number | false => (chain?.feed.marketOpen ? INDIA_REFRESH_SECONDS * 1000 : false);

export const useIndianChain = (symbol: string, expiry: string | null, enabled = true) =>
  useQuery({
    queryKey: queryKeys.india.chain(symbol, expiry),
    queryFn: ({ signal }) => getIndianChain(symbol, expiry, signal),
    enabled: enabled && !!symbol,
    staleTime: INDIA_REFRESH_SECONDS * 1000 - 500,
    refetchInterval: (query) => indiaRefetchInterval(query.state.data),
    placeholderData: (previous) => (previous && previous.underlying === symbol ? previous : undefined),
  });
