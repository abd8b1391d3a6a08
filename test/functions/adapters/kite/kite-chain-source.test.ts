import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kiteChainSources, kiteSpotKey } from '../../../../functions/adapters/kite/kite-chain-source';
import { INDIA_BADGE } from '@shared/market/india/india.api';
import type { IndiaDeps } from '@shared/market/india/india-feed';
import type { KiteSession } from '@shared/market/india/kite-session.port';
import { simulatedIndianChainSource } from '@shared/market/india/simulated-chain-source';
import { readIndianChain } from '@shared/market/india/use-cases/read-indian-chain';
import { listNseUnderlyings } from '@shared/market/india/use-cases/list-nse-underlyings';
import { bsmPrice } from '@shared/pricing/bsm';
import type { RunningKiteStandin } from '../../../../local/kite-standin';
import { KITE_KEY, KITE_NOW, KITE_SECRET, NIFTY, startTestKiteStandin, TEST_QUOTE_INTERVAL_MS } from '../../../support/kite-standin';
import { memoryKiteSessionStore } from '../../../support/memory-kite-session-store';
import { kiteClient } from '../../../../functions/adapters/kite/kite-client';

let standin: RunningKiteStandin;
beforeAll(async () => {
  standin = await startTestKiteStandin();
});
afterAll(() => standin.close());

/** A live login on the stand-in: the token exchanged as the operator's callback would. */
async function login(expiresAt = '2026-12-01T00:30:00.000Z'): Promise<KiteSession> {
  const s = await kiteClient({ apiKey: KITE_KEY, baseUrl: standin.url }).generateSession(standin.issueRequestToken(), KITE_SECRET);
  if (!s.ok) throw new Error(s.error.message);
  return { accessToken: s.value.access_token, expiresAt, createdAt: KITE_NOW.toISOString(), kiteUserId: s.value.user_id };
}

function deps(session: KiteSession | null, calls: string[] = []): IndiaDeps & { warnings: string[] } {
  const warnings: string[] = [];
  return {
    clock: { now: () => KITE_NOW },
    sessions: memoryKiteSessionStore({ credentials: { apiKey: KITE_KEY, apiSecret: KITE_SECRET }, session }),
    simulated: simulatedIndianChainSource(),
    kite: kiteChainSources({
      baseUrl: standin.url,
      quoteIntervalMs: TEST_QUOTE_INTERVAL_MS,
      fetch: (input, init) => {
        calls.push(new URL(String(input)).pathname);
        return fetch(input, init);
      },
    }),
    standIn: true,
    warn: (m) => warnings.push(m),
    warnings,
  };
}

describe('the Indian chain from Kite (the local stand-in)', () => {
  it("reads NIFTY's earliest expiry with Kite's lot size, premiums per lot, IV and Greeks solved on the server, badge 'Zerodha Connected'", async () => {
    const calls: string[] = [];
    const read = await readIndianChain(deps(await login(), calls), { symbol: 'nifty' });
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const chain = read.value;
    expect(chain.feed).toMatchObject({
      badge: INDIA_BADGE.connected,
      source: 'kite',
      standIn: true,
      marketOpen: true,
      sessionExpiresAt: '2026-12-01T00:30:00.000Z',
    });
    expect(chain).toMatchObject({ underlying: 'NIFTY', currency: 'INR', exercise: 'european', lotSize: 65, session: '2026-11-30', expiry: '2026-12-01' });
    expect(chain.expiries).toEqual([
      { date: '2026-12-01', kind: 'weekly' },
      { date: '2026-12-08', kind: 'weekly' },
      { date: '2026-12-29', kind: 'monthly' },
    ]);
    // 7 strikes around the stand-in's spot of 24,000, a call and a put each.
    expect(chain.quotes).toHaveLength(14);
    expect(Math.abs(chain.spot - NIFTY.spot) / NIFTY.spot).toBeLessThan(0.01);
    for (const q of chain.quotes) {
      expect(q.lotSize).toBe(65);
      expect(q.expiry).toBe('2026-12-01');
      expect(q.premiumPerLot).toBeCloseTo(q.mid * 65, 2);
      expect(q.bid).toBeLessThan(q.ask);
    }
    const atmCall = chain.quotes.find((q) => q.strike === 24_000 && q.type === 'CE')!;
    const atmPut = chain.quotes.find((q) => q.strike === 24_000 && q.type === 'PE')!;
    // The stand-in prices at 13% near the money: the solved IV finds it, and the Greeks are those of that IV.
    expect(atmCall.iv).toBeGreaterThan(0.1);
    expect(atmCall.iv).toBeLessThan(0.17);
    expect(atmCall.greeks!.delta).toBeGreaterThan(0.3);
    expect(atmCall.greeks!.delta).toBeLessThan(0.7);
    expect(atmPut.greeks!.delta).toBeLessThan(0);
    const T = (Date.parse('2026-12-01T10:00:00Z') - Date.parse(chain.asOf)) / (365 * 86_400_000);
    expect(bsmPrice(true, chain.spot, 24_000, T, chain.riskFreeRate, chain.dividendYield, atmCall.iv!)).toBeCloseTo(atmCall.mid, 1);
    // One dump of NFO and one quote call for the rows and the index.
    expect(calls).toEqual(['/instruments/NFO', '/quote']);
  });

  it('asks Kite for the index by its NSE trading symbol, and reads the dump once a day for every underlying', async () => {
    expect(kiteSpotKey('NIFTY')).toBe('NSE:NIFTY 50');
    expect(kiteSpotKey('BANKNIFTY')).toBe('NSE:NIFTY BANK');
    expect(kiteSpotKey('RELIANCE')).toBe('NSE:RELIANCE');
    const calls: string[] = [];
    const d = deps(await login(), calls);
    const bank = await readIndianChain(d, { symbol: 'BANKNIFTY', expiry: '2026-12-29' });
    const nifty = await readIndianChain(d, { symbol: 'NIFTY', expiry: '2026-12-08' });
    expect(bank.ok && bank.value.quotes.every((q) => q.lotSize === 30 && q.expiryKind === 'monthly')).toBe(true);
    expect(nifty.ok && nifty.value.expiry).toBe('2026-12-08');
    expect(calls.filter((c) => c === '/instruments/NFO')).toHaveLength(1);
  });

  it('answers 404 for an expiry Kite does not list, and for an underlying the product does not list', async () => {
    const d = deps(await login());
    const expiry = await readIndianChain(d, { symbol: 'NIFTY', expiry: '2026-12-02' });
    expect(expiry).toMatchObject({ ok: false, error: { code: 'not_found' } });
    const unknown = await readIndianChain(d, { symbol: 'ZZZZ' });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'not_found', message: expect.stringContaining('ZZZZ is not an NSE underlying') } });
  });

  it("shows the simulated market with 'Demo Data Only' when the stored login has expired, without calling Kite", async () => {
    const calls: string[] = [];
    const d = deps(await login(KITE_NOW.toISOString()), calls);
    const read = await readIndianChain(d, { symbol: 'NIFTY' });
    expect(read.ok && read.value.feed).toMatchObject({ badge: INDIA_BADGE.demo, source: 'simulated', sessionExpiresAt: null });
    // The simulated market's latest close: Friday 27 November before Monday's close.
    expect(read.ok && read.value.session).toBe('2026-11-27');
    expect(calls).toEqual([]);
    expect((await listNseUnderlyings(d)).feed.badge).toBe(INDIA_BADGE.demo);
  });

  it("falls back to 'Demo Data Only' when Kite refuses the token (TokenException), and says why in the log only", async () => {
    const session = await login();
    standin.expireSessions();
    const d = deps(session);
    const read = await readIndianChain(d, { symbol: 'NIFTY' });
    expect(read.ok).toBe(true);
    expect(read.ok && read.value.feed.badge).toBe(INDIA_BADGE.demo);
    expect(read.ok && read.value.quotes.length).toBeGreaterThan(0);
    expect(d.warnings).toEqual(['Kite refused the session; the Indian chain shows the simulated market']);
  });

  it('lists Kite-less underlyings from the simulated market: the product never errs for them', async () => {
    const d = deps(await login());
    const read = await readIndianChain(d, { symbol: 'RELIANCE' });
    expect(read.ok && read.value).toMatchObject({ underlying: 'RELIANCE', lotSize: 500, feed: { badge: INDIA_BADGE.demo } });
  });
});

describe('without Kite keys', () => {
  it("shows the simulated market with 'Demo Data Only'", async () => {
    const d: IndiaDeps = { ...deps(null), sessions: memoryKiteSessionStore() };
    const read = await readIndianChain(d, { symbol: 'NIFTY' });
    expect(read.ok && read.value.feed).toMatchObject({ badge: INDIA_BADGE.demo, source: 'simulated', standIn: false });
    expect(read.ok && read.value.quotes.every((q) => q.lotSize === 65)).toBe(true);
  });
});
