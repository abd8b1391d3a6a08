import { fail, ok, type Result } from '../../result';
import { ALERTS_TEXTS } from '../alerts.errors';
import type { AlertsDeps } from './deps';

/** DELETE /api/alerts/{id}: the alert goes (its notifications stay). Another learner's id is not found. */
export async function deleteAlert(deps: AlertsDeps, userId: string, alertId: string): Promise<Result<{ deleted: string }>> {
  return (await deps.repo.deleteAlert(userId, alertId)) === 'ok' ? ok({ deleted: alertId }) : fail('not_found', ALERTS_TEXTS.noAlert(alertId));
}
