import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

export interface MarketStatus {
  source: 'live' | 'demo';
  provider: string;
  configured: boolean;
  lastSync: string | null;
}

export const getMarketStatus = () => api.get<MarketStatus>('/api/market/status');

export const marketStatusQueryOptions = () => queryOptions({ queryKey: ['landing', 'market-status'], queryFn: getMarketStatus, staleTime: 60_000 });

export const useMarketStatus = () => useQuery(marketStatusQueryOptions());
