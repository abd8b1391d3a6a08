import { fail, ok, type Result } from '../../result';
import { ALERTS_TEXTS } from '../alerts.errors';
import type { AlertsDeps } from './deps';

/** POST /api/notifications/{id}/read: one notification read (marking it again keeps the first time). */
export async function markNotificationRead(deps: AlertsDeps, userId: string, notificationId: string): Promise<Result<{ unread: number }>> {
  const done = await deps.repo.markRead(userId, notificationId, deps.clock.now().toISOString());
  if (done === 'not_found') return fail('not_found', ALERTS_TEXTS.noNotification(notificationId));
  return ok({ unread: await deps.repo.unreadCount(userId) });
}

/** POST /api/notifications/read-all: every unread notification read. */
export async function markAllNotificationsRead(deps: AlertsDeps, userId: string): Promise<Result<{ marked: number; unread: number }>> {
  const marked = await deps.repo.markAllRead(userId, deps.clock.now().toISOString());
  return ok({ marked, unread: 0 });
}
