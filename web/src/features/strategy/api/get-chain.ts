import { queryOptions, useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '@web/lib/api-client';
import type { ChainView } from '../lib/types';

export const getChain = (underlying: string, expiry: string, signal?: AbortSignal) =>
  api.get<ChainView>(`/api/market/${encodeURIComponent(underlying)}/chain`, { expiry }, signal);

export const chainQueryOptions = (underlying: string, expiry: string) =>
  queryOptions({ queryKey: ['market', 'chain', underlying, expiry], queryFn: ({ signal }) => getChain(underlying, expiry, signal), staleTime: 30_000 });

export interface Chains {
  /** Loaded chains by expiry. */
  byExpiry: ReadonlyMap<string, ChainView>;
  /** Expiries still loading. */
  pending: ReadonlySet<string>;
  /** The first failure's message, if any. */
  error: string | null;
}

// Module-level, so TanStack re-runs it only when a result changes and the answer keeps its identity.
const combine = (results: UseQueryResult<ChainView>[]) => ({
  loaded: results.flatMap((r) => (r.data ? [r.data] : [])),
  errors: results.flatMap((r) => (r.isError ? [r.error.message] : [])),
});

/** The chains of the expiries the builder needs (its legs', the template's and the default one), loaded together. */
export function useChains(underlying: string, expiries: readonly string[]): Chains {
  const result = useQueries({ queries: underlying ? expiries.map((e) => chainQueryOptions(underlying, e)) : [], combine });
  const key = expiries.join(',');
  return useMemo(() => {
    const byExpiry = new Map<string, ChainView>();
    for (const chain of result.loaded) if (chain.underlying.ticker === underlying) byExpiry.set(chain.expiration_date, chain);
    const wanted = key ? key.split(',') : [];
    const error = result.errors[0] ?? null;
    const pending = new Set(error ? [] : wanted.filter((e) => !byExpiry.has(e)));
    return { byExpiry, pending, error };
  }, [result, underlying, key]);
}
