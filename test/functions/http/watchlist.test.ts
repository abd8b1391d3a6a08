import { describe, expect, it } from 'vitest';
import { makeWatchlistHandler } from '../../../functions/http/watchlist';
import { ok } from '@shared/result';
import type { WatchlistDeps } from '@shared/watchlist/use-cases/deps';
import { watchlistReadCache } from '@shared/watchlist/read-cache';
import { memoryWatchlistRepo } from '../../shared/watchlist/memory-watchlist-repo';
import { caller } from '../../support/http-event';

const ADA = { sub: 'learner-ada', email: 'ada@example.com' };
const BOB = { sub: 'learner-bob', email: 'bob@example.com' };

function harness(level = 1) {
  const repo = memoryWatchlistRepo();
  const deps: WatchlistDeps = {
    repo,
    levels: { levelOf: async () => level },
    clock: { now: () => new Date('2026-11-27T18:00:00.000Z') },
    summaries: { listSummaries: async () => [] },
    market: {
      chain: (async () => ok({ underlying: { ticker: 'SPY', price: 600, asOf: '2026-11-26T21:00:00Z' }, days_to_expiry: 21, contracts: [] })) as never,
      contractHistory: (async (c: string) => ok({ contract: c, source: 'demo', bars: [] })) as never,
    },
    closes: { closeOf: async () => null },
  };
  return { call: caller(makeWatchlistHandler(deps), ADA), repo, deps };
}

describe('watchlist routes', () => {
  it('adds with 201, answers the same symbol again with 200, and lists it', async () => {
    const { call } = harness();
    const first = await call('POST /api/watchlist/items', { body: { symbol: 'SPY' } });
    expect(first).toMatchObject({ status: 201, body: { created: true, item: { id: 'SPY', kind: 'underlying' } } });
    expect(await call('POST /api/watchlist/items', { body: { symbol: 'spy' } })).toMatchObject({ status: 200, body: { created: false } });
    const list = await call('GET /api/watchlist');
    expect(list).toMatchObject({ status: 200, body: { items: [{ id: 'SPY', figures: null }], expired: [], slots: { used: 1, limit: 10, level: 1 } } });
  });

  it('refuses input its schema rejects with 400 naming the field, writing nothing', async () => {
    const { call, repo } = harness();
    for (const body of [{}, { symbol: '' }, { symbol: 'SPY; DROP' }, { symbol: 'X'.repeat(25) }, { symbol: 5 }]) {
      const res = await call('POST /api/watchlist/items', { body });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('symbol');
    }
    expect((await call('PUT /api/watchlist/order', { body: { ids: Array.from({ length: 101 }, () => 'SPY') } })).status).toBe(400);
    expect(await repo.list(ADA.sub)).toEqual([]);
  });

  it('answers 422 for a symbol that names nothing listed, and 409 past the limit with the rule', async () => {
    const { call } = harness(3);
    expect((await call('POST /api/watchlist/items', { body: { symbol: 'ZZZZ' } })).status).toBe(422);
    for (const s of ['SPY', 'QQQ', 'IWM', 'AAPL', 'MSFT', 'NVDA', 'AMZN', 'TSLA', 'META', 'GOOGL']) {
      expect((await call('POST /api/watchlist/items', { body: { symbol: s } })).status).toBe(201);
    }
    const full = await call('POST /api/watchlist/items', { body: { symbol: 'DIA' } });
    expect(full.status).toBe(409);
    expect(full.body.error).toBe('Your watchlist holds 10 items at level 3; level 5 adds 5 more slots. Remove an item to add another.');
  });

  it("answers 404 for another learner's item, and removes the learner's own", async () => {
    const { call } = harness();
    await call('POST /api/watchlist/items', { body: { symbol: 'SPY' } });
    expect((await call('DELETE /api/watchlist/items/{id}', { params: { id: 'SPY' }, claims: BOB })).status).toBe(404);
    expect((await call('DELETE /api/watchlist/items/{id}', { params: { id: 'SPY' } })).status).toBe(204);
    expect((await call('DELETE /api/watchlist/items/{id}', { params: { id: 'SPY' } })).status).toBe(404);
  });

  it('reorders the whole list, and refuses an order that is not the list with 409', async () => {
    const { call } = harness();
    for (const s of ['SPY', 'QQQ']) await call('POST /api/watchlist/items', { body: { symbol: s } });
    const res = await call('PUT /api/watchlist/order', { body: { ids: ['QQQ', 'SPY'] } });
    expect(res).toMatchObject({
      status: 200,
      body: {
        items: [
          { id: 'QQQ', order: 0 },
          { id: 'SPY', order: 1 },
        ],
      },
    });
    expect((await call('PUT /api/watchlist/order', { body: { ids: ['QQQ'] } })).status).toBe(409);
  });

  it("answers from the few seconds it keeps a learner's list, except when asked fresh; 400 for another value", async () => {
    const { call, repo, deps } = harness();
    deps.lists = watchlistReadCache({ now: () => new Date() }, { keptMs: 60_000 });
    await call('POST /api/watchlist/items', { body: { symbol: 'SPY' } });
    await new Promise((r) => setTimeout(r, 2));
    expect((await call('GET /api/watchlist')).body.items).toHaveLength(1);
    // Added in another instance of the function: this one's kept list answers until the browser asks fresh.
    await repo.add(ADA.sub, { id: 'QQQ', kind: 'underlying', underlying: 'QQQ', order: 9e12, addedAt: '2026-11-27T18:00:00.000Z' }, 10);
    expect((await call('GET /api/watchlist')).body.items).toHaveLength(1);
    expect((await call('GET /api/watchlist', { query: { fresh: '1' } })).body.items).toHaveLength(2);
    const bad = await call('GET /api/watchlist', { query: { fresh: 'yes' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('fresh');
  });

  it('needs a signed-in learner', async () => {
    const { call } = harness();
    expect((await call('GET /api/watchlist', { claims: undefined as never })).status).toBe(401);
  });
});
