import { describe, expect, it } from 'vitest';
import { portfolioCache } from '@shared/paper/read-model/portfolio-cache';
import { listOrders } from '@shared/paper/read-model/orders-list';
import { paperEquity, portfolioView } from '@shared/paper/read-model/portfolio-view';
import { buy, harness } from '../../support/paper-harness';
import { call, quote } from '../../support/trading-fixtures';

describe("the account selector's reads", () => {
  it('reads the paper account equity the portfolio shows, and reads it again after an order (nothing kept)', async () => {
    const h = harness();
    const deps = { repo: h.repo, quotes: h.source, clock: h.clock };
    expect(await paperEquity(deps, 'u1')).toBeNull();
    await h.service.openAccount('u1', 100_000);
    await h.service.placeOrder('u1', buy(call(100), 2));
    h.quotes.set(call(100), quote(call(100), 2.5, 2.7));
    const p = await h.service.portfolio('u1');
    expect(p.ok && (await paperEquity(deps, 'u1'))).toBe(p.ok && p.value.account.equity);
    await h.service.closePosition('u1', call(100), {});
    const after = await h.service.portfolio('u1');
    expect(after.ok && (await paperEquity(deps, 'u1'))).toBe(after.ok && after.value.account.equity);
  });
});

describe('the portfolio with the warm function cache', () => {
  const counted = (h: ReturnType<typeof harness>) => {
    const reads = { positions: 0, activity: 0 };
    const repo = {
      ...h.repo,
      getPositions: (u: string) => (reads.positions++, h.repo.getPositions(u)),
      listActivity: (u: string, n: number) => (reads.activity++, h.repo.listActivity(u, n)),
    };
    return { repo, reads };
  };

  it('reuses the positions and activity kept for the account version, and reads them again after the learner’s order', async () => {
    const h = harness();
    await h.service.openAccount('u1', 100_000);
    const { repo, reads } = counted(h);
    const deps = { repo, quotes: h.source, clock: h.clock, portfolioCache: portfolioCache() };
    const first = await portfolioView(deps, 'u1');
    const again = await portfolioView(deps, 'u1');
    expect(again).toEqual(first);
    expect(reads).toEqual({ positions: 1, activity: 1 });
    // The learner's own order commits the account with a new version: the next read shows it.
    await h.service.placeOrder('u1', buy(call(100), 2));
    const after = await portfolioView(deps, 'u1');
    expect(reads).toEqual({ positions: 2, activity: 2 });
    expect(after!.positions.map((p) => [p.symbol, p.quantity])).toEqual([[call(100), 2]]);
    expect(after!.activity.length).toBeGreaterThan(first!.activity.length);
    // And it is the same view as without a cache.
    expect(after).toEqual(await portfolioView({ repo: h.repo, quotes: h.source, clock: h.clock }, 'u1'));
  });

  it("gives the account selector the portfolio's equity from the kept positions, and the new equity after an order", async () => {
    const h = harness();
    await h.service.openAccount('u1', 100_000);
    const { repo, reads } = counted(h);
    const deps = { repo, quotes: h.source, clock: h.clock, portfolioCache: portfolioCache() };
    expect(await paperEquity(deps, 'nobody')).toBeNull();
    await h.service.placeOrder('u1', buy(call(100), 2));
    h.quotes.set(call(100), quote(call(100), 2.5, 2.7));
    const view = await portfolioView(deps, 'u1');
    expect(await paperEquity(deps, 'u1')).toBe(view!.account.equity);
    expect(reads.positions).toBe(1);
    h.quotes.set(call(100), quote(call(100), 3.5, 3.7));
    await h.service.closePosition('u1', call(100), { quantity: 1 });
    const after = await portfolioView({ repo: h.repo, quotes: h.source, clock: h.clock }, 'u1');
    expect(await paperEquity(deps, 'u1')).toBe(after!.account.equity);
    expect(reads.positions).toBe(2);
  });

  it('keeps the orders list per account version and status, and reads it again after the learner’s order', async () => {
    const h = harness();
    await h.service.openAccount('u1', 100_000);
    let queries = 0;
    const repo = { ...h.repo, listOrders: (u: string, o?: Parameters<typeof h.repo.listOrders>[1]) => (queries++, h.repo.listOrders(u, o)) };
    const deps = { repo, portfolioCache: portfolioCache() };
    const plain = { repo: h.repo };
    await h.service.placeOrder('u1', buy(call(100), 1));
    const first = await listOrders(deps, 'u1', 'open');
    expect(await listOrders(deps, 'u1', 'open')).toEqual(first);
    expect(queries).toBe(1);
    expect(await listOrders(deps, 'u1')).toEqual(await listOrders(plain, 'u1'));
    expect(queries).toBe(2);
    await h.service.placeOrder('u1', { ...buy(call(100), 1), type: 'limit', limitPrice: 0.05, timeInForce: 'day' });
    const after = await listOrders(deps, 'u1', 'open');
    expect(queries).toBe(3);
    expect(after).toEqual(await listOrders(plain, 'u1', 'open'));
    expect(after.map((o) => o.status)).toContain('open');
    expect(after.length).toBe(first.length + 1);
    expect(await listOrders(deps, 'nobody')).toEqual([]);
  });

  it('keeps one version per learner and serves it only for that version', () => {
    const cache = portfolioCache(2);
    cache.set('a', 3, { positions: [], activity: [] });
    expect(cache.get('a', 3)).toEqual({ positions: [], activity: [] });
    expect(cache.get('a', 4)).toBeUndefined();
    expect(cache.get('a', 2)).toBeUndefined();
    cache.set('b', 1, { positions: [], activity: [] });
    cache.set('c', 1, { positions: [], activity: [] });
    expect(cache.get('a', 3)).toBeUndefined();
  });
});
