import path from 'node:path';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { ulid } from 'ulid';
import type { Mailer } from '@shared/alerts/mail.port';
import type { AlertMailDeps } from '@shared/alerts/use-cases/send-alert-emails';
import type { UnsubscribeDeps } from '@shared/alerts/use-cases/unsubscribe';
import { jitteredBackoff } from '@shared/backoff';
import type { AlertsDeps, EvaluateDeps } from '@shared/alerts/use-cases/deps';
import { dynamoAlertsRepository } from '../adapters/dynamo/alerts-repository';
import { dynamoEventReceipts } from '../adapters/dynamo/event-receipts';
import { dynamoPaperAccountRepository } from '../adapters/dynamo/paper-account-repository';
import { dynamoSummaryStore } from '../adapters/dynamo/summary-repository';
import { storedAlertFigures } from '../adapters/market/alert-figures';
import { marketQuoteSource } from '../adapters/market/quote-source';
import { cognitoVerifiedEmail } from '../adapters/cognito/verified-email';
import { fileMailer, type StoredMail } from '../adapters/mail/file-mailer';
import { MAIL_ENV } from '../adapters/mail/mail-env';
import { sesMailer } from '../adapters/mail/ses-mailer';
import { learnerOfToken, unsubscribeKey, unsubscribeLinks } from '../adapters/mail/unsubscribe-links';
import { unsubscribeSecretName } from '../adapters/secrets/secret-names';
import { secretsManagerSecretStore } from '../adapters/secrets/secret-store';
import { sleep, systemClock } from '../commons/clock';
import { traced } from '../commons/powertools';
import { marketDeps } from './market';

/** The composition root of alerts and notifications: the learner's items in the one table. */
export function alertsDeps(): AlertsDeps {
  return { repo: dynamoAlertsRepository(), clock: systemClock, ids: { newId: () => ulid() }, backoff: jitteredBackoff(sleep) };
}

/** The alerts' consumer of ChainIngested: the alerts, the stored figures, the market's status for the trading day. */
export function evaluateAlertsConsumerDeps() {
  const market = marketDeps();
  const evaluate: EvaluateDeps = {
    ...alertsDeps(),
    figures: storedAlertFigures({
      summaries: dynamoSummaryStore(),
      quotes: marketQuoteSource(market.reader, market.clock),
      paper: dynamoPaperAccountRepository(),
    }),
  };
  return { evaluate, market: market.store, receipts: dynamoEventReceipts() };
}

/** The consumer of AlertFired: the fired alert's notification, and what e-mailing it needs. */
export function alertEmailConsumerDeps() {
  return { mail: alertMailDeps(), notes: dynamoAlertsRepository(), receipts: dynamoEventReceipts() };
}

/** The unsubscribe links' key, from the stage's secret (SECRET_PREFIX), read once per warm function. */
export const unsubscribeKeyFromEnv = () =>
  unsubscribeKey({
    secretName: process.env.SECRET_PREFIX ? unsubscribeSecretName(process.env.SECRET_PREFIX) : undefined,
    secrets: () => secretsManagerSecretStore(),
  });

/**
 * The mailer the environment names (functions/adapters/mail/mail-env.ts): the local stand-in's folder, else SES with the
 * sending identity and configuration set, else none (then no e-mail is sent; the notifications still are).
 */
export type ChosenMailer = (Mailer & { kind: 'file'; list(limit?: number): Promise<StoredMail[]> }) | (Mailer & { kind: 'ses' });

export function mailerFromEnv(env: NodeJS.ProcessEnv = process.env): ChosenMailer | null {
  const dir = env[MAIL_ENV.dir];
  if (dir) return { kind: 'file', ...fileMailer(path.resolve(dir), { now: () => systemClock.now(), newId: () => ulid() }) };
  const from = env[MAIL_ENV.from];
  const configurationSet = env[MAIL_ENV.configurationSet];
  if (from && configurationSet) return { kind: 'ses', ...sesMailer(traced(new SESv2Client({})), { from, configurationSet }) };
  return null;
}

/** E-mailing fired alerts: the learner's choice and send records, their confirmed address in the pool, the mailer, the links. */
export function alertMailDeps(): AlertMailDeps | null {
  const mailer = mailerFromEnv();
  if (!mailer) return null;
  return {
    repo: dynamoAlertsRepository(),
    recipients: cognitoVerifiedEmail({ userPoolId: process.env.USER_POOL_ID }),
    mailer,
    links: unsubscribeLinks({ key: unsubscribeKeyFromEnv(), siteUrl: () => process.env[MAIL_ENV.siteUrl] ?? '' }),
  };
}

/** The public unsubscribe route: the e-mail choice, and the key that verifies the links' tokens. */
export function unsubscribeDeps(): UnsubscribeDeps {
  const key = unsubscribeKeyFromEnv();
  return { repo: dynamoAlertsRepository(), tokens: { learnerOf: (token) => learnerOfToken(key, token) } };
}
