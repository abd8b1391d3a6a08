import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { parseInstrumentsCsv } from '@shared/market/india/kite/instruments';
import { KiteQuotes, KiteSession, kiteSuccess } from '@shared/market/india/kite/kite.wire';
import { decodeBinaryMessage, type KiteTick } from '@shared/market/india/kite/ticker-packets';
import type { RunningKiteStandin } from '../../local/kite-standin';
import { KITE_KEY, KITE_SECRET, startTestKiteStandin } from '../support/kite-standin';

let standin: RunningKiteStandin;
beforeAll(async () => {
  standin = await startTestKiteStandin({ redirectUrl: 'http://127.0.0.1:9/kite/callback', tickIntervalMs: 25, heartbeatMs: 25, quoteWindowMs: 1000 });
});
afterAll(() => standin.close());

const V3 = { 'X-Kite-Version': '3' };
const checksum = (requestToken: string, secret = KITE_SECRET) => createHash('sha256').update(`${KITE_KEY}${requestToken}${secret}`).digest('hex');
const post = (form: Record<string, string>) =>
  fetch(`${standin.url}/session/token`, {
    method: 'POST',
    headers: { ...V3, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });

async function login(): Promise<string> {
  const requestToken = standin.issueRequestToken();
  const res = await post({ api_key: KITE_KEY, request_token: requestToken, checksum: checksum(requestToken) });
  return kiteSuccess(KiteSession).parse(await res.json()).data.access_token;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the local Kite stand-in', () => {
  it('redirects its login page to the app with a request token and the redirect parameters', async () => {
    const res = await fetch(`${standin.url}/connect/login?v=3&api_key=${KITE_KEY}&redirect_params=${encodeURIComponent('state=xyz')}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location')!);
    expect(to.pathname).toBe('/kite/callback');
    expect(to.searchParams.get('state')).toBe('xyz');
    expect(to.searchParams.get('status')).toBe('success');
    expect(to.searchParams.get('request_token')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('exchanges a request token once, for a checksum of key, token and secret; a wrong checksum is 403 "Invalid `checksum`."', async () => {
    const requestToken = standin.issueRequestToken();
    const wrong = await post({ api_key: KITE_KEY, request_token: requestToken, checksum: checksum(requestToken, 'not-the-secret') });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ status: 'error', message: 'Invalid `checksum`.', error_type: 'TokenException' });

    const right = await post({ api_key: KITE_KEY, request_token: requestToken, checksum: checksum(requestToken) });
    expect(right.status).toBe(200);
    expect(kiteSuccess(KiteSession).safeParse(await right.json()).success).toBe(true);

    const again = await post({ api_key: KITE_KEY, request_token: requestToken, checksum: checksum(requestToken) });
    expect(again.status).toBe(403);
    expect((await again.json()).error_type).toBe('TokenException');
  });

  it('wants X-Kite-Version: 3 and a live access token on data calls', async () => {
    const token = await login();
    const auth = { Authorization: `token ${KITE_KEY}:${token}` };
    expect((await fetch(`${standin.url}/instruments/NFO`, { headers: auth })).status).toBe(400);
    const bad = await fetch(`${standin.url}/instruments/NFO`, { headers: { ...V3, Authorization: `token ${KITE_KEY}:nope` } });
    expect(bad.status).toBe(403);
    expect(await bad.json()).toMatchObject({ message: 'Incorrect `api_key` or `access_token`.', error_type: 'TokenException' });
  });

  it('serves the NFO dump as text/csv, weeklies and monthlies named as Kite names them, with the given lot sizes', async () => {
    const token = await login();
    const res = await fetch(`${standin.url}/instruments/NFO`, { headers: { ...V3, Authorization: `token ${KITE_KEY}:${token}` } });
    expect(res.headers.get('content-type')).toBe('text/csv');
    const rows = parseInstrumentsCsv(await res.text());
    if (!rows.ok) throw new Error(rows.error.message);
    // NIFTY: 7 strikes × 2 types × 3 expiries; BANKNIFTY: 5 × 2 × 1.
    expect(rows.value).toHaveLength(42 + 10);
    const symbols = rows.value.map((r) => r.tradingsymbol);
    expect(symbols).toContain('NIFTY26D0124000CE');
    expect(symbols).toContain('NIFTY26DEC23850PE');
    expect(symbols).toContain('BANKNIFTY26DEC54200CE');
    expect(rows.value.find((r) => r.tradingsymbol === 'BANKNIFTY26DEC54200CE')).toMatchObject({
      lot_size: 30,
      strike: 54200,
      expiry: '2026-12-29',
      segment: 'NFO-OPT',
    });
    expect(rows.value.every((r) => (r.instrument_token & 0xff) === 2)).toBe(true);
  });

  it('quotes deterministically for a fixed clock, leaves unknown instruments out, and allows one quote call per window', async () => {
    const token = await login();
    const url = `${standin.url}/quote?i=${encodeURIComponent('NFO:NIFTY26D0124000CE')}&i=${encodeURIComponent('NSE:NIFTY 50')}&i=NFO:UNKNOWN`;
    const get = () => fetch(url, { headers: { ...V3, Authorization: `token ${KITE_KEY}:${token}` } });
    const first = kiteSuccess(KiteQuotes).parse(await (await get()).json()).data;
    expect(Object.keys(first).sort()).toEqual(['NFO:NIFTY26D0124000CE', 'NSE:NIFTY 50']);
    const call = first['NFO:NIFTY26D0124000CE']!;
    const spot = first['NSE:NIFTY 50']!.last_price;
    expect(spot).toBeGreaterThan(23_800);
    expect(spot).toBeLessThan(24_200);
    // An at-the-money call one day out is worth more than its intrinsic value and far less than the spot.
    expect(call.last_price).toBeGreaterThan(Math.max(0, spot - 24_000));
    expect(call.last_price).toBeLessThan(1000);
    expect(call.depth?.buy[0]!.price).toBeLessThan(call.depth!.sell[0]!.price);
    expect(call.timestamp).toBe('2026-11-30 10:30:00');

    const tooSoon = await get();
    expect(tooSoon.status).toBe(429);
    expect(await tooSoon.json()).toMatchObject({ message: 'Too many requests', error_type: 'NetworkException' });
    await sleep(1050);
    expect(kiteSuccess(KiteQuotes).parse(await (await get()).json()).data).toEqual(first);
  });

  it('refuses the ticker handshake without a live session', async () => {
    const ws = new WebSocket(`${standin.wsUrl}/?api_key=${KITE_KEY}&access_token=nope`);
    ws.on('error', () => {});
    const status = await new Promise<number>((resolve) => ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
    ws.terminate();
    expect(status).toBe(403);
  });

  it('streams binary packets of the subscribed tokens in their modes, and 1-byte heartbeats', async () => {
    const token = await login();
    const ws = new WebSocket(`${standin.wsUrl}/?api_key=${KITE_KEY}&access_token=${token}`);
    const messages: Buffer[] = [];
    ws.on('message', (data: Buffer) => messages.push(data));
    await new Promise((r) => ws.on('open', r));
    ws.send(JSON.stringify({ a: 'subscribe', v: [256265, 35_001 * 256 + 2] }));
    ws.send(JSON.stringify({ a: 'mode', v: ['full', [256265, 35_001 * 256 + 2]] }));
    await sleep(150);
    ws.send(JSON.stringify({ a: 'mode', v: ['ltp', [35_001 * 256 + 2]] }));
    await sleep(100);
    expect(standin.tickerConnections()).toEqual([{ 256265: 'full', [35_001 * 256 + 2]: 'ltp' }]);
    ws.close();

    expect(messages.some((m) => m.byteLength === 1)).toBe(true);
    const ticks: KiteTick[] = messages.flatMap((m) => {
      const r = decodeBinaryMessage(new Uint8Array(m));
      return r.ok ? r.value : [];
    });
    expect(ticks.some((t) => t.instrument_token === 256265 && t.kind === 'index' && t.mode === 'full')).toBe(true);
    expect(ticks.some((t) => t.instrument_token === 35_001 * 256 + 2 && t.kind === 'full')).toBe(true);
    expect(ticks.some((t) => t.instrument_token === 35_001 * 256 + 2 && t.kind === 'ltp')).toBe(true);
  });
});
