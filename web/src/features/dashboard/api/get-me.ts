import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '@shared/users/profile';
import { queryKeys } from '@web/api/query-keys';
import { api } from '@web/lib/api-client';

export const getMe = () => api.get<Me>('/api/me');

export const meQueryOptions = () => queryOptions({ queryKey: queryKeys.me(), queryFn: getMe, staleTime: 60_000 });

export const useMe = () => useQuery(meQueryOptions());
