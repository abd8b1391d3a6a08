import { retryUntilDecided, RETRY } from '../../backoff';
import { fail, ok, type Result } from '../../result';
import { MAX_ACTIVE_ALERTS, type Alert } from '../alert';
import { ALERTS_TEXTS } from '../alerts.errors';
import type { AlertsDeps } from './deps';

/**
 * POST /api/alerts/{id}/pause and /resume. Pausing an active alert stops its checks; resuming counts against the
 * limit of active alerts again. A done alert stays done (it fired once). Setting the status it already has changes
 * nothing. Another learner's id is not found.
 */
export function setAlertStatus(deps: AlertsDeps, userId: string, alertId: string, status: 'active' | 'paused'): Promise<Result<Alert>> {
  return retryUntilDecided<Result<Alert>>(
    async () => {
      const alert = await deps.repo.getAlert(userId, alertId);
      if (!alert) return fail('not_found', ALERTS_TEXTS.noAlert(alertId));
      if (alert.status === 'done') return fail('conflict', ALERTS_TEXTS.alreadyDone);
      if (alert.status === status) return ok(alert);
      const written = await deps.repo.setStatus(userId, alert, status, MAX_ACTIVE_ALERTS);
      if (written === 'ok') return ok({ ...alert, status });
      if (written === 'limit') return fail('conflict', ALERTS_TEXTS.tooMany);
      if (written === 'not_found') return fail('not_found', ALERTS_TEXTS.noAlert(alertId));
      return RETRY;
    },
    () => fail('conflict', ALERTS_TEXTS.busy),
    deps.backoff,
  );
}
