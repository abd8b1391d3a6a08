import { useQuery } from '@tanstack/react-query';
import type { alertsApi } from '@shared/alerts/alerts.api';
import type { ResponseOf } from '@shared/api/contract';
import { api } from '@web/lib/api-client';
import { queryKeys } from './query-keys';

/** The alert e-mails the local mail stand-in wrote (operators; the local stack only), newest first. */
export type SentMailList = ResponseOf<(typeof alertsApi)['GET /api/admin/mail']>;
export type SentMail = SentMailList['messages'][number];

export const getSentMail = (signal?: AbortSignal) => api.get<SentMailList>('/api/admin/mail', undefined, signal);
export const useSentMail = () => useQuery({ queryKey: queryKeys.admin.mail(), queryFn: ({ signal }) => getSentMail(signal), staleTime: 10_000 });
