import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@shared/api/contract';
import type { UploadProgress } from '@shared/uploads/report';
import type { UploadKind } from '@shared/uploads/rows';
import type { uploadsApi } from '@shared/uploads/uploads.api';
import { queryKeys } from '@web/api/query-keys';
import { api } from '@web/lib/api-client';

type NewUpload = ResponseOf<(typeof uploadsApi)['POST /api/admin/uploads']>;
const ended = (p: UploadProgress | undefined) => p?.state === 'succeeded' || p?.state === 'failed';
/** While a job runs, its progress is asked for every second; once it ended, never again. */
const POLL_MS = 1000;

export const useRecentUploads = (polling: boolean) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.admin.uploads(),
      queryFn: () => api.get<{ uploads: UploadProgress[] }>('/api/admin/uploads'),
      refetchInterval: polling ? POLL_MS * 3 : false,
    }),
  );

export const useUpload = (uploadId: string | null) =>
  useQuery({
    queryKey: queryKeys.admin.upload(uploadId ?? ''),
    queryFn: () => api.get<UploadProgress>(`/api/admin/uploads/${encodeURIComponent(uploadId!)}`),
    enabled: uploadId !== null,
    refetchInterval: (q) => (ended(q.state.data) ? false : POLL_MS),
  });

/**
 * Starts an upload and sends the file to storage with the presigned POST (XMLHttpRequest, for its upload progress
 * events, which fetch does not give). Resolves with the upload's id once storage has the file.
 */
export async function sendUpload(kind: UploadKind, file: File, onProgress: (fraction: number) => void): Promise<string> {
  const start = await api.post<NewUpload>('/api/admin/uploads', { kind, fileName: file.name, size: file.size });
  const form = new FormData();
  for (const [k, v] of Object.entries(start.fields)) form.append(k, v);
  form.append('file', file);
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', start.url);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => (xhr.status < 300 ? resolve() : reject(new Error(storageRefusal(xhr.responseText, xhr.status))));
    xhr.onerror = () => reject(new Error('The file could not be sent to storage. Check the connection and try again.'));
    xhr.send(form);
  });
  onProgress(1);
  return start.uploadId;
}

/** S3 answers a refused POST in XML: its Message says why (the policy's size or type, an expired form). */
function storageRefusal(xml: string, status: number): string {
  const message = /<Message>([^<]*)<\/Message>/.exec(xml)?.[1];
  return `Storage refused the file (${status}${message ? `: ${message}` : ''}).`;
}
