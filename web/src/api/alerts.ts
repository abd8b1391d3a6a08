import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { alertsApi } from '@shared/alerts/alerts.api';
import type { BodyOf, ResponseOf } from '@shared/api/contract';
import { api } from '@web/lib/api-client';
import { queryKeys } from './query-keys';

/**
 * The learner's alerts (issue 37): the list in words with the count against the 50 active and the e-mail choice; set,
 * pause, resume and delete. Alerts are checked after each end-of-day ingestion, so nothing here polls. The types are
 * the area's HTTP contract (shared/alerts/alerts.api.ts).
 */
type Api = typeof alertsApi;
export type AlertsList = ResponseOf<Api['GET /api/alerts']>;
export type AlertView = AlertsList['alerts'][number];
export type CreateAlertBody = BodyOf<Api['POST /api/alerts']>;

export const getAlerts = (signal?: AbortSignal) => api.get<AlertsList>('/api/alerts', undefined, signal);
export const alertsQueryOptions = () => queryOptions({ queryKey: queryKeys.alerts.list(), queryFn: ({ signal }) => getAlerts(signal), staleTime: 30_000 });
export const useAlerts = () => useQuery(alertsQueryOptions());

export const createAlert = (body: CreateAlertBody) => api.post<ResponseOf<Api['POST /api/alerts']>>('/api/alerts', body);
export const deleteAlert = (alertId: string) => api.del<ResponseOf<Api['DELETE /api/alerts/{alertId}']>>(`/api/alerts/${encodeURIComponent(alertId)}`);
export const pauseAlert = (alertId: string) =>
  api.post<ResponseOf<Api['POST /api/alerts/{alertId}/pause']>>(`/api/alerts/${encodeURIComponent(alertId)}/pause`);
export const resumeAlert = (alertId: string) =>
  api.post<ResponseOf<Api['POST /api/alerts/{alertId}/resume']>>(`/api/alerts/${encodeURIComponent(alertId)}/resume`);

function useAlertsMutation<A>(fn: (arg: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.alerts.all }) });
}
export const useCreateAlert = () => useAlertsMutation(createAlert);
export const useDeleteAlert = () => useAlertsMutation(deleteAlert);
export const usePauseAlert = () => useAlertsMutation(pauseAlert);
export const useResumeAlert = () => useAlertsMutation(resumeAlert);
