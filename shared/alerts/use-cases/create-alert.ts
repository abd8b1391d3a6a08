import { fail, ok, type Result } from '../../result';
import { MAX_ACTIVE_ALERTS, type Alert, type AlertCondition, type AlertRepeat } from '../alert';
import { ALERTS_TEXTS } from '../alerts.errors';
import type { AlertsDeps } from './deps';

/** POST /api/alerts: a new active alert, refused with the rule in words when the learner already has 50 active. */
export async function createAlert(deps: AlertsDeps, userId: string, input: { condition: AlertCondition; repeat?: AlertRepeat }): Promise<Result<Alert>> {
  const alert: Alert = {
    id: deps.ids.newId(),
    condition: input.condition,
    repeat: input.repeat ?? 'once',
    status: 'active',
    createdAt: deps.clock.now().toISOString(),
    firedCount: 0,
  };
  return (await deps.repo.createAlert(userId, alert, MAX_ACTIVE_ALERTS)) === 'ok' ? ok(alert) : fail('conflict', ALERTS_TEXTS.tooMany);
}
