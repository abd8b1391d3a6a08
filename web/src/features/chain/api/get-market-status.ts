import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

/** GET /api/market/status: where the chain's data comes from and when it was last synced. */
export interface MarketStatus {
  source: 'live' | 'demo';
  provider: string;
  /** Whether a market-data provider key is set up; Sync Data needs one. */
  configured: boolean;
  lastSync: string | null;
  session: string | null;
  /** Why demo data is in use, when no provider is configured. */
  reason?: string;
}

export const getMarketStatus = (signal?: AbortSignal) => api.get<MarketStatus>('/api/market/status', undefined, signal);

export const marketStatusQueryOptions = () =>
  queryOptions({ queryKey: ['market', 'status'], queryFn: ({ signal }) => getMarketStatus(signal), staleTime: 30_000 });

export const useMarketStatus = () => useQuery(marketStatusQueryOptions());
