import { z } from 'zod';
import type { Clock } from '../ports/clock.port';
import { fail, ok, type Result } from '../result';

/**
 * The coming-soon page's notify-me list for Indian-market live trading. The spec's form sends nothing; this product
 * keeps an address only for a signed-in learner who asks, and it is the verified address of their account, taken from
 * the token (issue 16, 9): nobody can put a third party's address on the list, and a script cannot fill it.
 * The wording they agreed to is kept with it, and when.
 */
export const NOTIFY_LIST_INDIA = 'INDIA';

export const NOTIFY_CONSENT_TEXT = 'Email me once when live trading for Indian markets launches. Options Academy keeps this address for that one message only.';

export const NOTIFY_MESSAGES = {
  consentRequired: 'Consent is required: we keep your address only when you agree to it.',
  noVerifiedEmail: 'Confirm the email address of your account first: we only write to an address you have confirmed.',
} as const;

/** No address here: it comes from the learner's token, never from the request. */
export const NotifyBody = z.strictObject({
  consent: z.literal(true, { error: NOTIFY_MESSAGES.consentRequired }),
});
export type NotifyInput = z.infer<typeof NotifyBody>;

/** Lower-cased and trimmed, so the same person asking twice is one entry. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export interface NotifySubscription {
  list: string;
  email: string;
  /** The learner who asked. */
  userId: string;
  consentText: string;
  /** When the address was first given; a repeat keeps it. */
  consentedAt: string;
  updatedAt: string;
}

export interface NotifyRepository {
  /** Idempotent: a repeat refreshes `updatedAt` and keeps the first `consentedAt`. */
  upsert(entry: NotifySubscription): Promise<void>;
}

/** The signed-in learner as the verified token describes them. */
export interface NotifyLearner {
  userId: string;
  email?: string;
  emailVerified: boolean;
}

export async function subscribeToLaunch(
  deps: { notify: NotifyRepository; clock: Clock },
  learner: NotifyLearner,
  list = NOTIFY_LIST_INDIA,
): Promise<Result<{ email: string }>> {
  const email = normaliseEmail(learner.email ?? '');
  if (!email || !learner.emailVerified) return fail('unprocessable', NOTIFY_MESSAGES.noVerifiedEmail);
  const now = deps.clock.now().toISOString();
  await deps.notify.upsert({ list, email, userId: learner.userId, consentText: NOTIFY_CONSENT_TEXT, consentedAt: now, updatedAt: now });
  return ok({ email });
}
