import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChainView } from '@shared/market/market-reader';
import { api } from '@web/lib/api-client';

export const getChain = (underlying: string, expiry: string, signal?: AbortSignal) =>
  api.get<ChainView>(`/api/market/${encodeURIComponent(underlying)}/chain`, { expiry }, signal);

export const chainQueryOptions = (underlying: string, expiry: string) =>
  queryOptions({ queryKey: ['market', 'chain', underlying, expiry], queryFn: ({ signal }) => getChain(underlying, expiry, signal), staleTime: 30_000 });

/** The chain of one expiry; while another expiry of the same ticker loads, the last one stays on screen. */
export const useChain = (underlying: string, expiry: string | null) =>
  useQuery({
    ...chainQueryOptions(underlying, expiry ?? ''),
    enabled: !!underlying && !!expiry,
    placeholderData: (previous) => (previous && previous.underlying.ticker === underlying ? previous : undefined),
  });
