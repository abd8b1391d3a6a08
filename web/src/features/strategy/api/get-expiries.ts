import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { ExpiriesResponse } from '../lib/types';

export const getExpiries = (underlying: string, signal?: AbortSignal) =>
  api.get<ExpiriesResponse>(`/api/market/${encodeURIComponent(underlying)}/expiries`, undefined, signal);

export const expiriesQueryOptions = (underlying: string) =>
  queryOptions({ queryKey: ['market', 'expiries', underlying], queryFn: ({ signal }) => getExpiries(underlying, signal), staleTime: 60_000 });

export const useExpiries = (underlying: string) => useQuery({ ...expiriesQueryOptions(underlying), enabled: !!underlying });
