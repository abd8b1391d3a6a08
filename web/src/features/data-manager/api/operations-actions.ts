import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SchedulerStateSchema } from '@shared/operations/operations.api';
import { OPERATIONS_TEXTS } from '@shared/operations/operations.errors';
import { queryKeys } from '@web/api/query-keys';
import { api } from '@web/lib/api-client';

type SchedulerState = z.infer<typeof SchedulerStateSchema>;

/** After each action the status is read again at once. */
function useOperation<V, R>(mutationFn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => client.invalidateQueries({ queryKey: queryKeys.admin.all }) });
}

export const useStopScheduler = () =>
  useOperation((jobId: string) => api.post<SchedulerState>(`/api/admin/operations/scheduler/${encodeURIComponent(jobId)}/stop`));
export const useStartScheduler = () =>
  useOperation((jobId: string) => api.post<SchedulerState & { runQueued: boolean }>(`/api/admin/operations/scheduler/${encodeURIComponent(jobId)}/start`));
export const useRunNow = () =>
  useOperation((underlying: string | null) =>
    api.post<{ status: 'queued'; message: string; underlyings: string[] }>('/api/admin/operations/run', underlying ? { underlying } : {}),
  );

/** A failed Run now in the spec's words: 'Failed to fetch data: {reason}', or 'Unknown error during fetch' without a reason. */
export function fetchFailureMessage(err: unknown): string {
  const reason = err instanceof Error ? err.message.trim() : '';
  if (!reason) return OPERATIONS_TEXTS.unknownFetchError;
  return reason.startsWith('Failed to fetch data: ') ? reason : OPERATIONS_TEXTS.fetchFailed(reason);
}
