import { useMutation, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@shared/api/contract';
import type { kiteLoginApi } from '@shared/market/india/kite-login.api';
import { api } from '@web/lib/api-client';
import { queryKeys } from './query-keys';

/** The Zerodha Kite Connect feed's keys and session as the operator sees them (never the access token). */
export type KiteStatus = ResponseOf<(typeof kiteLoginApi)['GET /api/admin/kite']>;
export type KiteLoginStart = ResponseOf<(typeof kiteLoginApi)['POST /api/admin/kite/login']>;

export const getKiteStatus = (signal?: AbortSignal) => api.get<KiteStatus>('/api/admin/kite', undefined, signal);
export const useKiteStatus = () => useQuery({ queryKey: queryKeys.admin.kite(), queryFn: ({ signal }) => getKiteStatus(signal), staleTime: 30_000 });

/** Starts the day's Kite login: the server answers Kite's login URL (with its signed state), where the browser goes next. */
export const startKiteLogin = () => api.post<KiteLoginStart>('/api/admin/kite/login');
export const useStartKiteLogin = (go: (url: string) => void) => useMutation({ mutationFn: startKiteLogin, onSuccess: ({ loginUrl }) => go(loginUrl) });
