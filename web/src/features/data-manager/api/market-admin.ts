import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarketDataStats, SyncStatus } from '@shared/market/market-store.port';
import { queryKeys } from '@web/api/query-keys';
import { api } from '@web/lib/api-client';

export type AdminStats = MarketDataStats & { retentionDays: number; lastSync: SyncStatus | null };

export const getAdminStats = () => api.get<AdminStats>('/api/admin/market/stats');
export const adminStatsOptions = () => queryOptions({ queryKey: queryKeys.admin.marketStats(), queryFn: getAdminStats, staleTime: 5_000 });
export const useAdminStats = () => useQuery(adminStatsOptions());

/** A cleanup changes the stored market data: the statistics and every market view are stale. */
function useMarketDataChange<R>(mutationFn: () => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: queryKeys.admin.all }), client.invalidateQueries({ queryKey: queryKeys.market.all })]),
  });
}

export const useCleanup = () =>
  useMarketDataChange(() =>
    api.post<{ deleted: { bars: number; chains: number; expiries: number }; barsBefore: string; expiriesBefore: string }>('/api/admin/market/cleanup'),
  );
