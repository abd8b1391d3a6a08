/**
 * Sending an e-mail (issue 37: alert e-mails). Adapters: Amazon SES v2 in AWS (functions/adapters/mail/ses-mailer.ts),
 * and locally a stand-in that writes each message to a file (functions/adapters/mail/file-mailer.ts), so the path is
 * tested without sending anything.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one-click unsubscribe link (RFC 8058: List-Unsubscribe and List-Unsubscribe-Post headers). */
  unsubscribeUrl: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
