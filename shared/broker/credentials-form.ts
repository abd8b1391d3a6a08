import { z } from 'zod';

/**
 * The brokerage credentials form (spec part 3 §5 "Credentials form", §9 key hint 20 and secret hint 32), one module for
 * the web form (issues as the learner types) and the server (the zod body below refuses what the form calls an error).
 * Every message is the spec's, word for word. Warnings and infos never block saving.
 */
export const BROKER_ENVIRONMENTS = ['paper', 'live'] as const;
export type BrokerEnvironment = (typeof BROKER_ENVIRONMENTS)[number];
export const DEFAULT_BROKER_ENVIRONMENT: BrokerEnvironment = 'paper';

export const KEY_LENGTH_HINT = 20;
export const SECRET_LENGTH_HINT = 32;
/** Far above any real key (Alpaca's are 20 and 40 characters): bounds what the server stores. */
export const KEY_MAX_LENGTH = 128;
export const SECRET_MAX_LENGTH = 256;

export const FORM_MESSAGES = {
  keyRequired: 'API Key is required',
  keyPrefix: 'API Key should start with PK (paper) or AK (live)',
  keyShort: 'API Key appears to be too short',
  secretRequired: 'API Secret is required',
  secretShort: 'API Secret appears to be too short',
  levelRange: 'Trading level must be between 0 and 3',
  levelZero: 'Level 0 means options trading is disabled on your account',
  live: 'You are setting up LIVE trading with real money',
} as const;

export type FormField = 'apiKey' | 'apiSecret' | 'optionsTradingLevel' | 'environment';
export interface FormIssue {
  field: FormField;
  message: string;
  severity: 'error' | 'warning' | 'info';
}

export interface CredentialsInput {
  environment: BrokerEnvironment;
  apiKey: string;
  apiSecret: string;
  optionsTradingLevel: number;
}

/** The form's issues for what the learner entered; `touched` limits them to the fields already left (on blur). */
export function credentialIssues(input: CredentialsInput, touched?: ReadonlySet<FormField>): FormIssue[] {
  const issues: FormIssue[] = [];
  const seen = (f: FormField) => !touched || touched.has(f);
  const key = input.apiKey.trim();
  const secret = input.apiSecret.trim();
  if (seen('apiKey')) {
    if (!key) issues.push({ field: 'apiKey', message: FORM_MESSAGES.keyRequired, severity: 'error' });
    else {
      if (!/^(PK|AK)/.test(key)) issues.push({ field: 'apiKey', message: FORM_MESSAGES.keyPrefix, severity: 'warning' });
      if (key.length < KEY_LENGTH_HINT) issues.push({ field: 'apiKey', message: FORM_MESSAGES.keyShort, severity: 'warning' });
    }
  }
  if (seen('apiSecret')) {
    if (!secret) issues.push({ field: 'apiSecret', message: FORM_MESSAGES.secretRequired, severity: 'error' });
    else if (secret.length < SECRET_LENGTH_HINT) issues.push({ field: 'apiSecret', message: FORM_MESSAGES.secretShort, severity: 'warning' });
  }
  const level = input.optionsTradingLevel;
  if (!Number.isInteger(level) || level < 0 || level > 3) issues.push({ field: 'optionsTradingLevel', message: FORM_MESSAGES.levelRange, severity: 'error' });
  else if (level === 0) issues.push({ field: 'optionsTradingLevel', message: FORM_MESSAGES.levelZero, severity: 'info' });
  if (input.environment === 'live') issues.push({ field: 'environment', message: FORM_MESSAGES.live, severity: 'warning' });
  return issues;
}

/** Save and Test Connection: disabled while busy, without key and secret, and (Save) while an error issue exists. */
export const canSave = (issues: readonly FormIssue[]): boolean => !issues.some((i) => i.severity === 'error');

/** The server's body for PUT /api/broker/{environment}/credentials: the form's errors, in the same words; warnings pass. */
export const CredentialsBody = z.object({
  apiKey: z
    .string({ error: FORM_MESSAGES.keyRequired })
    .min(1, FORM_MESSAGES.keyRequired)
    .max(KEY_MAX_LENGTH, `at most ${KEY_MAX_LENGTH} characters`)
    .regex(/^[A-Za-z0-9]*$/, 'letters and digits only'),
  apiSecret: z
    .string({ error: FORM_MESSAGES.secretRequired })
    .min(1, FORM_MESSAGES.secretRequired)
    .max(SECRET_MAX_LENGTH, `at most ${SECRET_MAX_LENGTH} characters`)
    .regex(/^[\x21-\x7e]*$/, 'printable characters without spaces only'),
  optionsTradingLevel: z
    .number({ error: FORM_MESSAGES.levelRange })
    .int(FORM_MESSAGES.levelRange)
    .min(0, FORM_MESSAGES.levelRange)
    .max(3, FORM_MESSAGES.levelRange),
});
export type CredentialsBody = z.infer<typeof CredentialsBody>;

/** The key id as the panel shows it once saved: its first two and last four characters, e.g. `PK…7QX2`. */
export function maskKeyId(apiKey: string): string {
  const key = apiKey.trim();
  if (key.length <= 8) return '…';
  return `${key.slice(0, 2)}…${key.slice(-4)}`;
}
