import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExpirySummary } from '@shared/market/chain';
import { api } from '@web/lib/api-client';

export interface ExpiriesResponse {
  underlying: string;
  source: 'live' | 'demo';
  expiries: ExpirySummary[];
}

export const getExpiries = (underlying: string, signal?: AbortSignal) =>
  api.get<ExpiriesResponse>(`/api/market/${encodeURIComponent(underlying)}/expiries`, undefined, signal);

export const expiriesQueryOptions = (underlying: string) =>
  queryOptions({ queryKey: ['market', 'expiries', underlying], queryFn: ({ signal }) => getExpiries(underlying, signal), staleTime: 60_000 });

export const useExpiries = (underlying: string, enabled = true) => useQuery({ ...expiriesQueryOptions(underlying), enabled: enabled && !!underlying });
