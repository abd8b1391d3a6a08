import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Draft, DraftLeg } from '@shared/drafts/drafts';
import { queryKeys } from '@web/api/query-keys';
import { api } from '@web/lib/api-client';

/** The body of POST /api/drafts and PUT /api/drafts/{id}. */
export interface DraftBody {
  name?: string;
  underlying: string;
  strategy: string | null;
  multiplier: number;
  legs: DraftLeg[];
}

export const getDrafts = () => api.get<{ drafts: Draft[] }>('/api/drafts');
export const draftsQueryOptions = () => queryOptions({ queryKey: queryKeys.drafts(), queryFn: getDrafts, staleTime: 30_000 });
export const useDrafts = () => useQuery(draftsQueryOptions());

export const createDraft = (body: DraftBody) => api.post<{ draft: Draft }>('/api/drafts', body);
export const updateDraft = (id: string, body: DraftBody) => api.put<{ draft: Draft }>(`/api/drafts/${id}`, body);
export const deleteDraft = (id: string) => api.del<null>(`/api/drafts/${id}`);

function useDraftMutation<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.drafts() }) });
}

export const useCreateDraft = () => useDraftMutation(createDraft);
export const useUpdateDraft = () => useDraftMutation(({ id, body }: { id: string; body: DraftBody }) => updateDraft(id, body));
export const useDeleteDraft = () => useDraftMutation(deleteDraft);
