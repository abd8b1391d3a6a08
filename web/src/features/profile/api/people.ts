import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicProfile } from '@shared/users/people';
import { queryKeys } from '@web/api/query-keys';
import { api } from '@web/lib/api-client';

/** Another learner's public profile (GET /api/people/{publicId}): only the groups they chose to show; 404 when private. */
export const getPerson = (publicId: string, signal?: AbortSignal) => api.get<PublicProfile>(`/api/people/${encodeURIComponent(publicId)}`, undefined, signal);

export const personQueryOptions = (publicId: string) =>
  queryOptions({ queryKey: queryKeys.person(publicId), queryFn: ({ signal }) => getPerson(publicId, signal), staleTime: 30_000 });

export const usePerson = (publicId: string) => useQuery(personQueryOptions(publicId));
