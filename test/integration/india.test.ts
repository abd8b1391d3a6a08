import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { INDIA_BADGE, type IndianChainView } from '@shared/market/india/india.api';
import { KITE_CONFIG_PATH, KITE_LOGIN_RESULT, type KiteStatus } from '@shared/market/india/kite-login.api';
import { kolkataParts } from '@shared/market/india/nse-calendar';
import { kiteMorningLogin, setStackClockOffset, signedInOperator } from '../support/india';
import { waitFor } from '../support/local-stack';

/**
 * Issue 38's feed end to end on the local stack: the Kite Connect stand-in `npm start` runs (local/kite-standin.ts, with
 * the keys the stack keeps in its Secrets Manager), the operator's morning login driven as a browser drives it (the
 * login URL, the stand-in's login page, Kite's redirect to the callback), then the Indian chain from Kite with IV and
 * Greeks solved on the server, and 'Demo Data Only' again once the session has expired.
 *
 * Any hour, any day: the stand-in quotes at all hours (its figures are a function of the time), the chain read for IV
 * and Greeks is of an expiry after today's Mumbai date (so never one expiring at today's close), and the expiry is
 * reached by moving the stack's business clock (POST /_local/clock), not by waiting for 06:00 in Mumbai.
 */
const stack = inject('stack');
const SESSION_SECRET = 'options-academy/local/kite-session';
const secrets = new SecretsManagerClient({ endpoint: stack.endpoints.aws, region: 'us-east-1', credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });

let operator: { authorization: string };
const chainOf = async (query: string) => {
  const res = await fetch(`${stack.url}/api/india/chain?${query}`);
  return { status: res.status, body: (await res.json()) as IndianChainView & { error?: string } };
};
const kiteStatus = async () => (await (await fetch(`${stack.url}/api/admin/kite`, { headers: operator })).json()) as KiteStatus;

/** The callback's redirect to /app/config and what it says. */
function configResult(res: Response): URLSearchParams {
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location')!, stack.url);
  expect(location.pathname).toBe(KITE_CONFIG_PATH);
  return location.searchParams;
}

beforeAll(async () => {
  operator = await signedInOperator(stack);
});

afterAll(async () => {
  await setStackClockOffset(stack, 0);
  // Leave the stack as a day later would find it: the session kept, expired (the other test files see the demo feed).
  const kept = await secrets.send(new GetSecretValueCommand({ SecretId: SESSION_SECRET })).catch(() => null);
  if (kept?.SecretString) {
    const session = JSON.parse(kept.SecretString) as Record<string, unknown>;
    await secrets.send(
      new PutSecretValueCommand({ SecretId: SESSION_SECRET, SecretString: JSON.stringify({ ...session, expiresAt: new Date(0).toISOString() }) }),
    );
  }
});

describe('the Zerodha Kite feed through the local stack', () => {
  let loginCallback = '';

  it("logs in the way the operator does each morning, and the Indian chain then says 'Zerodha Connected' with Kite's data", async () => {
    const before = await kiteStatus();
    expect(before).toMatchObject({ configured: true, standIn: true, message: null });
    expect(before.session?.live ?? false).toBe(false);

    // /app/config's button: the login URL, at the stand-in's login page, carrying the signed state; Kite's login page
    // sends the browser back to the registered redirect URL with a request token.
    const login = await kiteMorningLogin(stack, operator);
    expect(login.start.status).toBe(200);
    expect(login.loginUrl.startsWith(`${stack.endpoints.kite}/connect/login?`)).toBe(true);
    expect(login.kitePage.status).toBe(302);
    loginCallback = login.callback;
    expect(new URL(loginCallback).searchParams.get('request_token')).toMatch(/^[0-9a-f]{32}$/);
    const result = configResult(login.result);
    expect(result.get('kite')).toBe(KITE_LOGIN_RESULT.connected);

    const after = await kiteStatus();
    expect(after.session).toMatchObject({ live: true, kiteUserId: 'XX0000' });
    expect(JSON.stringify(after)).not.toMatch(/accessToken|access_token/);

    // The chain function reads the keys and the login at most 30 s old (functions/wiring/india.ts).
    const { body: chain } = await waitFor(
      () => chainOf('symbol=NIFTY'),
      (r) => r.status === 200 && r.body.feed.badge === INDIA_BADGE.connected,
      45_000,
      "the chain's first read of the new login",
    );
    expect(chain.feed).toMatchObject({ badge: 'Zerodha Connected', source: 'kite', standIn: true, sessionExpiresAt: after.session!.expiresAt });
    expect(chain).toMatchObject({ underlying: 'NIFTY', currency: 'INR', exercise: 'european', lotSize: 65 });
    expect(chain.expiry).toBe(chain.expiries[0]!.date);

    // IV and Greeks, solved on the server from Kite's quotes, on an expiry after today's date in Mumbai.
    const today = kolkataParts(new Date()).date;
    const later = chain.expiries.find((e) => e.date > today)!.date;
    const { status, body } = await waitFor(
      () => chainOf(`symbol=NIFTY&expiry=${later}`),
      (r) => r.status === 200,
      10_000,
      `the ${later} chain`,
    );
    expect(status).toBe(200);
    expect(body.feed.badge).toBe('Zerodha Connected');
    expect(body.expiry).toBe(later);
    const strikes = [...new Set(body.quotes.map((q) => q.strike))];
    expect(strikes.length).toBeGreaterThan(10);
    for (const strike of strikes)
      expect(
        body.quotes
          .filter((q) => q.strike === strike)
          .map((q) => q.type)
          .sort(),
      ).toEqual(['CE', 'PE']);
    for (const q of body.quotes) {
      expect(q.lotSize).toBe(65);
      expect(q.premiumPerLot).toBeCloseTo(q.mid * 65, 1);
    }
    // The four strikes nearest the spot (the expiry may be a day away, when a deep contract's mid sits at its intrinsic
    // value and has no IV): a volatility and Greeks each, calls' delta between 0 and 1, puts' between -1 and 0.
    const nearest = strikes.sort((a, b) => Math.abs(a - body.spot) - Math.abs(b - body.spot)).slice(0, 4);
    const near = body.quotes.filter((q) => nearest.includes(q.strike));
    expect(near).toHaveLength(8);
    for (const q of near) {
      expect(q.iv, q.tradingsymbol).toBeGreaterThan(0.01);
      expect(q.iv!).toBeLessThan(2);
      expect(q.greeks, q.tradingsymbol).not.toBeNull();
      if (q.type === 'CE') expect(q.greeks!.delta).toBeGreaterThan(0);
      else expect(q.greeks!.delta).toBeLessThan(0);
      expect(Math.abs(q.greeks!.delta)).toBeLessThan(1);
      expect(q.greeks!.gamma).toBeGreaterThan(0);
      expect(q.greeks!.vega).toBeGreaterThan(0);
    }
  }, 90_000);

  it("passes Kite's own message on to /app/config when the callback is opened again (a request token works once)", async () => {
    expect(loginCallback).not.toBe('');
    const result = configResult(await fetch(loginCallback, { redirect: 'manual' }));
    expect(result.get('kite')).toBe(KITE_LOGIN_RESULT.failed);
    // The stand-in's TokenException message, as Kite's API answers a spent request token.
    expect(result.get('reason')).toBe('Token is invalid or has expired.');
    // The live session is kept.
    expect((await kiteStatus()).session?.live).toBe(true);
  });

  it("falls back to 'Demo Data Only' with a chain and no error once the session has expired", async () => {
    const { session } = await kiteStatus();
    // The stack's clock a minute past the session's end (06:00 in Mumbai after the login).
    await setStackClockOffset(stack, Date.parse(session!.expiresAt) + 60_000 - Date.now());
    try {
      expect((await kiteStatus()).session?.live).toBe(false);
      const { status, body } = await waitFor(
        () => chainOf('symbol=NIFTY'),
        (r) => r.status === 200 && r.body.feed.badge === INDIA_BADGE.demo,
        45_000,
        "the chain's read of the expired session",
      );
      expect(status).toBe(200);
      expect(body.error).toBeUndefined();
      expect(body.feed).toMatchObject({ badge: 'Demo Data Only', source: 'simulated', standIn: false, sessionExpiresAt: null });
      expect(body.lotSize).toBe(65);
      expect(body.quotes.length).toBeGreaterThan(10);
      expect(body.quotes.some((q) => q.iv !== null && q.greeks !== null)).toBe(true);
    } finally {
      await setStackClockOffset(stack, 0);
    }
  }, 90_000);
});
