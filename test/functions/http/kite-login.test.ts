import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SecretStore } from '@shared/ports/secret-store.port';
import { KITE_LOGIN_STATE_REFUSED } from '@shared/market/india/kite-login.api';
import type { Event } from '../../../functions/commons/http';
import { logger } from '../../../functions/commons/powertools';
import { kiteClient } from '../../../functions/adapters/kite/kite-client';
import { makeKiteLoginState } from '../../../functions/adapters/kite/kite-login-state';
import { kiteSessionStore } from '../../../functions/adapters/secrets/kite-session-store';
import { kiteSecretName, kiteSessionSecretName } from '../../../functions/adapters/secrets/secret-names';
import { makeKiteLoginHandler } from '../../../functions/http/kite-login';
import type { RunningKiteStandin } from '../../../local/kite-standin';
import { KITE_KEY, KITE_NOW, KITE_SECRET, startTestKiteStandin } from '../../support/kite-standin';

const PREFIX = 'options-academy/test';
const OPERATOR = { sub: 'op-1', email: 'op@example.com', 'cognito:groups': '[admin]' };
const LEARNER = { sub: 'learner-1', email: 'ada@example.com' };
const groups = { groupsOf: async (sub: string) => (sub === 'op-1' ? ['admin'] : []) };

function memorySecrets(initial: Record<string, string> = {}): SecretStore & { values: Map<string, string> } {
  const values = new Map(Object.entries(initial));
  return {
    values,
    put: async (name, value) => void values.set(name, value),
    get: async (name) => values.get(name) ?? null,
    delete: async (name) => void values.delete(name),
  };
}

let standin: RunningKiteStandin;
beforeAll(async () => {
  standin = await startTestKiteStandin({ redirectUrl: 'http://localhost:3000/api/kite/callback' });
});
afterAll(() => standin.close());
afterEach(() => vi.restoreAllMocks());

function setUp(opts: { apiSecret?: string; keys?: string | null; now?: () => Date } = {}) {
  const keys = opts.keys === undefined ? JSON.stringify({ apiKey: KITE_KEY, apiSecret: opts.apiSecret ?? KITE_SECRET }) : opts.keys;
  const secrets = memorySecrets(keys === null ? {} : { [kiteSecretName(PREFIX)]: keys });
  let now = opts.now ?? (() => KITE_NOW);
  const handler = makeKiteLoginHandler({
    store: kiteSessionStore({ secrets, prefix: PREFIX }),
    kite: (apiKey) => kiteClient({ apiKey, baseUrl: standin.url }),
    loginPage: `${standin.url}/connect/login`,
    standIn: true,
    now: () => now(),
    groups,
  });
  const call = async (routeKey: string, claims: Record<string, string> | null, query?: Record<string, string>) => {
    const res = await handler({
      routeKey,
      headers: {},
      queryStringParameters: query,
      requestContext: { requestId: 'r', ...(claims ? { authorizer: { jwt: { claims } } } : {}) },
    } as unknown as Event);
    return {
      status: res.statusCode,
      location: res.headers?.location as string | undefined,
      text: res.body ?? '',
      body: res.body ? JSON.parse(res.body) : undefined,
    };
  };
  return { secrets, call, setNow: (f: () => Date) => (now = f) };
}

/** What Kite's login page does with the URL the POST answered: the browser lands on the callback with these parameters. */
async function throughKiteLogin(loginUrl: string): Promise<Record<string, string>> {
  const res = await fetch(loginUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const to = new URL(res.headers.get('location')!);
  expect(to.pathname).toBe('/api/kite/callback');
  return Object.fromEntries(to.searchParams);
}

describe('the Kite login, start to finish against the stand-in', () => {
  it('login URL → Kite login → callback → session kept → status says its expiry, never its token', async () => {
    const logged = [vi.spyOn(logger, 'info'), vi.spyOn(logger, 'warn'), vi.spyOn(logger, 'error')];
    const { secrets, call } = setUp();
    const before = await call('GET /api/admin/kite', OPERATOR);
    expect(before.body).toEqual({ configured: true, standIn: true, session: null, message: null });

    const started = await call('POST /api/admin/kite/login', OPERATOR);
    expect(started.status).toBe(200);
    const loginUrl = new URL(started.body.loginUrl);
    expect(`${loginUrl.origin}${loginUrl.pathname}`).toBe(`${standin.url}/connect/login`);
    expect(loginUrl.searchParams.get('v')).toBe('3');
    expect(loginUrl.searchParams.get('api_key')).toBe(KITE_KEY);
    expect(new URLSearchParams(loginUrl.searchParams.get('redirect_params')!).get('state')).toBeTruthy();

    const back = await throughKiteLogin(started.body.loginUrl);
    expect(back.status).toBe('success');
    const done = await call('GET /api/kite/callback', null, back);
    expect(done.status).toBe(302);
    expect(done.location).toBe('/app/config?kite=connected');

    const stored = JSON.parse(secrets.values.get(kiteSessionSecretName(PREFIX))!);
    // Logged in Monday 30 November 2026 at 10:30 in Mumbai: the session ends Tuesday 06:00 there (00:30 UTC).
    expect(stored.expiresAt).toBe('2026-12-01T00:30:00.000Z');
    expect(stored.createdAt).toBe(KITE_NOW.toISOString());
    // The kept token is the one Kite issued: Kite answers a data call made with it.
    const ltp = await kiteClient({ apiKey: KITE_KEY, baseUrl: standin.url, accessToken: stored.accessToken }).ltp(['NSE:NIFTY 50']);
    expect(ltp.ok).toBe(true);

    const after = await call('GET /api/admin/kite', OPERATOR);
    expect(after.body.session).toEqual({ expiresAt: '2026-12-01T00:30:00.000Z', createdAt: KITE_NOW.toISOString(), kiteUserId: stored.kiteUserId, live: true });
    expect(after.text).not.toContain(stored.accessToken);
    expect(done.text + (done.location ?? '')).not.toContain(stored.accessToken);
    for (const spy of logged) expect(JSON.stringify(spy.mock.calls)).not.toContain(stored.accessToken);
  });

  it('says the session has ended once its expiry passed', async () => {
    const { call, setNow } = setUp();
    const started = await call('POST /api/admin/kite/login', OPERATOR);
    await call('GET /api/kite/callback', null, await throughKiteLogin(started.body.loginUrl));
    setNow(() => new Date('2026-12-01T00:31:00Z'));
    expect((await call('GET /api/admin/kite', OPERATOR)).body.session.live).toBe(false);
  });

  it('refuses a forged state, an old one and none, without calling Kite or keeping anything', async () => {
    const { secrets, call, setNow } = setUp();
    const requestToken = standin.issueRequestToken();
    const forged = makeKiteLoginState('not-the-api-secret', 'op-1', KITE_NOW.getTime());
    const queries: Record<string, string>[] = [
      { request_token: requestToken, status: 'success', state: forged },
      { request_token: requestToken, status: 'success' },
    ];
    for (const query of queries) {
      const res = await call('GET /api/kite/callback', null, query);
      expect(res.status).toBe(302);
      expect(new URLSearchParams(res.location!.split('?')[1]).get('reason')).toBe(KITE_LOGIN_STATE_REFUSED);
    }
    const started = await call('POST /api/admin/kite/login', OPERATOR);
    const back = await throughKiteLogin(started.body.loginUrl);
    setNow(() => new Date(KITE_NOW.getTime() + 11 * 60_000));
    const late = await call('GET /api/kite/callback', null, back);
    expect(late.location).toBe(`/app/config?${new URLSearchParams({ kite: 'failed', reason: KITE_LOGIN_STATE_REFUSED })}`);
    expect(secrets.values.has(kiteSessionSecretName(PREFIX))).toBe(false);
  });

  it("passes on Kite's own message when the exchange fails (a wrong API secret's checksum)", async () => {
    const { secrets, call } = setUp({ apiSecret: 'a-wrong-api-secret' });
    const started = await call('POST /api/admin/kite/login', OPERATOR);
    const res = await call('GET /api/kite/callback', null, await throughKiteLogin(started.body.loginUrl));
    expect(res.location).toBe(`/app/config?${new URLSearchParams({ kite: 'failed', reason: 'Invalid `checksum`.' })}`);
    expect(secrets.values.has(kiteSessionSecretName(PREFIX))).toBe(false);
  });

  it("says 'Failed to generate session' when Kite's redirect carries no login", async () => {
    const { call } = setUp();
    const started = await call('POST /api/admin/kite/login', OPERATOR);
    const back = await throughKiteLogin(started.body.loginUrl);
    const res = await call('GET /api/kite/callback', null, { ...back, status: 'cancelled', request_token: '' });
    expect(res.location).toBe('/app/config?kite=failed&reason=Failed+to+generate+session');
  });
});

describe('without keys', () => {
  for (const [what, keys] of [
    ['no secret', null],
    ['placeholder keys', JSON.stringify({ apiKey: 'your_api_key', apiSecret: 'placeholder' })],
  ] as const) {
    it(`says 'Zerodha API not configured' with ${what}, and starts no login`, async () => {
      const { call } = setUp({ keys });
      expect((await call('GET /api/admin/kite', OPERATOR)).body).toEqual({
        configured: false,
        standIn: true,
        session: null,
        message: 'Zerodha API not configured',
      });
      const login = await call('POST /api/admin/kite/login', OPERATOR);
      expect(login.status).toBe(503);
      expect(login.body.error).toBe('Zerodha API not configured');
    });
  }

  it('keeps the operator routes to operators', async () => {
    const { call } = setUp();
    expect((await call('GET /api/admin/kite', LEARNER)).status).toBe(403);
    expect((await call('POST /api/admin/kite/login', LEARNER)).status).toBe(403);
    expect((await call('POST /api/admin/kite/login', null)).status).toBe(401);
  });
});
