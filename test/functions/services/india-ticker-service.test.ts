import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { kiteClient } from '../../../functions/adapters/kite/kite-client';
import { KiteTicker } from '../../../functions/adapters/kite/kite-ticker';
import { indiaTickerService, type IndiaTickerDeps, type IndiaTickerService } from '../../../functions/services/india-ticker-service';
import type { KiteSession } from '@shared/market/india/kite-session.port';
import type { RunningKiteStandin } from '../../../local/kite-standin';
import { BANKNIFTY, KITE_KEY, KITE_NOW, KITE_SECRET, NIFTY, startTestKiteStandin, TEST_QUOTE_INTERVAL_MS } from '../../support/kite-standin';
import { memoryIndianLiveQuotes } from '../../support/memory-india-live-quotes';
import { memoryKiteSessionStore } from '../../support/memory-kite-session-store';
import { fail } from '@shared/result';

/** A clock that starts at `start` and runs with real time, so the flush policy's pace is real. */
function runningClock(start: Date) {
  const t0 = Date.now();
  return { now: () => new Date(start.getTime() + (Date.now() - t0)) };
}

let standin: RunningKiteStandin;
const clock = runningClock(KITE_NOW);
const services: IndiaTickerService[] = [];

beforeAll(async () => {
  // The stand-in's figures move with its clock (a new step every tick), as a live market's do.
  standin = await startTestKiteStandin({ tickIntervalMs: 20, heartbeatMs: 20, now: () => clock.now() });
});
afterEach(async () => {
  for (const s of services.splice(0)) await s.stop();
});
afterAll(() => standin.close());

async function login(): Promise<KiteSession> {
  const s = await kiteClient({ apiKey: KITE_KEY, baseUrl: standin.url }).generateSession(standin.issueRequestToken(), KITE_SECRET);
  if (!s.ok) throw new Error(s.error.message);
  return { accessToken: s.value.access_token, expiresAt: '2026-12-01T00:30:00.000Z', createdAt: KITE_NOW.toISOString(), kiteUserId: s.value.user_id };
}

async function until(what: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function service(extra: Partial<IndiaTickerDeps> & { session?: KiteSession | null } = {}) {
  const c = extra.clock ?? clock;
  const store = memoryIndianLiveQuotes(() => c.now().getTime());
  const sessions = memoryKiteSessionStore({
    credentials: { apiKey: KITE_KEY, apiSecret: KITE_SECRET },
    session: extra.session === undefined ? await login() : extra.session,
  });
  const logs: string[] = [];
  const svc = indiaTickerService({
    clock: c,
    sessions,
    api: (credentials, accessToken) => kiteClient({ apiKey: credentials.apiKey, accessToken, baseUrl: standin.url, quoteIntervalMs: TEST_QUOTE_INTERVAL_MS }),
    ticker: (credentials, accessToken) => new KiteTicker({ apiKey: credentials.apiKey, accessToken, url: standin.wsUrl, baseDelayMs: 30 }),
    store,
    log: (_level, message) => logs.push(message),
    underlyings: ['NIFTY', 'BANKNIFTY'],
    idleCheckMs: 50,
    flushCheckMs: 20,
    sessionCheckMs: 100,
    flushMs: 200,
    keepaliveMs: 1000,
    ...extra,
  });
  services.push(svc);
  svc.start();
  return { svc, store, sessions, logs };
}

const NIFTY_GROUP = 'NIFTY|2026-12-01';
const BANKNIFTY_GROUP = 'BANKNIFTY|2026-12-29';

describe('the India ticker service against the Kite stand-in', () => {
  it("subscribes the nearest expiries and the indices in full mode, and writes each group no more often than the policy's pace", async () => {
    const { svc, store } = await service();
    await until(() => store.writes.length >= 8, 8000);
    // NIFTY's nearest expiry (7 strikes, a call and a put each), BANKNIFTY's only one (5 strikes), and both indices.
    expect(standin.tickerConnections()).toHaveLength(1);
    const subscribed = standin.tickerConnections()[0]!;
    expect(Object.keys(subscribed)).toHaveLength((NIFTY.strikesEachSide * 2 + 1) * 2 + (BANKNIFTY.strikesEachSide * 2 + 1) * 2 + 2);
    expect(new Set(Object.values(subscribed))).toEqual(new Set(['full']));
    expect(subscribed[NIFTY.indexToken]).toBe('full');
    expect([...store.items.keys()].sort()).toEqual([BANKNIFTY_GROUP, NIFTY_GROUP]);
    expect(svc.state).toBe('streaming');
    expect(svc.stats().ticks).toBeGreaterThan(0);

    // Ticks arrive every 20 ms, yet a group is written at most once every 200 ms.
    for (const key of [NIFTY_GROUP, BANKNIFTY_GROUP]) {
      const times = store.writes.filter((w) => `${w.group.underlying}|${w.group.expiry}` === key).map((w) => w.at);
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(200);
    }
    const nifty = store.items.get(NIFTY_GROUP)!;
    expect(Math.abs(nifty.spot! - NIFTY.spot) / NIFTY.spot).toBeLessThan(0.01);
    expect(nifty.expiries).toEqual(['2026-12-01', '2026-12-08', '2026-12-29']);
    expect(nifty.contracts).toHaveLength(14);
    for (const c of nifty.contracts) {
      expect(c.bid).toBeGreaterThan(0);
      expect(c.ask).toBeGreaterThan(c.bid);
      expect(c.lotSize).toBe(65);
      expect(c.oi).toBeGreaterThan(0);
    }
  });

  it('on stop closes the socket and writes every group changed since its last write', async () => {
    // A pace so slow that nothing is written after the first writes but by the stop.
    const { svc, store } = await service({ flushMs: 60_000, keepaliveMs: 60_000 });
    await until(() => store.items.size === 2);
    const before = store.writes.length;
    const ticks = svc.stats().ticks;
    await until(() => svc.stats().ticks > ticks + 50);
    expect(store.writes.length).toBe(before);
    await svc.stop();
    expect(svc.state).toBe('stopped');
    expect(store.writes.length).toBeGreaterThan(before);
    await until(() => standin.tickerConnections().length === 0);
    // Nothing more comes after the stop.
    const after = store.writes.length;
    await new Promise((r) => setTimeout(r, 150));
    expect(store.writes.length).toBe(after);
  });

  it('idles outside NSE hours without calling Kite, and at the close writes its last figures and closes the stream', async () => {
    const handshakes = standin.tickerHandshakes();
    // Sunday 29 November 2026: closed.
    const sunday = await service({ clock: runningClock(new Date('2026-11-29T05:00:00Z')) });
    await until(() => sunday.logs.some((l) => l.includes('NSE is closed')));
    expect(sunday.svc.state).toBe('idle');
    expect(sunday.store.writes).toEqual([]);
    expect(standin.tickerHandshakes()).toBe(handshakes);

    // 15:29:58.5 in Mumbai: it streams for a second and a half, then the session closes.
    const closing = await service({ clock: runningClock(new Date('2026-11-30T09:59:58.500Z')) });
    await until(() => closing.store.items.size === 2);
    await until(() => closing.logs.some((l) => l.includes('stream closed (NSE is closed)')), 4000);
    await until(() => closing.svc.state === 'idle');
    await until(() => standin.tickerConnections().length === 0);
    expect(closing.store.writes.at(-1)!.at).toBeGreaterThanOrEqual(Date.parse('2026-11-30T10:00:00Z'));
  });

  it('closes the stream when the login expires, and when Kite refuses the token, and does not try that token again', async () => {
    const expiring = await service();
    await until(() => expiring.svc.state === 'streaming' && standin.tickerConnections().length === 1);
    const live = await expiring.sessions.session();
    await expiring.sessions.saveSession({ ...live!, expiresAt: '2026-11-30T04:00:00.000Z' });
    await until(() => expiring.svc.state === 'idle' && standin.tickerConnections().length === 0);
    expect(expiring.logs.some((l) => l.startsWith('India ticker: stream closed (no live Kite login'))).toBe(true);
    await expiring.svc.stop();

    const refused = await service();
    await until(() => refused.svc.state === 'streaming' && standin.tickerConnections().length === 1);
    standin.expireSessions();
    standin.dropTickerConnections();
    await until(() => refused.logs.some((l) => l === 'India ticker: stream closed (Kite refused the access token)'));
    expect(refused.svc.state).toBe('idle');
    const handshakes = standin.tickerHandshakes();
    await new Promise((r) => setTimeout(r, 300));
    expect(standin.tickerHandshakes()).toBe(handshakes);
    expect(refused.logs).toContain('India ticker idle: Kite refused the stored login; waiting for a new one');
  });

  it('logs a write the table refused and writes that group again at the next turn the pace allows', async () => {
    const memory = memoryIndianLiveQuotes(() => clock.now().getTime());
    let refusals = 1;
    const { svc, logs } = await service({
      store: {
        get: memory.get,
        put: async (g) => (g.underlying === 'NIFTY' && refusals-- > 0 ? fail('unavailable', 'throttled', { operation: 'put' }) : memory.put(g)),
      },
    });
    await until(() => memory.items.has(NIFTY_GROUP));
    expect(svc.stats().failedWrites).toBe(1);
    expect(logs).toContain('India ticker: a group was not written');
    expect(svc.state).toBe('streaming');
  });
});
