import { makeSignedToken, verifySignedToken } from '../crypto/signed-token';

/**
 * The unsubscribe link's token: it names the learner and one purpose, and is signed with HMAC-SHA256 under a secret
 * the caller gives (a deployment secret, like the simulation's), so it works without signing in and cannot be made for
 * another learner or used for anything else. `<payload>.<signature>`, both base64url (functions/adapters/crypto/
 * signed-token.ts); the payload is JSON `{ sub, purpose }`. It does not expire: an unsubscribe link in an old e-mail
 * must still work (it can only turn e-mails off).
 */
export const UNSUBSCRIBE_PURPOSE = 'alert-email-off';
export type TokenPurpose = typeof UNSUBSCRIBE_PURPOSE;

export function makeUnsubscribeToken(secret: string, sub: string, purpose: TokenPurpose = UNSUBSCRIBE_PURPOSE): string {
  return makeSignedToken(secret, { sub, purpose });
}

/** The learner a token names, if its signature holds and its purpose is the one asked for; null otherwise. */
export function verifyUnsubscribeToken(secret: string, token: string, purpose: TokenPurpose = UNSUBSCRIBE_PURPOSE): { sub: string } | null {
  const body = verifySignedToken(secret, token);
  return body && typeof body.sub === 'string' && body.sub !== '' && body.purpose === purpose ? { sub: body.sub } : null;
}
