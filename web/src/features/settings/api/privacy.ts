import { useMutation, useQuery } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@shared/api/contract';
import type { usersApi } from '@shared/users/users.api';
import { queryKeys } from '@web/api/query-keys';
import { api, ApiError } from '@web/lib/api-client';
import { expectAccountDeletion } from '@web/lib/session-end';

/** The learner's data (issue 20): the export of everything kept about them, and the account deletion with its progress. */
type Api = typeof usersApi;
export type DataExport = ResponseOf<Api['GET /api/me/export']>;
export type DeletionView = ResponseOf<Api['POST /api/me/deletion']>;
export type DeletionRequest = BodyOf<Api['POST /api/me/deletion']>;

export const getExport = () => api.get<DataExport>('/api/me/export');

/** Downloads the export as one JSON file. */
export function useDownloadData() {
  return useMutation({
    mutationFn: async () => {
      const data = await getExport();
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `options-academy-data-${data.exportedAt.slice(0, 10)}.json`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      return { sections: Object.keys(data.sections).length, items: Object.values(data.sections).reduce((n, s) => n + s.length, 0) };
    },
  });
}

export const requestDeletion = (body: DeletionRequest) => api.post<DeletionView>('/api/me/deletion', body);
/** From the moment it is asked, the tab expects its session to be refused and stays on the deletion's progress. */
export const useRequestDeletion = () =>
  useMutation({
    mutationFn: async (body: DeletionRequest) => {
      const undo = expectAccountDeletion();
      try {
        return await requestDeletion(body);
      } catch (err) {
        undo();
        throw err;
      }
    },
  });

/** The deletion's progress, asked every 2 s until it is done (each read also resumes the job on the server). */
export const useDeletionProgress = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.privacy.deletion(),
    queryFn: async () => {
      try {
        return await api.get<DeletionView>('/api/me/deletion');
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    enabled,
    refetchInterval: (q) => (q.state.data?.status === 'deleted' ? false : 2000),
  });
