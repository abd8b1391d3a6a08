import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A small signed token: `<payload>.<signature>`, both base64url, the payload a JSON object and the signature its
 * HMAC-SHA256 under a secret the caller gives. Whoever lacks the secret can neither make one nor change one. Used by
 * the unsubscribe links of alert e-mails (functions/adapters/mail/unsubscribe-token.ts) and the Kite login's state
 * (functions/adapters/kite/kite-login-state.ts); each names its own purpose in the payload, so one cannot pass for the other.
 */
const sign = (secret: string, payload: string): Buffer => createHmac('sha256', secret).update(payload).digest();

export function makeSignedToken(secret: string, body: Record<string, unknown>): string {
  const payload = Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
  return `${payload}.${sign(secret, payload).toString('base64url')}`;
}

/** The token's payload when its signature holds (compared in constant time), else null; the caller checks its fields. */
export function verifySignedToken(secret: string, token: string): Record<string, unknown> | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = sign(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const body: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
