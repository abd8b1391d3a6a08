import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kiteChainSources } from '../../../../functions/adapters/kite/kite-chain-source';
import { kiteClient } from '../../../../functions/adapters/kite/kite-client';
import type { KiteSession } from '@shared/market/india/kite-session.port';
import type { LiveGroup } from '@shared/market/india/live/live-quotes.port';
import { LIVE_FRESH_MS } from '@shared/market/india/live/quote-book';
import type { RunningKiteStandin } from '../../../../local/kite-standin';
import { KITE_KEY, KITE_NOW, KITE_SECRET, NIFTY, startTestKiteStandin, TEST_QUOTE_INTERVAL_MS } from '../../../support/kite-standin';
import { memoryIndianLiveQuotes } from '../../../support/memory-india-live-quotes';

let standin: RunningKiteStandin;
let session: KiteSession;
beforeAll(async () => {
  standin = await startTestKiteStandin();
  const s = await kiteClient({ apiKey: KITE_KEY, baseUrl: standin.url }).generateSession(standin.issueRequestToken(), KITE_SECRET);
  if (!s.ok) throw new Error(s.error.message);
  session = { accessToken: s.value.access_token, expiresAt: '2026-12-01T00:30:00.000Z', createdAt: KITE_NOW.toISOString(), kiteUserId: s.value.user_id };
});
afterAll(() => standin.close());

/** The ticker service's item of NIFTY's nearest expiry, `ageMs` old, with a spot far from the stand-in's so the two sources tell apart. */
const item = (ageMs: number): LiveGroup => ({
  underlying: 'NIFTY',
  expiry: '2026-12-01',
  expiries: ['2026-12-01', '2026-12-08', '2026-12-29'],
  spot: 24_400,
  asOf: new Date(KITE_NOW.getTime() - ageMs).toISOString(),
  contracts: [
    { tradingsymbol: 'NIFTY26D0124400CE', strike: 24_400, type: 'CE', lotSize: 65, bid: 120, ask: 121, last: 120.4, volume: 65_000, oi: 650_000 },
    { tradingsymbol: 'NIFTY26D0124400PE', strike: 24_400, type: 'PE', lotSize: 65, bid: 0, ask: 0, last: 118.5, volume: 0, oi: 0 },
  ],
});

function source(group: LiveGroup | null) {
  const live = memoryIndianLiveQuotes();
  if (group) void live.put(group);
  const calls: string[] = [];
  const sources = kiteChainSources({
    baseUrl: standin.url,
    quoteIntervalMs: TEST_QUOTE_INTERVAL_MS,
    keepMs: 0,
    live,
    fetch: (input, init) => {
      calls.push(new URL(String(input)).pathname);
      return fetch(input, init);
    },
  });
  return { chain: sources({ apiKey: KITE_KEY, apiSecret: KITE_SECRET }, session), calls };
}

describe("the Indian chain reads the ticker service's live item first", () => {
  it(`uses an item at most ${LIVE_FRESH_MS / 1000} s old without calling Kite, with the same arithmetic as Kite's quotes`, async () => {
    const { chain, calls } = source(item(LIVE_FRESH_MS));
    const read = await chain.chain({ symbol: 'NIFTY', now: KITE_NOW });
    expect(calls).toEqual([]);
    expect(read.ok && read.value).toMatchObject({
      underlying: 'NIFTY',
      spot: 24_400,
      expiry: '2026-12-01',
      asOf: item(LIVE_FRESH_MS).asOf,
      lotSize: 65,
      expiries: [
        { date: '2026-12-01', kind: 'weekly' },
        { date: '2026-12-08', kind: 'weekly' },
        { date: '2026-12-29', kind: 'monthly' },
      ],
    });
    if (!read.ok || !read.value) return;
    const [call, put] = read.value.quotes;
    expect(call).toMatchObject({ bid: 120, ask: 121, mid: 120.5, last: 120.4, premiumPerLot: 7832.5, volume: 1000, openInterest: 10_000 });
    expect(call!.iv).toBeGreaterThan(0.05);
    expect(call!.greeks!.delta).toBeGreaterThan(0.4);
    // An empty side: the mid is the last price.
    expect(put).toMatchObject({ bid: 0, ask: 0, mid: 118.5, premiumPerLot: 7702.5 });
    // Asked by its expiry, the same item.
    const byExpiry = await chain.chain({ symbol: 'NIFTY', expiry: '2026-12-01', now: KITE_NOW });
    expect(byExpiry.ok && byExpiry.value?.spot).toBe(24_400);
    expect(calls).toEqual([]);
  });

  it("asks Kite's REST API when the item is older, missing, or of another expiry", async () => {
    const stale = source(item(LIVE_FRESH_MS + 1));
    const read = await stale.chain.chain({ symbol: 'NIFTY', now: KITE_NOW });
    expect(stale.calls).toEqual(['/instruments/NFO', '/quote']);
    expect(read.ok && Math.abs(read.value!.spot - NIFTY.spot) / NIFTY.spot).toBeLessThan(0.01);
    expect(read.ok && read.value!.quotes).toHaveLength(14);

    const other = source(item(0));
    const later = await other.chain.chain({ symbol: 'NIFTY', expiry: '2026-12-08', now: KITE_NOW });
    expect(later.ok && later.value!.expiry).toBe('2026-12-08');
    expect(other.calls).toContain('/quote');

    const none = source(null);
    await none.chain.chain({ symbol: 'NIFTY', now: KITE_NOW });
    expect(none.calls).toContain('/quote');
  });
});
