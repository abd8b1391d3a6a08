import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '@shared/users/profile';
import { api } from '@web/lib/api-client';
import { queryKeys } from './query-keys';

/** The signed-in learner and their profile item (GET /api/me), for the dashboard's greeting and the settings. */
export const getMe = () => api.get<Me>('/api/me');

export const meQueryOptions = () => queryOptions({ queryKey: queryKeys.me(), queryFn: getMe, staleTime: 60_000 });

export const useMe = () => useQuery(meQueryOptions());
