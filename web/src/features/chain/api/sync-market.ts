import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

/** POST /api/market/sync answers 202 `queued`, or 200 `recent` when a sync of that ticker ran moments ago. */
export interface SyncResponse {
  status: 'queued' | 'recent';
  message: string;
}

export const syncMarket = (underlying: string) => api.post<SyncResponse>('/api/market/sync', { underlying });

export const useSyncMarket = () => useMutation({ mutationFn: syncMarket });
