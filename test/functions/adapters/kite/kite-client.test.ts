import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kiteClient } from '../../../../functions/adapters/kite/kite-client';
import { isKiteSessionOver } from '@shared/market/india/kite/errors';
import { optionChainRows } from '@shared/market/india/kite/instruments';
import type { KiteApi } from '@shared/market/india/kite/kite.port';
import type { RunningKiteStandin } from '../../../../local/kite-standin';
import { KITE_KEY, KITE_SECRET, startTestKiteStandin, TEST_QUOTE_INTERVAL_MS } from '../../../support/kite-standin';

let standin: RunningKiteStandin;
beforeAll(async () => {
  standin = await startTestKiteStandin();
});
afterAll(() => standin.close());

/** A client of the stand-in that counts its calls and the instruments each quote call asked for. */
function client(extra: { quoteIntervalMs?: number } = {}) {
  const calls: { path: string; instruments: number }[] = [];
  const api = kiteClient({
    apiKey: KITE_KEY,
    baseUrl: standin.url,
    quoteIntervalMs: extra.quoteIntervalMs ?? TEST_QUOTE_INTERVAL_MS,
    fetch: (input, init) => {
      const url = new URL(String(input));
      calls.push({ path: url.pathname, instruments: url.searchParams.getAll('i').length });
      return fetch(input, init);
    },
  });
  return { api, calls };
}

async function session(api: KiteApi): Promise<KiteApi> {
  const s = await api.generateSession(standin.issueRequestToken(), KITE_SECRET);
  if (!s.ok) throw new Error(s.error.message);
  return api.withAccessToken(s.value.access_token);
}

describe('the Kite REST client against the stand-in', () => {
  it('exchanges a request token for the day’s session; a wrong secret shows Kite’s message', async () => {
    const { api } = client();
    const s = await api.generateSession(standin.issueRequestToken(), KITE_SECRET);
    expect(s.ok && s.value).toMatchObject({ api_key: KITE_KEY, user_id: 'XX0000' });
    expect(s.ok && s.value.access_token).toMatch(/^[0-9a-f]{32}$/);

    const wrong = await api.generateSession(standin.issueRequestToken(), 'another-secret');
    expect(!wrong.ok && wrong.error).toMatchObject({ code: 'unauthorized', message: 'Invalid `checksum`.' });
  });

  it('reads the NFO dump into the rows of an Indian chain, earliest expiry and lot size included', async () => {
    const api = await session(client().api);
    const rows = await api.instruments();
    if (!rows.ok) throw new Error(rows.error.message);
    const chain = optionChainRows(rows.value, 'NIFTY');
    expect(chain.expiry).toBe('2026-12-01');
    expect(chain.rows).toHaveLength(14);
    expect(chain.rows[0]).toMatchObject({ tradingsymbol: 'NIFTY26D0123850CE', strike: 23850, lot_size: 65, exchange: 'NFO' });
  });

  it('quotes in batches of at most 500 instruments, one call per pause, and merges the answers', async () => {
    const { api: plain, calls } = client();
    const api = await session(plain);
    const rows = await api.instruments();
    if (!rows.ok) throw new Error(rows.error.message);
    const real = rows.value.map((r) => `NFO:${r.tradingsymbol}`);
    const unknown = Array.from({ length: 1000 }, (_, i) => `NFO:NOSUCH${i}`);
    const quotes = await api.quote([...unknown, ...real]);
    if (!quotes.ok) throw new Error(quotes.error.message);
    expect(Object.keys(quotes.value).sort()).toEqual([...real].sort());
    expect(calls.filter((c) => c.path === '/quote').map((c) => c.instruments)).toEqual([500, 500, real.length]);
    // The stand-in refuses a second quote call inside its window (429): three calls went through, so the client paced them.
    const ltp = await api.ltp(['NSE:NIFTY 50', 'NSE:NIFTY BANK']);
    expect(ltp.ok && Object.keys(ltp.value).sort()).toEqual(['NSE:NIFTY 50', 'NSE:NIFTY BANK']);
    expect(ltp.ok && ltp.value['NSE:NIFTY 50']!.instrument_token).toBe(256265);
  });

  it('reports "Too many requests" when calls come faster than Kite allows', async () => {
    const strict = await startTestKiteStandin({ quoteWindowMs: 5000 });
    try {
      const s = await kiteClient({ apiKey: KITE_KEY, baseUrl: strict.url }).generateSession(strict.issueRequestToken(), KITE_SECRET);
      if (!s.ok) throw new Error(s.error.message);
      const api = kiteClient({ apiKey: KITE_KEY, baseUrl: strict.url, accessToken: s.value.access_token, quoteIntervalMs: 0 });
      expect((await api.ltp(['NSE:NIFTY 50'])).ok).toBe(true);
      const second = await api.ltp(['NSE:NIFTY 50']);
      expect(!second.ok && second.error).toMatchObject({ code: 'rate_limited', message: 'Too many requests' });
    } finally {
      await strict.close();
    }
  });

  it('reads historical candles of the NSE session, with open interest when asked', async () => {
    const api = await session(client().api);
    const candles = await api.historical(35_001 * 256 + 2, '15minute', '2026-11-27 09:15:00', '2026-11-27 15:30:00', { oi: true });
    if (!candles.ok) throw new Error(candles.error.message);
    // 09:15 to 15:15, every 15 minutes.
    expect(candles.value).toHaveLength(25);
    expect(candles.value[0]!.date).toBe('2026-11-27T09:15:00+0530');
    expect(candles.value.at(-1)!.date).toBe('2026-11-27T15:15:00+0530');
    for (const c of candles.value) {
      expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
      expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
      expect(c.oi).toBeGreaterThan(0);
    }
    const bad = await api.historical(35_001 * 256 + 2, '15minute', 'yesterday', '2026-11-27 15:30:00');
    expect(!bad.ok && bad.error.message).toBe('invalid from timestamp');
  });

  it('keeps historical calls to three a second', async () => {
    const starts: number[] = [];
    const paced = kiteClient({
      apiKey: KITE_KEY,
      baseUrl: standin.url,
      fetch: (input, init) => {
        if (String(input).includes('/historical/')) starts.push(Date.now());
        return fetch(input, init);
      },
    });
    const s = await paced.generateSession(standin.issueRequestToken(), KITE_SECRET);
    if (!s.ok) throw new Error(s.error.message);
    const hist = paced.withAccessToken(s.value.access_token);
    for (let i = 0; i < 3; i++) {
      const week = await hist.historical(256265, 'day', '2026-11-21', '2026-11-27');
      // Saturday 21 and Sunday 22 November have no candle; Monday to Friday one each, stamped at midnight in Mumbai.
      expect(week.ok && week.value.map((c) => c.date)).toEqual(['23', '24', '25', '26', '27'].map((d) => `2026-11-${d}T00:00:00+0530`));
    }
    expect(starts).toHaveLength(3);
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(330);
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(330);
  });

  it("says 'Failed to fetch instruments' when Kite cannot be reached", async () => {
    const closed = await startTestKiteStandin();
    await closed.close();
    const api = kiteClient({ apiKey: KITE_KEY, accessToken: 'x', baseUrl: closed.url });
    const rows = await api.instruments('NFO');
    expect(!rows.ok && rows.error).toMatchObject({ code: 'unavailable', message: 'Failed to fetch instruments' });
    const s = await api.generateSession('rt', KITE_SECRET);
    expect(!s.ok && s.error.message).toBe('Failed to generate session');
  });

  it('tells an expired session apart: TokenException with Kite’s message', async () => {
    const expiring = await startTestKiteStandin();
    try {
      const s = await kiteClient({ apiKey: KITE_KEY, baseUrl: expiring.url }).generateSession(expiring.issueRequestToken(), KITE_SECRET);
      if (!s.ok) throw new Error(s.error.message);
      const api = kiteClient({ apiKey: KITE_KEY, baseUrl: expiring.url, accessToken: s.value.access_token });
      expect((await api.instruments()).ok).toBe(true);
      expiring.expireSessions();
      const after = await api.instruments();
      expect(!after.ok && after.error.message).toBe('Incorrect `api_key` or `access_token`.');
      expect(!after.ok && isKiteSessionOver(after.error)).toBe(true);
    } finally {
      await expiring.close();
    }
  });
});
