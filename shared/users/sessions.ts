import type { Clock } from '../ports/clock.port';
import type { UserPoolAdmin } from './privacy';

/**
 * Signing out everywhere (issue 32): Cognito's global sign-out revokes the refresh tokens, but an access or ID token
 * already issued stays valid for its 15 minutes, and API Gateway's JWT authorizer cannot know. So the sign-out also
 * writes a "signed out at" time on the learner, and every signed-in request made with a token issued before it is
 * refused (functions/commons/deleted-accounts.ts, the same per-learner check that refuses a deleted account's token).
 * A password change signs out everywhere too: whoever knew the old password may hold a token.
 */
export const SIGN_OUT_REASONS = ['sign_out_everywhere', 'password_changed'] as const;
export type SignOutReason = (typeof SIGN_OUT_REASONS)[number];

export interface SignOutStore {
  /** The latest sign-out everywhere of the learner, in epoch milliseconds, or null. */
  signedOutAt(userId: string): Promise<number | null>;
  /** Records a sign-out; an earlier time than the one kept changes nothing. */
  recordSignOut(userId: string, atMs: number, reason: SignOutReason): Promise<void>;
}

export interface SignOutDeps {
  pool: Pick<UserPoolAdmin, 'signOutEverywhere'>;
  store: SignOutStore;
  clock: Clock;
}

/**
 * Whether a token issued at `iat` (JWT seconds) was issued before the sign-out at `signedOutAtMs`. A token of the
 * sign-out's own second counts as before it (`iat` has no finer grain): a sign-in in that same second has to sign in
 * again, where the other way round a token issued just before the sign-out would stay valid. A token without `iat`
 * counts as issued before any sign-out.
 */
export function issuedBeforeSignOut(iat: number | undefined, signedOutAtMs: number | null): boolean {
  if (signedOutAtMs === null) return false;
  return iat === undefined || iat * 1000 <= signedOutAtMs;
}

/**
 * Signs the learner out everywhere: first the user pool revokes every refresh token, then the time is recorded. In
 * that order, a token refreshed before the revocation was issued before the recorded time and is refused; the other way
 * round, a refresh between the two would mint a token issued after the time, good for 15 minutes.
 */
export async function signOutEverywhere(deps: SignOutDeps, userId: string, reason: SignOutReason): Promise<{ signedOutAt: string }> {
  await deps.pool.signOutEverywhere(userId);
  const at = deps.clock.now().getTime();
  await deps.store.recordSignOut(userId, at, reason);
  return { signedOutAt: new Date(at).toISOString() };
}
