import type { Alert } from './alert';
import type { Evaluation, Observed } from './conditions';

/**
 * When a met condition fires (pure). A one-shot alert fires once and is then done; a repeating one fires at most once a
 * trading day. A paused or done alert never fires. An ingestion of a trading day the alert has already fired on, or of
 * an earlier one delivered late, fires nothing. The fired record's key (alert id + trading day) is written in the same
 * conditional write as the notification, so a second delivery of the same ingestion, even at the same moment, finds it
 * and writes nothing.
 */
export const firedKey = (alertId: string, tradingDay: string): string => `${alertId}#${tradingDay}`;

/** Whether the alert may fire for an ingestion of this trading day, whatever its condition says. */
export function mayFire(alert: Pick<Alert, 'status' | 'repeat' | 'firedCount' | 'lastFiredOn'>, tradingDay: string): boolean {
  if (alert.status !== 'active') return false;
  if (alert.repeat === 'once') return alert.firedCount === 0;
  return alert.lastFiredOn === undefined || tradingDay > alert.lastFiredOn;
}

/** The alert after it fired on a trading day: counted, dated, and done when it was one-shot. */
export function afterFiring(alert: Alert, tradingDay: string): Alert {
  return {
    ...alert,
    firedCount: alert.firedCount + 1,
    lastFiredOn: tradingDay,
    status: alert.repeat === 'once' ? 'done' : alert.status,
  };
}

export type FiringDecision = { fire: false } | { fire: true; key: string; next: Alert; observed: Observed };

/** Decides one alert on one ingestion: fire (with its record key, the alert after it and what was observed) or not. */
export function decideFiring(alert: Alert, evaluation: Evaluation, tradingDay: string): FiringDecision {
  if (!evaluation.met || !mayFire(alert, tradingDay)) return { fire: false };
  return { fire: true, key: firedKey(alert.id, tradingDay), next: afterFiring(alert, tradingDay), observed: evaluation.observed };
}
