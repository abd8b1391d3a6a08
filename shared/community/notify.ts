import { z } from 'zod';
import type { Clock } from '../ports/clock.port';

/**
 * The coming-soon page's notify-me list for Indian-market live trading. The spec's form sends
 * nothing; this product stores an address only when the visitor ticks the consent box, and keeps
 * the wording they agreed to and when.
 */
export const NOTIFY_LIST_INDIA = 'INDIA';

export const NOTIFY_CONSENT_TEXT = 'Email me once when live trading for Indian markets launches. Options Academy keeps this address for that one message only.';

export const NOTIFY_MESSAGES = {
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address.',
  consentRequired: 'Tick the consent box so we may keep your address.',
} as const;

/** RFC 5321 caps an address at 254 characters; the cap also bounds what a caller can store. */
export const EMAIL_MAX_LENGTH = 254;

/** Lower-cased and trimmed, so the same person signing up twice is one entry. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export const NotifyBody = z.object({
  email: z
    .string({ error: NOTIFY_MESSAGES.emailRequired })
    .meta({ description: 'An email address; spaces around it are trimmed and it is lower-cased', examples: ['learner@example.com'] })
    .transform(normaliseEmail)
    .pipe(z.string().min(1, NOTIFY_MESSAGES.emailRequired).max(EMAIL_MAX_LENGTH, NOTIFY_MESSAGES.emailInvalid).pipe(z.email(NOTIFY_MESSAGES.emailInvalid))),
  consent: z.literal(true, { error: NOTIFY_MESSAGES.consentRequired }),
});
export type NotifyInput = z.infer<typeof NotifyBody>;

export interface NotifySubscription {
  list: string;
  email: string;
  consentText: string;
  /** When the address was first given; a repeat keeps it. */
  consentedAt: string;
  updatedAt: string;
}

export interface NotifyRepository {
  /** Idempotent: a repeat refreshes `updatedAt` and keeps the first `consentedAt`. */
  upsert(entry: NotifySubscription): Promise<void>;
}

export async function subscribeToLaunch(deps: { notify: NotifyRepository; clock: Clock }, input: NotifyInput, list = NOTIFY_LIST_INDIA): Promise<void> {
  const now = deps.clock.now().toISOString();
  await deps.notify.upsert({ list, email: input.email, consentText: NOTIFY_CONSENT_TEXT, consentedAt: now, updatedAt: now });
}
