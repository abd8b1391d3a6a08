import { evaluateAlerts } from '@shared/alerts/use-cases/evaluate-alerts';
import type { EvaluateDeps } from '@shared/alerts/use-cases/deps';
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
 * A learner who turned alert e-mails on gets an `AlertFired` event with each firing, in the same transaction; its own
 * consumer (functions/events/send-alert-email.ts) sends the e-mail, so one that stops here after the notifications still
 * has its e-mails sent.
 */
export const makeEvaluateAlerts = (deps: { evaluate: EvaluateDeps; market: Pick<MarketStore, 'getStatus'>; receipts: EventReceipts }) =>
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
    // Thrown last, once this run's notifications are written: the redelivery decides the unsettled alerts again.
    if (report.unsettled > 0) throw new Error(`${report.unsettled} alert(s) not decided: each changed by its learner at every try`);
  });

export const handler = makeEvaluateAlerts(evaluateAlertsConsumerDeps());
