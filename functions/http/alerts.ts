import { alertsApi } from '@shared/alerts/alerts.api';
import { listAlerts } from '@shared/alerts/read-model/alerts-list';
import { listNotifications, unreadCount } from '@shared/alerts/read-model/notifications';
import { createAlert } from '@shared/alerts/use-cases/create-alert';
import { deleteAlert } from '@shared/alerts/use-cases/delete-alert';
import type { AlertsDeps } from '@shared/alerts/use-cases/deps';
import { markAllNotificationsRead, markNotificationRead } from '@shared/alerts/use-cases/mark-read';
import { setAlertStatus } from '@shared/alerts/use-cases/set-alert-status';
import { getAlertEmail, setAlertEmail } from '@shared/alerts/use-cases/set-email';
import { created, httpApi, ok, respond, route } from '../commons/http';
import { alertsDeps } from '../wiring/alerts';

/**
 * The learner's alerts and notifications (shared/alerts/alerts.api.ts): each route parses its input and calls one use
 * case or read model; the learner only from the token, so another learner's ids are not found.
 */
export function makeAlertsHandler(deps: AlertsDeps) {
  const api = alertsApi;
  return httpApi({
    'GET /api/alerts': route(api['GET /api/alerts'], async ({ user }) => ok(await listAlerts(deps.repo, user.sub))),
    'POST /api/alerts': route(api['POST /api/alerts'], async ({ user, body }) => respond(await createAlert(deps, user.sub, body), (alert) => created(alert))),
    'DELETE /api/alerts/{alertId}': route(api['DELETE /api/alerts/{alertId}'], async ({ user, params }) =>
      respond(await deleteAlert(deps, user.sub, params.alertId)),
    ),
    'POST /api/alerts/{alertId}/pause': route(api['POST /api/alerts/{alertId}/pause'], async ({ user, params }) =>
      respond(await setAlertStatus(deps, user.sub, params.alertId, 'paused')),
    ),
    'POST /api/alerts/{alertId}/resume': route(api['POST /api/alerts/{alertId}/resume'], async ({ user, params }) =>
      respond(await setAlertStatus(deps, user.sub, params.alertId, 'active')),
    ),
    'GET /api/notifications/settings': route(api['GET /api/notifications/settings'], async ({ user }) => ok(await getAlertEmail(deps, user.sub))),
    'PUT /api/notifications/settings': route(api['PUT /api/notifications/settings'], async ({ user, body }) =>
      respond(await setAlertEmail(deps, user.sub, body.emailOn)),
    ),
    'GET /api/notifications': route(api['GET /api/notifications'], async ({ user }) => ok(await listNotifications(deps.repo, user.sub))),
    'GET /api/notifications/unread-count': route(api['GET /api/notifications/unread-count'], async ({ user }) => ok(await unreadCount(deps.repo, user.sub))),
    'POST /api/notifications/{notificationId}/read': route(api['POST /api/notifications/{notificationId}/read'], async ({ user, params }) =>
      respond(await markNotificationRead(deps, user.sub, params.notificationId)),
    ),
    'POST /api/notifications/read-all': route(api['POST /api/notifications/read-all'], async ({ user }) =>
      respond(await markAllNotificationsRead(deps, user.sub)),
    ),
  });
}

export const handler = makeAlertsHandler(alertsDeps());
