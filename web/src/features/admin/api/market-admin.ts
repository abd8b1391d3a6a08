import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarketDataStats, SyncStatus } from '@shared/market/market-store.port';
import { api } from '@web/lib/api-client';
import { getMarketStatus } from '@web/features/chain/api/get-market-status';

export type { MarketStatus } from '@web/features/chain/api/get-market-status';
export type AdminStats = MarketDataStats & { retentionDays: number; lastSync: SyncStatus | null };

/** The admin page polls more often than the chain page, so it keeps its own cache entry. */
export const marketStatusOptions = () => queryOptions({ queryKey: ['admin', 'market-status'], queryFn: () => getMarketStatus(), staleTime: 5_000 });
export const useMarketStatus = () => useQuery(marketStatusOptions());

export const getAdminStats = () => api.get<AdminStats>('/api/admin/market/stats');
export const adminStatsOptions = () => queryOptions({ queryKey: ['admin', 'market-stats'], queryFn: getAdminStats, staleTime: 5_000 });
export const useAdminStats = () => useQuery(adminStatsOptions());

export function useRunIngestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ status: string; message: string }>('/api/admin/market/ingest', {}),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useCleanup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<{ deleted: { bars: number; chains: number; expiries: number }; barsBefore: string; expiriesBefore: string }>('/api/admin/market/cleanup'),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
