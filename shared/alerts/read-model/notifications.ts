import type { AlertsRepository } from '../alerts.port';
import { NOTIFICATIONS_PAGE, type AppNotification } from '../notification';

/** GET /api/notifications: the newest notifications and how many are unread (reads only). */
export async function listNotifications(
  repo: Pick<AlertsRepository, 'listNotifications' | 'unreadCount'>,
  userId: string,
): Promise<{ notifications: AppNotification[]; unread: number }> {
  const [notifications, unread] = await Promise.all([repo.listNotifications(userId, NOTIFICATIONS_PAGE), repo.unreadCount(userId)]);
  return { notifications, unread };
}

/** GET /api/notifications/unread-count: the bell's number (reads only). */
export async function unreadCount(repo: Pick<AlertsRepository, 'unreadCount'>, userId: string): Promise<{ unread: number }> {
  return { unread: await repo.unreadCount(userId) };
}
