import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The unsubscribe link's token: it names the learner and one purpose, and is signed with HMAC-SHA256 under a secret
 * the caller gives (a deployment secret, like the simulation's), so it works without signing in and cannot be made for
 * another learner or used for anything else. `<payload>.<signature>`, both base64url; the payload is JSON
 * `{ sub, purpose }`. It does not expire: an unsubscribe link in an old e-mail must still work (it can only turn
 * e-mails off).
 */
export const UNSUBSCRIBE_PURPOSE = 'alert-email-off';
export type TokenPurpose = typeof UNSUBSCRIBE_PURPOSE;

const sign = (secret: string, payload: string): Buffer => createHmac('sha256', secret).update(payload).digest();

export function makeUnsubscribeToken(secret: string, sub: string, purpose: TokenPurpose = UNSUBSCRIBE_PURPOSE): string {
  const payload = Buffer.from(JSON.stringify({ sub, purpose }), 'utf8').toString('base64url');
  return `${payload}.${sign(secret, payload).toString('base64url')}`;
}

/** The learner a token names, if its signature holds and its purpose is the one asked for; null otherwise. */
export function verifyUnsubscribeToken(secret: string, token: string, purpose: TokenPurpose = UNSUBSCRIBE_PURPOSE): { sub: string } | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = sign(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown; purpose?: unknown };
    return typeof body.sub === 'string' && body.sub !== '' && body.purpose === purpose ? { sub: body.sub } : null;
  } catch {
    return null;
  }
}
