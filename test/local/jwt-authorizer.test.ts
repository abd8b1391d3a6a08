import { createSign, generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createJwtAuthorizer } from '../../local/jwt-authorizer';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' };
const b64 = (x: unknown) => Buffer.from(JSON.stringify(x)).toString('base64url');
function sign(payload: Record<string, unknown>) {
  const head = `${b64({ alg: 'RS256', kid: 'k1', typ: 'JWT' })}.${b64(payload)}`;
  return `${head}.${createSign('RSA-SHA256').update(head).sign(privateKey).toString('base64url')}`;
}

describe('the local JWT authorizer', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((_req, res) => res.end(JSON.stringify({ keys: [jwk] })));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  afterEach(() => vi.useRealTimers());

  const authorizer = () => createJwtAuthorizer({ issuer: 'https://issuer.test', jwksUri: `${base}/jwks.json`, clientId: 'client-1' });
  const now = () => Math.floor(Date.now() / 1000);
  const token = (extra: Record<string, unknown> = {}) =>
    sign({ iss: 'https://issuer.test', aud: 'client-1', sub: 'user-1', token_use: 'id', iat: now(), exp: now() + 60, ...extra });

  it('accepts a valid token again and again, and refuses it once it has expired, though it was accepted before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const authorize = authorizer();
    const t = token();
    expect((await authorize(`Bearer ${t}`))?.sub).toBe('user-1');
    expect((await authorize(`Bearer ${t}`))?.sub).toBe('user-1');
    vi.setSystemTime(Date.now() + 61_000);
    expect(await authorize(`Bearer ${t}`)).toBeNull();
  });

  it('refuses a token for another app client, another issuer, or with a forged signature', async () => {
    const authorize = authorizer();
    expect(await authorize(`Bearer ${token({ aud: 'someone-else' })}`)).toBeNull();
    expect(await authorize(`Bearer ${token({ iss: 'https://evil.test' })}`)).toBeNull();
    const [head, , sig] = token().split('.');
    expect(await authorize(`Bearer ${head}.${b64({ iss: 'https://issuer.test', aud: 'client-1', sub: 'admin', exp: now() + 60 })}.${sig}`)).toBeNull();
    expect(await authorize(undefined)).toBeNull();
  });
});
