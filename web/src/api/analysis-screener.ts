import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@shared/api/contract';
import type { screenerApi } from '@shared/analysis/screener.api';
import type { ScreenerQueryInput } from '@shared/analysis/screener.api';
import { api } from '@web/lib/api-client';
import { queryKeys } from './query-keys';

/**
 * The chain-based analysis pages (issue 22): the screener, saved screens, arbitrage and the volatility surface. Types
 * come from the contract (shared/analysis/screener.api.ts). The data is end-of-day: it changes once a session.
 */
type Api = typeof screenerApi;
export type ScreenerResultView = ResponseOf<Api['POST /api/analysis/screener']>;
export type ScreenerRowView = ScreenerResultView['rows'][number];
export type SavedScreensView = ResponseOf<Api['GET /api/analysis/screener/screens']>;
export type SaveScreenBody = BodyOf<Api['POST /api/analysis/screener/screens']>;
export type ArbitrageView = ResponseOf<Api['GET /api/analysis/{underlying}/arbitrage']>;
export type SurfaceView = ResponseOf<Api['GET /api/analysis/{underlying}/surface']>;

const keys = queryKeys.analysis;

export const runScreener = (query: ScreenerQueryInput) => api.post<ScreenerResultView>('/api/analysis/screener', query);
export const useScreener = (query: ScreenerQueryInput | null) =>
  useQuery({
    queryKey: keys.screen(query ?? ({} as ScreenerQueryInput)),
    queryFn: () => runScreener(query!),
    enabled: query !== null,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export const useSavedScreens = () =>
  useQuery({ queryKey: keys.screens(), queryFn: () => api.get<SavedScreensView>('/api/analysis/screener/screens'), staleTime: 30_000 });
export function useSaveScreen() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveScreenBody) => api.post<ResponseOf<Api['POST /api/analysis/screener/screens']>>('/api/analysis/screener/screens', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.screens() }),
  });
}
export function useDeleteScreen() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.del<void>(`/api/analysis/screener/screens/${encodeURIComponent(id)}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.screens() }),
  });
}

export const useArbitrage = (underlying: string, expiry: string | null) =>
  useQuery({
    queryKey: keys.arbitrage(underlying, expiry),
    queryFn: () => api.get<ArbitrageView>(`/api/analysis/${encodeURIComponent(underlying)}/arbitrage`, { expiry: expiry ?? undefined }),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
export const useSurface = (underlying: string) =>
  useQuery({
    queryKey: keys.surface(underlying),
    queryFn: () => api.get<SurfaceView>(`/api/analysis/${encodeURIComponent(underlying)}/surface`),
    staleTime: 5 * 60_000,
  });
