import { describe, expect, it } from 'vitest';
import { chainVersion, makeIndiaHandler } from '../../../functions/http/india';
import { makeMarketHandler } from '../../../functions/http/market';
import { INDIA_BADGE } from '@shared/market/india/india.api';
import { simulatedIndianChainSource } from '@shared/market/india/simulated-chain-source';
import { POPULAR_NSE_UNDERLYINGS } from '@shared/market/india/nse-contracts';
import { marketReader } from '@shared/market/market-reader';
import { simulatedProvider } from '@shared/market/simulated-market';
import { fail } from '@shared/result';
import { memoryMarketStore } from '../../support/memory-market-store';
import { memoryKiteSessionStore } from '../../support/memory-kite-session-store';
import { caller, httpEvent } from '../../support/http-event';

/** Saturday 28 November 2026, 12:00 in Mumbai: NSE is closed; the latest session is Friday's. */
const NOW = new Date('2026-11-28T06:30:00Z');

function india(kiteAnswers = false) {
  return caller(indiaHandler(kiteAnswers), {});
}

function indiaHandler(kiteAnswers = false) {
  return makeIndiaHandler({
    clock: { now: () => NOW },
    sessions: memoryKiteSessionStore(
      kiteAnswers
        ? {
            credentials: { apiKey: 'k', apiSecret: 's' },
            session: { accessToken: 't', expiresAt: '2026-11-29T00:30:00Z', createdAt: '2026-11-28T03:00:00Z', kiteUserId: 'XX0000' },
          }
        : {},
    ),
    simulated: simulatedIndianChainSource(),
    // A Kite that refuses the day's token, as it does once the login has lapsed.
    kite: () => ({ chain: async () => fail('unauthorized', 'Incorrect `api_key` or `access_token`.', { source: 'kite', operation: 'quote' }) }),
    standIn: false,
  });
}

describe('GET /api/india/chain', () => {
  it("answers NIFTY's chain from the simulated market with lot sizes, premiums per lot and 'Demo Data Only'", async () => {
    const res = await india()('GET /api/india/chain', { query: { symbol: 'NIFTY' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      underlying: 'NIFTY',
      currency: 'INR',
      lotSize: 65,
      session: '2026-11-27',
      feed: { badge: INDIA_BADGE.demo, marketOpen: false, refreshSeconds: 5 },
    });
    expect(res.body.expiry).toBe(res.body.expiries[0].date);
    expect(res.body.quotes.length).toBeGreaterThan(10);
    for (const q of res.body.quotes) {
      expect(q.lotSize).toBe(65);
      expect(q.premiumPerLot).toBeCloseTo(q.mid * 65, 2);
    }
  });

  it("keeps 'Demo Data Only' and a chain when Kite refuses the session", async () => {
    const res = await india(true)('GET /api/india/chain', { query: { symbol: 'BANKNIFTY' } });
    expect(res.status).toBe(200);
    expect(res.body.feed).toMatchObject({ badge: INDIA_BADGE.demo, source: 'simulated' });
    expect(res.body.lotSize).toBe(30);
  });

  it('answers the same chain with the same ETag, 304 to a browser that has it, and another ETag once a figure changes', async () => {
    const handler = indiaHandler();
    const first = await handler(httpEvent('GET /api/india/chain', { query: { symbol: 'NIFTY' } }));
    const again = await handler(httpEvent('GET /api/india/chain', { query: { symbol: 'NIFTY' } }));
    const etag = first.headers?.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(again.headers?.etag).toBe(etag);
    expect(again.body).toBe(first.body);
    expect(first.headers?.['cache-control']).toBe('public, max-age=4');
    const revalidated = await handler(httpEvent('GET /api/india/chain', { query: { symbol: 'NIFTY' }, headers: { 'if-none-match': etag } }));
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBeUndefined();

    // The version moves with any quote's figure, the feed and the instant, so a changed chain is never served as kept.
    const view = JSON.parse(first.body!);
    const version = chainVersion(view);
    const moved = (change: (v: typeof view) => void) => {
      const copy = structuredClone(view);
      change(copy);
      return chainVersion(copy);
    };
    expect(moved((v) => (v.quotes[40].bid += 0.05))).not.toBe(version);
    expect(moved((v) => (v.quotes[41].ask -= 0.05))).not.toBe(version);
    expect(moved((v) => (v.quotes[3].openInterest += 1))).not.toBe(version);
    const traded = view.quotes.findIndex((q: { last: number | null }) => q.last !== null);
    expect(moved((v) => (v.quotes[traded].last = null))).not.toBe(version);
    // Two quotes' figures swapped is a change too.
    expect(moved((v) => ([v.quotes[5].bid, v.quotes[6].bid] = [v.quotes[6].bid, v.quotes[5].bid]))).not.toBe(version);
    expect(moved((v) => (v.feed.marketOpen = !v.feed.marketOpen))).not.toBe(version);
    expect(moved((v) => (v.asOf = '2026-11-27T10:00:01.000Z'))).not.toBe(version);
  });

  it('answers 404 for an underlying it does not list and for an expiry not listed, 400 for a malformed symbol or date', async () => {
    const call = india();
    const unknown = await call('GET /api/india/chain', { query: { symbol: 'ZZZZ' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toContain('ZZZZ is not an NSE underlying');
    expect((await call('GET /api/india/chain', { query: { symbol: 'NIFTY', expiry: '2026-12-02' } })).status).toBe(404);
    expect((await call('GET /api/india/chain', { query: { symbol: 'nifty; drop' } })).status).toBe(400);
    expect((await call('GET /api/india/chain', { query: { symbol: 'NIFTY', expiry: '1 Dec' } })).status).toBe(400);
    expect((await call('GET /api/india/chain', {})).status).toBe(400);
  });
});

describe('GET /api/india/underlyings', () => {
  it("lists the spec's 20 underlyings, NIFTY first, with lot sizes, and the feed", async () => {
    const res = await india()('GET /api/india/underlyings');
    expect(res.status).toBe(200);
    expect(res.body.underlyings.map((u: { symbol: string }) => u.symbol)).toEqual(POPULAR_NSE_UNDERLYINGS);
    expect(res.body.underlyings).toHaveLength(20);
    expect(res.body.underlyings[0]).toEqual({ symbol: 'NIFTY', name: 'Nifty 50', kind: 'index', lotSize: 65, strikeInterval: 50 });
    expect(res.body.feed.badge).toBe(INDIA_BADGE.demo);
  });
});

describe('the US lists beside the Indian chain', () => {
  it('are the same before and after Indian chains are read, with no Indian symbol in them', async () => {
    const clock = { now: () => NOW };
    const store = memoryMarketStore();
    const us = caller(
      makeMarketHandler({
        reader: marketReader({ store, simulated: simulatedProvider(clock), clock, warn: () => undefined }),
        store,
        outbox: { enqueue: async () => undefined },
        ids: { newId: () => 'id' },
        clock,
        providerStatus: async () => ({ configured: false, provider: 'simulated', reason: 'No POLYGON_API_KEY is set.' }),
      }),
      {},
    );
    const read = async () => ({
      tickers: await us('GET /api/market/tickers'),
      status: await us('GET /api/market/status'),
      expiries: await us('GET /api/market/{underlying}/expiries', { params: { underlying: 'SPY' } }),
    });
    const before = await read();
    const call = india();
    for (const symbol of ['NIFTY', 'BANKNIFTY', 'RELIANCE']) expect((await call('GET /api/india/chain', { query: { symbol } })).status).toBe(200);
    const after = await read();
    expect(after).toEqual(before);
    expect(before.tickers.status).toBe(200);
    const listed = JSON.stringify(before.tickers.body);
    for (const symbol of POPULAR_NSE_UNDERLYINGS) expect(listed).not.toContain(`"${symbol}"`);
    expect(before.status.body).toMatchObject({ source: 'demo', provider: 'simulated', configured: false });
    expect((await us('GET /api/market/{underlying}/chain', { params: { underlying: 'NIFTY' }, query: { expiry: '2026-12-01' } })).status).toBe(404);
  });
});
