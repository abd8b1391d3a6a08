import { createHmac } from 'node:crypto';
import { makeSignedToken, verifySignedToken } from '../crypto/signed-token';

/**
 * The `state` the Kite login carries through Kite and back to the callback (in `redirect_params`, which Kite returns
 * on the redirect: Kite Connect v3 docs, "User"): it names the operator who started the login, is good for one purpose
 * and ten minutes, and is signed (functions/adapters/crypto/signed-token.ts), so nobody can send a request token of
 * their own to the callback and have it stored as the product's session. The key is derived from the Kite API secret
 * (HMAC of a fixed label), which only the server holds: no further secret is needed, and a changed API secret voids
 * the logins under way.
 */
export const KITE_LOGIN_PURPOSE = 'kite-login';
/** How long a started login may take: the operator signs in at Kite (password and 2FA) within it. */
export const KITE_LOGIN_STATE_TTL_MS = 10 * 60_000;

const stateKey = (apiSecret: string): string => createHmac('sha256', apiSecret).update('options-academy kite-login state').digest('base64url');

export function makeKiteLoginState(apiSecret: string, adminSub: string, nowMs: number): string {
  return makeSignedToken(stateKey(apiSecret), { sub: adminSub, purpose: KITE_LOGIN_PURPOSE, exp: nowMs + KITE_LOGIN_STATE_TTL_MS });
}

/** The operator a state names, when it is signed, for the Kite login, and not expired; else null. */
export function verifyKiteLoginState(apiSecret: string, state: string, nowMs: number): { sub: string } | null {
  const body = verifySignedToken(stateKey(apiSecret), state);
  if (!body || body.purpose !== KITE_LOGIN_PURPOSE || typeof body.sub !== 'string' || body.sub === '') return null;
  if (typeof body.exp !== 'number' || body.exp <= nowMs) return null;
  return { sub: body.sub };
}
