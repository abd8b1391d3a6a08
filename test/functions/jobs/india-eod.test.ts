import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kiteChainSources } from '../../../functions/adapters/kite/kite-chain-source';
import { kiteClient } from '../../../functions/adapters/kite/kite-client';
import { makeIndiaEodJob } from '../../../functions/jobs/india-eod';
import type { RunningKiteStandin } from '../../../local/kite-standin';
import type { IndianClosingChainStore, StoredIndianChain } from '@shared/market/india/closing-chains.port';
import type { IndiaDeps } from '@shared/market/india/india-feed';
import type { IndianChainSource } from '@shared/market/india/indian-chain-source.port';
import { nseListedExpiries } from '@shared/market/india/nse-calendar';
import { POPULAR_NSE_UNDERLYINGS } from '@shared/market/india/nse-contracts';
import { simulatedIndianChainSource } from '@shared/market/india/simulated-chain-source';
import { CLOSING_EXPIRIES, closingRunDecision } from '@shared/market/india/use-cases/store-closing-chains';
import { fail, ok } from '@shared/result';
import { memoryJobRuns } from '../../support/memory-job-runs';
import { KITE_KEY, KITE_SECRET, startTestKiteStandin, TEST_QUOTE_INTERVAL_MS } from '../../support/kite-standin';
import { memoryKiteSessionStore } from '../../support/memory-kite-session-store';

/** Monday 30 November 2026, 15:45 in Mumbai (10:15 UTC): the schedule's time, a quarter of an hour after the close. */
const AFTER_CLOSE = new Date('2026-11-30T10:15:00Z');

function memoryStore(): IndianClosingChainStore & { items: Map<string, StoredIndianChain> } {
  const items = new Map<string, StoredIndianChain>();
  return {
    items,
    putChains: async (chains) => {
      for (const c of chains) items.set(`${c.underlying}|${c.expiry}`, c);
    },
    getChain: async (u, e) => items.get(`${u}|${e}`) ?? null,
    listExpiries: async (u) =>
      [...items.values()]
        .filter((c) => c.underlying === u)
        .map((c) => c.expiry)
        .sort(),
  };
}

const LIVE_LOGIN = {
  credentials: { apiKey: 'k', apiSecret: 's' },
  session: { accessToken: 't', expiresAt: '2026-12-01T00:30:00Z', createdAt: '2026-11-30T03:00:00Z', kiteUserId: 'XX0000' },
};

function job(opts: { now?: Date; kite?: IndianChainSource; login?: boolean } = {}) {
  let now = opts.now ?? AFTER_CLOSE;
  const store = memoryStore();
  const runs = memoryJobRuns();
  const india: IndiaDeps = {
    clock: { now: () => now },
    sessions: memoryKiteSessionStore(opts.login ? LIVE_LOGIN : {}),
    simulated: simulatedIndianChainSource(),
    kite: () => opts.kite ?? { chain: async () => ok(null) },
    standIn: true,
  };
  return {
    run: makeIndiaEodJob({ india, store, runs }),
    store,
    runs,
    setNow: (d: Date) => {
      now = d;
    },
  };
}

describe('the Indian end-of-day job', () => {
  it('stores the closing chain of every listed expiry of the 20 underlyings from the simulated market without a Kite login', async () => {
    const { run, store, runs } = job();
    const result = await run({ source: 'scheduler' });
    expect('skipped' in result).toBe(false);

    for (const symbol of POPULAR_NSE_UNDERLYINGS) {
      const listed = nseListedExpiries(symbol, '2026-11-30')
        .filter((e) => e.date > '2026-11-30')
        .map((e) => e.date)
        .slice(0, CLOSING_EXPIRIES);
      expect(await store.listExpiries(symbol)).toEqual(listed);
      const first = (await store.getChain(symbol, listed[0]!))!;
      expect(first).toMatchObject({ underlying: symbol, session: '2026-11-30', source: 'simulated', standIn: false });
      expect(first.chain.quotes.length).toBeGreaterThan(0);
      expect(first.chain.quotes.every((q) => q.expiry === listed[0])).toBe(true);
    }
    // NIFTY's four weeklies and three monthlies; the other 19 underlyings' three monthlies: 7 + 57 = 64 chains.
    expect(await store.listExpiries('NIFTY')).toHaveLength(7);
    expect(await store.listExpiries('RELIANCE')).toHaveLength(3);

    expect(runs.runs).toHaveLength(1);
    expect(runs.runs[0]).toMatchObject({ jobId: 'indiaEod', outcome: 'succeeded', trigger: 'schedule', failures: [] });
    expect(runs.runs[0]!.note).toBe('simulated NSE market: 64 chains of 20 underlyings, session 2026-11-30');
    expect(runs.runs[0]!.contracts).toBe([...store.items.values()].reduce((n, c) => n + c.chain.quotes.length, 0));
  });

  it('overwrites the same items when run again', async () => {
    const { run, store, setNow } = job();
    await run({ source: 'scheduler' });
    const keys = [...store.items.keys()].sort();
    const before = (await store.getChain('NIFTY', keys.find((k) => k.startsWith('NIFTY|'))!.split('|')[1]!))!;
    setNow(new Date(AFTER_CLOSE.getTime() + 60_000));
    await run({ source: 'manual' });
    expect([...store.items.keys()].sort()).toEqual(keys);
    const after = (await store.getChain('NIFTY', before.expiry))!;
    expect(after.storedAt).not.toBe(before.storedAt);
    expect(after.chain).toEqual(before.chain);
  });

  it('stores nothing on an NSE holiday or while NSE is open, and records the skipped run with its reason', async () => {
    // Friday 25 December 2026 (Christmas), 15:45 in Mumbai.
    const holiday = job({ now: new Date('2026-12-25T10:15:00Z') });
    expect(await holiday.run({ source: 'scheduler' })).toEqual({ skipped: '2026-12-25 is not an NSE trading day' });
    expect(holiday.store.items.size).toBe(0);
    expect(holiday.runs.runs[0]).toMatchObject({ outcome: 'skipped', note: '2026-12-25 is not an NSE trading day' });

    // Monday 30 November 2026, 11:00 in Mumbai.
    const open = job({ now: new Date('2026-11-30T05:30:00Z') });
    expect(await open.run({ source: 'manual' })).toEqual({ skipped: 'NSE is open (2026-11-30); its close is not in yet' });
    expect(open.store.items.size).toBe(0);
  });

  it("decides when it may run: a trading day's close is in from 15:30, and before the open the day before's is the latest", () => {
    expect(closingRunDecision(new Date('2026-11-30T09:59:00Z'))).toEqual({ run: false, reason: 'NSE is open (2026-11-30); its close is not in yet' });
    expect(closingRunDecision(new Date('2026-11-30T10:00:00Z'))).toEqual({ run: true });
    expect(closingRunDecision(new Date('2026-11-30T02:00:00Z'))).toEqual({ run: true });
    expect(closingRunDecision(new Date('2026-11-28T10:15:00Z'))).toEqual({ run: false, reason: '2026-11-28 is not an NSE trading day' });
  });

  it("with a live Kite login stores Kite's chains as 'kite'; an underlying Kite fails on is a failure, never filled from the simulated market", async () => {
    const simulated = simulatedIndianChainSource();
    const asked: string[] = [];
    // A Kite that lists NIFTY (answering with chains shaped as the simulated market's), refuses BANKNIFTY, lists nothing else.
    const kite: IndianChainSource = {
      chain: async (request) => {
        asked.push(`${request.symbol}|${request.expiry ?? ''}`);
        if (request.symbol === 'BANKNIFTY') return fail('bad_gateway', 'Failed to fetch instruments');
        if (request.symbol !== 'NIFTY') return ok(null);
        return simulated.chain(request);
      },
    };
    const { run, store, runs } = job({ kite, login: true });
    const result = await run({ source: 'scheduler' });
    if ('skipped' in result) throw new Error('skipped');
    expect(result).toMatchObject({ source: 'kite', standIn: true, failures: [{ underlying: 'BANKNIFTY', reason: 'Failed to fetch instruments' }] });
    expect(result.notListed).toEqual(POPULAR_NSE_UNDERLYINGS.filter((s) => s !== 'NIFTY' && s !== 'BANKNIFTY'));
    expect([...new Set([...store.items.values()].map((c) => c.underlying))]).toEqual(['NIFTY']);
    expect([...store.items.values()].every((c) => c.source === 'kite' && c.standIn)).toBe(true);
    expect(await store.listExpiries('BANKNIFTY')).toEqual([]);
    // The first read lists the expiries; each further one is one more read.
    expect(asked.filter((a) => a.startsWith('NIFTY|'))).toHaveLength(7);
    expect(runs.runs[0]).toMatchObject({ outcome: 'failed', failures: [{ underlying: 'BANKNIFTY', reason: 'Failed to fetch instruments' }] });
    expect(runs.runs[0]!.note).toContain('Kite (local stand-in): 7 chains of 1 underlyings');
  });

  it('stores only the underlyings asked for', async () => {
    const { run, store } = job();
    await run({ source: 'manual', underlyings: ['finnifty', 'NOPE'] });
    expect([...new Set([...store.items.values()].map((c) => c.underlying))]).toEqual(['FINNIFTY']);
  });
});

describe('the Indian end-of-day job against the Kite stand-in', () => {
  let standin: RunningKiteStandin;
  beforeAll(async () => {
    standin = await startTestKiteStandin();
  });
  afterAll(() => standin.close());

  it("stores each expiry Kite lists of the indices it lists, as 'kite', with one quote call per expiry and the dump read once", async () => {
    const exchanged = await kiteClient({ apiKey: KITE_KEY, baseUrl: standin.url }).generateSession(standin.issueRequestToken(), KITE_SECRET);
    if (!exchanged.ok) throw new Error(exchanged.error.message);
    const calls: string[] = [];
    const store = memoryStore();
    const runs = memoryJobRuns();
    const run = makeIndiaEodJob({
      india: {
        clock: { now: () => AFTER_CLOSE },
        sessions: memoryKiteSessionStore({
          credentials: { apiKey: KITE_KEY, apiSecret: KITE_SECRET },
          session: {
            accessToken: exchanged.value.access_token,
            expiresAt: '2026-12-01T00:30:00.000Z',
            createdAt: '2026-11-30T03:00:00.000Z',
            kiteUserId: 'XX0000',
          },
        }),
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
      },
      store,
      runs,
    });
    const result = await run({ source: 'scheduler' });
    if ('skipped' in result) throw new Error(result.skipped);
    // The stand-in lists NIFTY (expiries 1, 8 and 29 December) and BANKNIFTY (29 December) only.
    expect(result.stored.map((u) => [u.underlying, u.expiries])).toEqual([
      ['NIFTY', ['2026-12-01', '2026-12-08', '2026-12-29']],
      ['BANKNIFTY', ['2026-12-29']],
    ]);
    expect(result.notListed).toHaveLength(18);
    expect(result.failures).toEqual([]);
    const nifty = (await store.getChain('NIFTY', '2026-12-08'))!;
    expect(nifty).toMatchObject({ source: 'kite', standIn: true, session: '2026-11-30' });
    expect(nifty.chain.quotes.every((q) => q.expiry === '2026-12-08' && q.lotSize === 65)).toBe(true);
    expect(nifty.chain.quotes.filter((q) => q.iv !== null && q.greeks !== null).length).toBeGreaterThan(0);
    expect(calls.filter((c) => c === '/quote')).toHaveLength(4);
    expect(calls.filter((c) => c === '/instruments/NFO')).toHaveLength(1);
    expect(runs.runs[0]).toMatchObject({ outcome: 'succeeded', note: expect.stringContaining('Kite (local stand-in): 4 chains of 2 underlyings') });
  });
});
