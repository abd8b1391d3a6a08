import { evaluateAlerts } from '@shared/alerts/use-cases/evaluate-alerts';
import type { EvaluateDeps } from '@shared/alerts/use-cases/deps';
import { sendAlertEmails, type AlertMailDeps } from '@shared/alerts/use-cases/send-alert-emails';
import { tradingDayOnOrBefore } from '@shared/market/calendar';
import { newYorkDate } from '@shared/market/dates';
import type { MarketStore } from '@shared/market/market-store.port';
import { eventHandler, type EventReceipts } from '../commons/event-handler';
import { logger } from '../commons/powertools';
import { evaluateAlertsConsumerDeps } from '../wiring/alerts';

/**
 * `ChainIngested`: the learners' active alerts on the underlyings the run stored are checked on that trading day's close
 * (the session the run stored, else the trading day its end falls on). Idempotent per alert and trading day: each firing
 * writes its fired record with its notification in one conditional transaction, so a redelivery, even a simultaneous
 * one, writes nothing more.
 *
 * Then the fired alerts of learners who turned e-mails on are e-mailed (when a mailer is configured: SES in AWS, the
 * file stand-in locally), each once: its send record is written before the send, conditional on not existing. A send
 * that fails after its record is logged and not retried (the learner gets at most one e-mail, and the notification in
 * the app says the same); the event is not failed for it, since a retry would find every record written and send nothing.
 */
export const makeEvaluateAlerts = (deps: {
  evaluate: EvaluateDeps;
  mail: AlertMailDeps | null;
  market: Pick<MarketStore, 'getStatus'>;
  receipts: EventReceipts;
}) =>
  eventHandler({ consumer: 'evaluateAlerts', types: ['ChainIngested'], receipts: deps.receipts }, async (event) => {
    const failed = new Set(event.detail.failures.map((f) => f.underlying));
    const status = await deps.market.getStatus();
    const tradingDay = status?.session ?? tradingDayOnOrBefore(newYorkDate(event.detail.finishedAt));
    const report = await evaluateAlerts(deps.evaluate, { tradingDay, underlyings: event.detail.underlyings.filter((u) => !failed.has(u)) });
    logger.info('Alerts evaluated', {
      tradingDay,
      evaluated: report.evaluated,
      fired: report.fired.length,
      duplicates: report.duplicates,
      unsettled: report.unsettled,
    });
    if (deps.mail && report.fired.length > 0) {
      const mailed = await sendAlertEmails(deps.mail, report.fired);
      for (const f of mailed.failed) logger.error('Alert e-mail not sent (its record is kept: not retried)', { alertId: f.alertId, error: f.error });
      logger.info('Alert e-mails', { sent: mailed.sent, skipped: mailed.skipped, duplicates: mailed.duplicates, failed: mailed.failed.length });
    }
    // Thrown last, once this run's notifications and e-mails are out: the redelivery decides the unsettled alerts again.
    if (report.unsettled > 0) throw new Error(`${report.unsettled} alert(s) not decided: each changed by its learner at every try`);
  });

export const handler = makeEvaluateAlerts(evaluateAlertsConsumerDeps());
