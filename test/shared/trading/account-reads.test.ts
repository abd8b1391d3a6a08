import { describe, expect, it } from 'vitest';
import { linksReadTogether } from '@shared/broker/alpaca-venue';
import type { BrokerLink } from '@shared/broker/broker.port';
import { portfolioCache } from '@shared/paper/read-model/portfolio-cache';
import { paperEquity, portfolioView } from '@shared/paper/read-model/portfolio-view';
import { buy, harness } from '../../support/paper-harness';
import { call, quote } from '../../support/trading-fixtures';

const link = (environment: 'paper' | 'live'): BrokerLink => ({
  environment,
  key_id_masked: 'PK…0001',
  options_trading_level: 2,
  compliance_acknowledged: true,
  compliance_acknowledged_at: null,
  last_validated_at: '2026-11-20T00:00:00Z',
  is_active: true,
  created_at: '2026-11-20T00:00:00Z',
  updated_at: '2026-11-20T00:00:00Z',
  account: null,
});

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

  it("shares one read of the learner's links between the venues asking at once, and keeps nothing after it", async () => {
    let reads = 0;
    let stored = [link('paper')];
    const together = linksReadTogether({ links: async () => (reads++, stored) });
    const [paper, live] = await Promise.all([together.link('u1', 'paper'), together.link('u1', 'live')]);
    expect(paper?.environment).toBe('paper');
    expect(live).toBeNull();
    expect(reads).toBe(1);
    stored = [link('paper'), link('live')];
    expect((await together.link('u1', 'live'))?.environment).toBe('live');
    expect(reads).toBe(2);
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
