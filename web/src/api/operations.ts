import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OperationsStatusSchema } from '@shared/operations/operations.api';
import { queryKeys } from './query-keys';
import { api } from '@web/lib/api-client';

/** The data manager's status (stored data per underlying, every job's runs and schedule); /app/config lists its jobs. */
export type OperationsStatus = z.infer<typeof OperationsStatusSchema>;
export type JobStatus = OperationsStatus['jobs'][number];

/** Status refreshes every 60 s (spec part 2: the scheduler's status is refreshed every 60 s) and after each action. */
export const OPERATIONS_REFRESH_MS = 60_000;

export const operationsStatusOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.operations(),
    queryFn: () => api.get<OperationsStatus>('/api/admin/operations/status'),
    staleTime: 5_000,
    refetchInterval: OPERATIONS_REFRESH_MS,
  });

export const useOperationsStatus = () => useQuery(operationsStatusOptions());
