/**
 * How a function learns where alert e-mails go, defined once for the CDK (infra/constructs/app-function.ts) and the
 * local stack (local/stack.ts): in AWS the sending identity and the SES configuration set; locally the stand-in's folder
 * instead. With neither, no e-mail is sent (the notifications still are written).
 */
export const MAIL_ENV = {
  /** The verified SES sending identity (an address), from the CDK context value `mailFrom`. */
  from: 'MAIL_FROM',
  /** The SES v2 configuration set every message goes through. */
  configurationSet: 'MAIL_CONFIGURATION_SET',
  /** The local stand-in's folder (`.data/mail/`): set only by the local stack. */
  dir: 'MAIL_DIR',
  /** The site's origin, for the links in the message (`https://…`, no trailing slash). */
  siteUrl: 'SITE_URL',
} as const;
