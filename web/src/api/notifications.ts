import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { alertsApi } from '@shared/alerts/alerts.api';
import type { ResponseOf } from '@shared/api/contract';
import { api } from '@web/lib/api-client';
import { queryKeys } from './query-keys';

/**
 * The learner's notifications (issue 37): what their alerts said when they fired, the bell's unread count, mark read
 * (one or all), and the alert e-mail choice. New ones arrive only after an end-of-day ingestion, so the count keeps for
 * a few minutes and is read again when the window regains focus.
 */
type Api = typeof alertsApi;
export type NotificationsList = ResponseOf<Api['GET /api/notifications']>;
export type AppNotification = NotificationsList['notifications'][number];

export const getNotifications = (signal?: AbortSignal) => api.get<NotificationsList>('/api/notifications', undefined, signal);
export const notificationsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.notifications.list(), queryFn: ({ signal }) => getNotifications(signal), staleTime: 60_000 });
export const useNotifications = () => useQuery(notificationsQueryOptions());

export const getUnreadCount = (signal?: AbortSignal) =>
  api.get<ResponseOf<Api['GET /api/notifications/unread-count']>>('/api/notifications/unread-count', undefined, signal);
export const unreadQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.notifications.unread(), queryFn: ({ signal }) => getUnreadCount(signal), staleTime: 5 * 60_000 });
export const useUnreadCount = () => useQuery(unreadQueryOptions());

export const markRead = (notificationId: string) =>
  api.post<ResponseOf<Api['POST /api/notifications/{notificationId}/read']>>(`/api/notifications/${encodeURIComponent(notificationId)}/read`);
export const markAllRead = () => api.post<ResponseOf<Api['POST /api/notifications/read-all']>>('/api/notifications/read-all');
/** The alert e-mail choice, read and written here only (the Settings switch). */
export const getAlertEmail = (signal?: AbortSignal) =>
  api.get<ResponseOf<Api['GET /api/notifications/settings']>>('/api/notifications/settings', undefined, signal);
export const alertEmailQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.notifications.settings(), queryFn: ({ signal }) => getAlertEmail(signal), staleTime: 60_000 });
export const useAlertEmail = () => useQuery(alertEmailQueryOptions());
export const setAlertEmail = (emailOn: boolean) => api.put<ResponseOf<Api['PUT /api/notifications/settings']>>('/api/notifications/settings', { emailOn });

function useNotificationsMutation<A>(fn: (arg: A) => Promise<unknown>, also: readonly (readonly unknown[])[] = []) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all([queryKeys.notifications.all, ...also].map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
export const useMarkRead = () => useNotificationsMutation(markRead);
export const useMarkAllRead = () => useNotificationsMutation(markAllRead);
export const useSetAlertEmail = () => useNotificationsMutation(setAlertEmail, [queryKeys.alerts.all]);

/** The unsubscribe link of an alert e-mail (public, no sign-in): its token turns the learner's alert e-mails off. */
export const unsubscribeWithToken = (token: string) =>
  api.post<ResponseOf<Api['POST /api/unsubscribe']>>(`/api/unsubscribe?token=${encodeURIComponent(token)}`);
