import type { AlertsRepository } from '../alerts.port';
import type { AlertMailLinks, Mailer, MailRecipients } from '../mail.port';
import { alertEmail } from '../messages';
import type { AppNotification } from '../notification';

/** What e-mailing the fired alerts needs: the learner's choice and the send records, the address, the mailer, the links. */
export interface AlertMailDeps {
  repo: Pick<AlertsRepository, 'getEmailOn' | 'claimEmail'>;
  recipients: MailRecipients;
  mailer: Mailer;
  links: AlertMailLinks;
}

export interface MailReport {
  sent: number;
  /** The learner has e-mails off, or no confirmed address. */
  skipped: number;
  /** The send record existed: this alert's e-mail for this trading day went (or was attempted) before. */
  duplicates: number;
  /** Sends that failed after their record was written: not retried (see below). */
  failed: { userId: string; alertId: string; error: string }[];
}

/**
 * After the notifications are written, each learner who turned alert e-mails on in Settings gets one e-mail per fired
 * alert, at their confirmed address. Idempotent per alert and trading day like the notification: the send record is
 * written with a condition (it must not exist) before the send, so a redelivered event or a second run sends nothing.
 * A send that fails after its record is not retried (at most one e-mail, never two): the notification in the app still
 * says what happened, and the failure is reported for the log.
 */
export async function sendAlertEmails(deps: AlertMailDeps, fired: readonly { userId: string; notification: AppNotification }[]): Promise<MailReport> {
  const report: MailReport = { sent: 0, skipped: 0, duplicates: 0, failed: [] };
  const wants = new Map<string, Promise<string | null>>();
  const addressOf = (userId: string) =>
    wants.get(userId) ??
    wants
      .set(
        userId,
        deps.repo.getEmailOn(userId).then((on) => (on ? deps.recipients.verifiedEmail(userId) : null)),
      )
      .get(userId)!;

  for (const { userId, notification } of fired) {
    const to = await addressOf(userId);
    if (!to) {
      report.skipped++;
      continue;
    }
    if ((await deps.repo.claimEmail(userId, `${notification.alertId}#${notification.tradingDay}`, notification.createdAt)) === 'duplicate') {
      report.duplicates++;
      continue;
    }
    try {
      const unsubscribe = await deps.links.unsubscribeUrls(userId);
      const email = alertEmail(notification, deps.links.siteUrl(), unsubscribe.page);
      await deps.mailer.send({ to, ...email, unsubscribeUrl: unsubscribe.oneClick });
      report.sent++;
    } catch (err) {
      report.failed.push({ userId, alertId: notification.alertId, error: err instanceof Error ? err.message : String(err) });
    }
  }
  return report;
}
