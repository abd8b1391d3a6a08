import { alertContract, alertUnderlying, type Alert } from '../alert';
import type { UnderlyingDay } from '../alerts.port';
import { evaluateCondition, neededFigures, type Observation } from '../conditions';
import { decideFiring } from '../firing';
import { notificationText } from '../messages';
import type { AppNotification } from '../notification';
import { domainEvent } from '../../events/domain-events';
import type { EvaluateDeps } from './deps';

export interface EvaluationReport {
  /** Active alerts checked. */
  evaluated: number;
  /** The notifications written by this run, with their learner. */
  fired: { userId: string; notification: AppNotification }[];
  /** Alerts whose fired record for this trading day already existed: the ingestion was delivered before. */
  duplicates: number;
  /**
   * Alerts still undecided after MAX_REDECIDE tries, each lost to a change the learner made at the same moment: the
   * consumer fails the event once the rest is done, so a redelivery decides them again (the rest are duplicates then).
   */
  unsettled: number;
}

/** Learners whose alerts are decided at once. */
const CONCURRENCY = 16;
/** A firing that lost a race with the learner's own change (a pause, a delete) is decided again at most this often. */
const MAX_REDECIDE = 3;

/**
 * After an end-of-day ingestion (the `ChainIngested` consumer): every active alert on the underlyings the run stored is
 * evaluated on that trading day's stored figures, and each one whose condition holds and may fire writes its fired
 * record, its next state and its notification in one conditional transaction, with an `AlertFired` event when the learner
 * turned alert e-mails on (its consumer sends the e-mail). Delivered twice, even at the same moment, the second finds
 * the record and writes nothing. Each figure is read once per run, and each learner's e-mail choice once.
 */
export async function evaluateAlerts(deps: EvaluateDeps, input: { tradingDay: string; underlyings: readonly string[] }): Promise<EvaluationReport> {
  const { tradingDay } = input;
  const alerts = await deps.repo.activeAlertsOn(input.underlyings);
  const days = new Map<string, Promise<UnderlyingDay | null>>();
  const marks = new Map<string, Promise<number | null>>();
  const dayOf = (u: string) => days.get(u) ?? days.set(u, deps.figures.underlyingDay(u, tradingDay)).get(u)!;
  const markOf = (c: string) => marks.get(c) ?? marks.set(c, deps.figures.contractMark(c)).get(c)!;
  const mailing = new Map<string, Promise<boolean>>();
  const wantsMail = (userId: string) => mailing.get(userId) ?? mailing.set(userId, deps.repo.getEmailOn(userId)).get(userId)!;

  const observe = async (userId: string, alert: Alert): Promise<Observation> => {
    const need = neededFigures(alert.condition);
    const contract = alertContract(alert.condition);
    const o: Observation = { tradingDay };
    if (need.underlyingDay) Object.assign(o, (await dayOf(alertUnderlying(alert.condition))) ?? {});
    if (need.contractMark && contract) o.mark = await markOf(contract);
    if (need.position && contract) o.position = await deps.figures.position(userId, contract);
    return o;
  };

  const report: EvaluationReport = { evaluated: alerts.length, fired: [], duplicates: 0, unsettled: 0 };
  const decideOne = async ({ userId, alert }: { userId: string; alert: Alert }): Promise<void> => {
    const observation = await observe(userId, alert);
    let current: Alert | null = alert;
    for (let attempt = 0; current && attempt < MAX_REDECIDE; attempt++) {
      const decision = decideFiring(current, evaluateCondition(current.condition, observation), tradingDay);
      if (!decision.fire) return;
      const text = notificationText(current.condition, decision.observed, tradingDay);
      const notification: AppNotification = {
        id: deps.ids.newId(),
        alertId: current.id,
        tradingDay,
        ...text,
        createdAt: deps.clock.now().toISOString(),
        readAt: null,
      };
      const announce = (await wantsMail(userId))
        ? domainEvent('AlertFired', { userId, alertId: current.id, notificationId: notification.id, tradingDay, at: notification.createdAt }, deps.ids.newId())
        : undefined;
      const written = await deps.repo.fire(userId, {
        key: decision.key,
        next: decision.next,
        expectedFiredCount: current.firedCount,
        notification,
        announce,
      });
      if (written === 'ok') {
        report.fired.push({ userId, notification });
        return;
      }
      if (written === 'duplicate') {
        report.duplicates++;
        return;
      }
      await deps.backoff?.(attempt);
      current = await deps.repo.getAlert(userId, alert.id);
    }
    if (current) report.unsettled++;
  };

  // A firing changes items of its learner's (the count of active alerts, for one that is done): two of one learner's at
  // once would conflict and be decided again, so each learner's alerts are decided one after another and learners side
  // by side, CONCURRENCY at a time.
  const byLearner = new Map<string, { userId: string; alert: Alert }[]>();
  for (const a of alerts) {
    const own = byLearner.get(a.userId);
    if (own) own.push(a);
    else byLearner.set(a.userId, [a]);
  }
  const queue = [...byLearner.values()];
  const worker = async () => {
    for (let own = queue.shift(); own; own = queue.shift()) for (const a of own) await decideOne(a);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
  return report;
}
