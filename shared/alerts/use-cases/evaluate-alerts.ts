import { alertContract, alertUnderlying, type Alert } from '../alert';
import { MAX_FIRINGS_TOGETHER, type Firing, type HeldPosition, type UnderlyingDay } from '../alerts.port';
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
 * turned alert e-mails on (its consumer sends the e-mail); a learner's firings go together in as few transactions as
 * fit. Delivered twice, even at the same moment, the second finds
 * the record and writes nothing. Each figure is read once per run, and each learner's positions and e-mail choice once.
 */
export async function evaluateAlerts(deps: EvaluateDeps, input: { tradingDay: string; underlyings: readonly string[] }): Promise<EvaluationReport> {
  const { tradingDay } = input;
  const alerts = await deps.repo.activeAlertsOn(input.underlyings);
  const days = new Map<string, Promise<UnderlyingDay | null>>();
  const marks = new Map<string, Promise<number | null>>();
  const dayOf = (u: string) => days.get(u) ?? days.set(u, deps.figures.underlyingDay(u, tradingDay)).get(u)!;
  const markOf = (c: string) => marks.get(c) ?? marks.set(c, deps.figures.contractMark(c)).get(c)!;
  const held = new Map<string, Promise<ReadonlyMap<string, HeldPosition>>>();
  const positionsOf = (userId: string) => held.get(userId) ?? held.set(userId, deps.figures.positions(userId)).get(userId)!;
  const mailing = new Map<string, Promise<boolean>>();
  const wantsMail = (userId: string) => mailing.get(userId) ?? mailing.set(userId, deps.repo.getEmailOn(userId)).get(userId)!;

  const observe = async (userId: string, alert: Alert): Promise<Observation> => {
    const need = neededFigures(alert.condition);
    const contract = alertContract(alert.condition);
    const o: Observation = { tradingDay };
    if (need.underlyingDay) Object.assign(o, (await dayOf(alertUnderlying(alert.condition))) ?? {});
    if (need.contractMark && contract) o.mark = await markOf(contract);
    if (need.position && contract) o.position = (await positionsOf(userId)).get(contract) ?? null;
    return o;
  };

  const report: EvaluationReport = { evaluated: alerts.length, fired: [], duplicates: 0, unsettled: 0 };
  /** The firing of an alert whose condition holds on the observation and which may fire, else null. */
  const firingOf = async (userId: string, alert: Alert, observation: Observation): Promise<Firing | null> => {
    const decision = decideFiring(alert, evaluateCondition(alert.condition, observation), tradingDay);
    if (!decision.fire) return null;
    const text = notificationText(alert.condition, decision.observed, tradingDay);
    const notification: AppNotification = {
      id: deps.ids.newId(),
      alertId: alert.id,
      tradingDay,
      ...text,
      createdAt: deps.clock.now().toISOString(),
      readAt: null,
    };
    const announce = (await wantsMail(userId))
      ? domainEvent('AlertFired', { userId, alertId: alert.id, notificationId: notification.id, tradingDay, at: notification.createdAt }, deps.ids.newId())
      : undefined;
    return { key: decision.key, next: decision.next, expectedFiredCount: alert.firedCount, notification, announce };
  };

  /** Fires one alert, deciding it again on its stored state after a lost race (MAX_REDECIDE tries). */
  const fireOne = async (userId: string, alert: Alert, observation: Observation, first: Firing): Promise<void> => {
    let firing: Firing | null = first;
    for (let attempt = 0; firing && attempt < MAX_REDECIDE; attempt++) {
      const written = await deps.repo.fire(userId, firing);
      if (written === 'ok') {
        report.fired.push({ userId, notification: firing.notification });
        return;
      }
      if (written === 'duplicate') {
        report.duplicates++;
        return;
      }
      await deps.backoff?.(attempt);
      const current = await deps.repo.getAlert(userId, alert.id);
      firing = current && (await firingOf(userId, current, observation));
      if (!current || !firing) return;
    }
    report.unsettled++;
  };

  /**
   * A learner's alerts: each decided on the day's figures, and those that fire written together, MAX_FIRINGS_TOGETHER
   * to a transaction (one write instead of one each); a group the table refuses (a redelivery, or a change the learner
   * made at that moment) is fired one by one, which tells the duplicates from the conflicts.
   */
  const decideLearner = async (own: { userId: string; alert: Alert }[]): Promise<void> => {
    const firings: { alert: Alert; observation: Observation; firing: Firing }[] = [];
    for (const { userId, alert } of own) {
      const observation = await observe(userId, alert);
      const firing = await firingOf(userId, alert, observation);
      if (firing) firings.push({ alert, observation, firing });
    }
    const userId = own[0]!.userId;
    for (let k = 0; k < firings.length; k += MAX_FIRINGS_TOGETHER) {
      const group = firings.slice(k, k + MAX_FIRINGS_TOGETHER);
      if (
        group.length > 1 &&
        (await deps.repo.fireTogether(
          userId,
          group.map((g) => g.firing),
        ))
      ) {
        for (const g of group) report.fired.push({ userId, notification: g.firing.notification });
        continue;
      }
      for (const g of group) await fireOne(userId, g.alert, g.observation, g.firing);
    }
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
    for (let own = queue.shift(); own; own = queue.shift()) await decideLearner(own);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
  return report;
}
