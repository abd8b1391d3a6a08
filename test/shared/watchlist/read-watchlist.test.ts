import { describe, expect, it } from 'vitest';
import { fixedClock } from '@shared/ports/clock.port';
import { ok, fail } from '@shared/result';
import type { DailySummary } from '@shared/metrics/daily-summary';
import type { OptionContract } from '@shared/market/chain';
import { readWatchlist } from '@shared/watchlist/use-cases/read-watchlist';
import { addItem } from '@shared/watchlist/use-cases/add-item';
import { removeItem } from '@shared/watchlist/use-cases/remove-item';
import { WATCHLIST_KEPT_MS, watchlistReadCache } from '@shared/watchlist/read-cache';
import { settlementOf } from '@shared/watchlist/read-model/rows';
import type { WatchlistDeps } from '@shared/watchlist/use-cases/deps';
import { memoryWatchlistRepo } from './memory-watchlist-repo';

const summary = (date: string, close: number, iv30: number | null): DailySummary => ({
  underlying: 'SPY',
  date,
  source: 'demo',
  basis: 'chain',
  close,
  volume: null,
  iv30,
  iv90: null,
  iv25dCall: null,
  iv25dPut: null,
  hv20: null,
  putVolume: null,
  callVolume: null,
  putOpenInterest: null,
  callOpenInterest: null,
  putPremium: null,
  callPremium: null,
  nextEarnings: null,
});

const line = (ticker: string, mark: number): OptionContract =>
  ({ contract_ticker: ticker, mark, implied_volatility: 0.21, delta: 0.42 }) as unknown as OptionContract;

function setup() {
  const repo = memoryWatchlistRepo();
  // 70 sessions of IV history from 0.10 to 0.30, and the latest at 0.20: rank 50 over the range.
  const rows = Array.from({ length: 70 }, (_, i) => summary(`2026-08-${String(i).padStart(2, '0')}`, 600, i % 2 ? 0.1 : 0.3));
  rows.push(summary('2026-11-25', 590, 0.2), summary('2026-11-26', 596, 0.2));
  const reads = { summaries: 0, chains: 0 };
  const deps: WatchlistDeps = {
    repo,
    clock: fixedClock('2026-11-27T18:00:00Z'),
    levels: { levelOf: async () => 5 },
    summaries: {
      listSummaries: async () => {
        reads.summaries++;
        return rows;
      },
    },
    market: {
      chain: (async (u: string, expiration: string) => {
        reads.chains++;
        return ok({
          underlying: { ticker: u, price: 596, asOf: '2026-11-26T21:00:00Z' },
          expiration_date: expiration,
          expiry_type: 'monthly',
          days_to_expiry: 21,
          source: 'demo',
          provider: 'sim',
          version: 'v',
          contracts: [line('SPY261218C00600000', 12.5), line('SPY261218P00600000', 15)],
        });
      }) as unknown as WatchlistDeps['market']['chain'],
      contractHistory: (async (c: string) =>
        ok({
          contract: c,
          source: 'demo',
          bars: [
            { date: '2026-11-24', open: 1, high: 1, low: 1, close: 11, volume: 1 },
            { date: '2026-11-25', open: 1, high: 1, low: 1, close: 12, volume: 1 },
            { date: '2026-11-26', open: 1, high: 1, low: 1, close: 12.5, volume: 1 },
          ],
        })) as unknown as WatchlistDeps['market']['contractHistory'],
    },
    closes: { closeOf: async (_u, date) => (date === '2026-11-20' ? { date, close: 590 } : null) },
  };
  return { repo, deps, reads };
}

describe('the watchlist read', () => {
  it("shows an underlying's last close, change, IV and IV rank with the session's date", async () => {
    const { deps } = setup();
    await addItem(deps, 'u1', 'SPY');
    const view = await readWatchlist(deps, 'u1');
    expect(view.items[0]).toMatchObject({
      kind: 'underlying',
      id: 'SPY',
      figures: { date: '2026-11-26', close: 596, change: 6, changePercent: 1.02, iv: 0.2, ivRank: 50, source: 'demo' },
    });
  });

  it("shows a contract's mark, change since the previous session's close, IV, delta and days to expiry", async () => {
    const { deps } = setup();
    await addItem(deps, 'u1', 'SPY261218C00600000');
    const view = await readWatchlist(deps, 'u1');
    expect(view.items[0]).toMatchObject({
      kind: 'contract',
      expiration: '2026-12-18',
      type: 'call',
      strike: 600,
      figures: { date: '2026-11-26', mark: 12.5, previousClose: 12, change: 0.5, iv: 0.21, delta: 0.42, daysToExpiry: 21 },
    });
  });

  it('moves an expired contract to the expired section with its intrinsic value at the expiry close', async () => {
    const { deps, repo } = setup();
    // Watched while it was trading; the list now reads it after its expiry.
    await repo.add('u1', { id: 'SPY261120P00600000', kind: 'contract', underlying: 'SPY', order: 1, addedAt: '2026-11-10T00:00:00Z' }, 10);
    await repo.add('u1', { id: 'SPY261120C00600000', kind: 'contract', underlying: 'SPY', order: 2, addedAt: '2026-11-10T00:00:00Z' }, 10);
    const view = await readWatchlist(deps, 'u1');
    expect(view.items).toEqual([]);
    expect(view.expired.map((r) => [r.id, r.settlement])).toEqual([
      ['SPY261120P00600000', { date: '2026-11-20', close: 590, value: 10 }],
      ['SPY261120C00600000', { date: '2026-11-20', close: 590, value: 0 }],
    ]);
    expect(view.slots).toEqual({ used: 2, limit: 15, level: 5, next: { level: 10, adds: 10 } });
  });

  it('says the settlement is not known while the expiry close is not stored', async () => {
    const { deps, repo } = setup();
    await repo.add('u1', { id: 'SPY261125C00600000', kind: 'contract', underlying: 'SPY', order: 1, addedAt: '2026-11-10T00:00:00Z' }, 10);
    expect((await readWatchlist(deps, 'u1')).expired[0]!.settlement).toBeNull();
  });

  it('reads each underlying and expiry once, and keeps the learner order', async () => {
    const { deps, reads } = setup();
    // Added a second apart, in this order.
    let t = Date.parse('2026-11-27T18:00:00Z');
    const ticking = { ...deps, clock: { now: () => new Date((t += 1000)) } };
    for (const s of ['SPY261218P00600000', 'SPY', 'SPY261218C00600000']) await addItem(ticking, 'u1', s);
    const view = await readWatchlist(deps, 'u1');
    expect(view.items.map((r) => r.id)).toEqual(['SPY261218P00600000', 'SPY', 'SPY261218C00600000']);
    expect(reads).toEqual({ summaries: 1, chains: 1 });
  });

  it('computes each row once for every learner while the kept figures stand, and the same figures either way', async () => {
    const { deps, reads } = setup();
    const kept = new Map<string, Promise<unknown>>();
    const keep = <T>(key: string, make: () => Promise<T>) => {
      if (!kept.has(key)) kept.set(key, make());
      return kept.get(key) as Promise<T>;
    };
    for (const user of ['u1', 'u2']) for (const s of ['SPY', 'SPY261218C00600000']) await addItem(deps, user, s);
    const unkept = await readWatchlist(deps, 'u1');
    const before = { ...reads };
    const [one, two] = [await readWatchlist({ ...deps, keep }, 'u1'), await readWatchlist({ ...deps, keep }, 'u2')];
    expect({ summaries: reads.summaries - before.summaries, chains: reads.chains - before.chains }).toEqual({ summaries: 1, chains: 1 });
    expect(one.items.map((r) => r.figures)).toEqual(unkept.items.map((r) => r.figures));
    expect(two.items.map((r) => r.figures)).toEqual(unkept.items.map((r) => r.figures));
  });

  it("answers a learner's list from what the function keeps, but never from before a change made here or asked fresh", async () => {
    const { deps, repo } = setup();
    let t = Date.parse('2026-11-27T18:00:00Z');
    const lists = watchlistReadCache({ now: () => new Date(t) });
    const kept = { ...deps, lists };
    await addItem(kept, 'u1', 'SPY');
    t += 1;
    expect((await readWatchlist(kept, 'u1')).items.map((r) => r.id)).toEqual(['SPY']);
    // Written behind this function's back (another function or instance): the kept list answers for a few seconds...
    await repo.add('u1', { id: 'QQQ', kind: 'underlying', underlying: 'QQQ', order: 9e12, addedAt: '2026-11-27T18:00:00Z' }, 10);
    expect((await readWatchlist(kept, 'u1')).items.map((r) => r.id)).toEqual(['SPY']);
    // ...but not to a browser that has just changed its list and asks fresh,
    expect((await readWatchlist(kept, 'u1', true)).items.map((r) => r.id)).toEqual(['SPY', 'QQQ']);
    // nor after a change made through this function,
    await removeItem(kept, 'u1', 'SPY');
    t += 1;
    expect((await readWatchlist(kept, 'u1')).items.map((r) => r.id)).toEqual(['QQQ']);
    // nor once the few seconds are over.
    await repo.add('u1', { id: 'IWM', kind: 'underlying', underlying: 'IWM', order: 9e12 + 1, addedAt: '2026-11-27T18:00:00Z' }, 10);
    t += WATCHLIST_KEPT_MS;
    expect((await readWatchlist(kept, 'u1')).items.map((r) => r.id)).toEqual(['QQQ', 'IWM']);
  });

  it('does not keep a list read that began before a change made here', async () => {
    const { deps, repo } = setup();
    let t = Date.parse('2026-11-27T18:00:00Z');
    const lists = watchlistReadCache({ now: () => new Date(t++) });
    await repo.add('u1', { id: 'SPY', kind: 'underlying', underlying: 'SPY', order: 1, addedAt: '2026-11-27T18:00:00Z' }, 10);
    let release!: () => void;
    const slow = {
      ...deps,
      lists,
      repo: {
        ...repo,
        list: async (u: string) => {
          const items = await repo.list(u);
          await new Promise<void>((r) => (release = r));
          return items;
        },
      },
    };
    const before = readWatchlist(slow, 'u1');
    await new Promise((r) => setTimeout(r, 0));
    await removeItem({ ...deps, lists }, 'u1', 'SPY');
    release();
    expect((await before).items.map((r) => r.id)).toEqual(['SPY']);
    expect((await readWatchlist({ ...deps, lists }, 'u1')).items).toEqual([]);
  });

  it('shows a contract the chain does not list without figures', async () => {
    const { deps } = setup();
    deps.market.chain = (async () => fail('not_found', 'no')) as unknown as WatchlistDeps['market']['chain'];
    await addItem(deps, 'u1', 'SPY261218C00600000');
    expect((await readWatchlist(deps, 'u1')).items[0]).toMatchObject({ kind: 'contract', figures: null });
  });
});

describe('settlement value', () => {
  it('is the intrinsic value at the close', () => {
    expect(settlementOf('call', 600, { date: 'd', close: 612.5 }).value).toBe(12.5);
    expect(settlementOf('put', 600, { date: 'd', close: 612.5 }).value).toBe(0);
    expect(settlementOf('put', 600, { date: 'd', close: 600 }).value).toBe(0);
  });
});
