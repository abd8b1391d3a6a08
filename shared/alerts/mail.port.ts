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
  /** The one-click unsubscribe route (RFC 8058: List-Unsubscribe and List-Unsubscribe-Post headers). */
  unsubscribeUrl: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Where a learner reads mail: the address of their account as the user pool keeps it, and only once they confirmed it
 * (null otherwise, or for a learner no longer in the pool). Never taken from an event or a request. Adapter:
 * functions/adapters/cognito/verified-email.ts.
 */
export interface MailRecipients {
  verifiedEmail(userId: string): Promise<string | null>;
}

/**
 * The links an alert e-mail carries: the site's origin, and the learner's signed unsubscribe links: `page`, the public
 * page the body links to, and `oneClick`, the route a mail client posts to (RFC 8058).
 */
export interface AlertMailLinks {
  siteUrl(): string;
  unsubscribeUrls(userId: string): Promise<{ page: string; oneClick: string }>;
}

/** The learner an unsubscribe link's token names, or null for one malformed, tampered with or made for another purpose. */
export interface UnsubscribeTokens {
  learnerOf(token: string): Promise<string | null>;
}
