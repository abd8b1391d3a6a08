import type { AlertsRepository } from '@shared/alerts/alerts.port';
import { sendAlertEmails, type AlertMailDeps } from '@shared/alerts/use-cases/send-alert-emails';
import { eventHandler, type EventReceipts } from '../commons/event-handler';
import { logger } from '../commons/powertools';
import { alertEmailConsumerDeps } from '../wiring/alerts';

/**
 * `AlertFired`: the e-mail of one fired alert, to a learner who turned alert e-mails on (when a mailer is configured:
 * SES in AWS, the file stand-in locally). The event is written in the same transaction as the notification, so an
 * e-mail is owed exactly when a notification was written. Each is sent once: its send record is written before the
 * send, conditional on not existing, so a redelivery sends nothing more. A send that fails after its record is logged
 * and not retried (at most one e-mail; the notification in the app says the same). The learner's choice is read again
 * here, so one who turned e-mails off meanwhile gets none.
 */
export const makeSendAlertEmail = (deps: { mail: AlertMailDeps | null; notes: Pick<AlertsRepository, 'getNotification'>; receipts: EventReceipts }) =>
  eventHandler({ consumer: 'sendAlertEmail', types: ['AlertFired'], receipts: deps.receipts }, async (event) => {
    if (!deps.mail) return;
    const { userId, notificationId } = event.detail;
    // Gone only when it expired (90 days) or the account was deleted: nothing to tell then.
    const notification = await deps.notes.getNotification(userId, notificationId);
    if (!notification) return;
    const mailed = await sendAlertEmails(deps.mail, [{ userId, notification }]);
    for (const f of mailed.failed) logger.error('Alert e-mail not sent (its record is kept: not retried)', { alertId: f.alertId, error: f.error });
    logger.info('Alert e-mail', { sent: mailed.sent, skipped: mailed.skipped, duplicates: mailed.duplicates, failed: mailed.failed.length });
  });

export const handler = makeSendAlertEmail(alertEmailConsumerDeps());
