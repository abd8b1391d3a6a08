import { describe, expect, it } from 'vitest';
import { askOf } from '@shared/prediction/book';
import { bookOf, type ExpirySnapshot } from '@shared/prediction/market-snapshots.port';
import type { DemoOrderRequest } from '@shared/prediction/demo-account';
import { holdCents } from '@shared/prediction/demo-account';
import { takerFeeOfFillCents } from '@shared/prediction/fee';
import { accountView } from '@shared/prediction/read-model/account-view';
import { cancelOrder } from '@shared/prediction/use-cases/cancel-order';
import type { TradingDeps } from '@shared/prediction/use-cases/deps';
import { expireBids } from '@shared/prediction/use-cases/expire-bids';
import { payHolders } from '@shared/prediction/use-cases/pay-holders';
import { placeOrder } from '@shared/prediction/use-cases/place-order';
import { recheckBids } from '@shared/prediction/use-cases/recheck-bids';
import { resetAccount } from '@shared/prediction/use-cases/reset-account';
import { memoryDemoRepo, memoryMarkets } from './memory-demo-repo';
import { spySnapshot } from './snapshot-fixture';

function harness(snapshot: ExpirySnapshot = spySnapshot()) {
  const demo = memoryDemoRepo();
  const markets = memoryMarkets(snapshot);
  let now = new Date('2026-12-01T15:00:00.000Z');
  let n = 0;
  const deps: TradingDeps = {
    repo: demo.repo,
    markets: markets.store,
    clock: { now: () => now },
    ids: { newId: () => `01ID${String(++n).padStart(6, '0')}` },
  };
  return { deps, demo, markets, setNow: (iso: string) => (now = new Date(iso)) };
}

const ABOVE_600 = 'SPY-2026-12-18-ABOVE-600';
const req = (over: Partial<DemoOrderRequest> = {}): DemoOrderRequest => ({
  clientOrderId: 'client-0001',
  marketId: ABOVE_600,
  side: 'yes',
  action: 'buy',
  type: 'market',
  count: 10,
  ...over,
});
const value = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const storedOf = (s: ExpirySnapshot, id: string) => s.markets.find((m) => m.market.id === id)!;
const fee = (levels: { price: number; count: number }[]) => value(takerFeeOfFillCents(levels));

describe('placing demo orders', () => {
  it('buys YES and NO at the asks of the stored making, and the account shows both at their side’s mid', async () => {
    const { deps } = harness();
    const snapshot = spySnapshot();
    const book = bookOf(snapshot, storedOf(snapshot, ABOVE_600));
    const yes = value(await placeOrder(deps, 'u1', req({ count: 5 })));
    const no = value(await placeOrder(deps, 'u1', req({ clientOrderId: 'client-0002', side: 'no', count: 5 })));
    expect(yes).toMatchObject({ replayed: false, order: { status: 'filled', filledCount: 5, avgFillPrice: askOf(book, 'yes') } });
    expect(no.order.avgFillPrice).toBe(askOf(book, 'no'));
    const view = await accountView(deps, 'u1');
    const paid = 5 * askOf(book, 'yes')! + 5 * askOf(book, 'no')! + yes.order.fee + no.order.fee;
    expect(view.balance).toBe(100_000 - paid);
    expect(view.positions.map((p) => [p.side, p.count, p.resolution.status])).toEqual([
      ['no', 5, 'open'],
      ['yes', 5, 'open'],
    ]);
    const yesPos = view.positions.find((p) => p.side === 'yes')!;
    expect(yesPos.value).toBe(5 * yesPos.mid!);
    expect(yesPos.pnl).toBe(yesPos.value! - yesPos.cost);
    expect(view.recentOrders.map((o) => o.id)).toEqual([no.order.id, yes.order.id]);
  });

  it('answers the same client id with the first order and writes nothing; a different order under it is 409', async () => {
    const { deps, demo } = harness();
    const first = value(await placeOrder(deps, 'u1', req()));
    const writes = demo.writes();
    const again = value(await placeOrder(deps, 'u1', req()));
    expect(again).toEqual({ order: first.order, replayed: true });
    expect(demo.writes()).toBe(writes);
    const other = await placeOrder(deps, 'u1', req({ count: 11 }));
    expect(other.ok || [other.error.code, other.error.message]).toEqual(['conflict', 'This clientOrderId was already used for a different order.']);
    expect((await accountView(deps, 'u1')).positions[0]!.count).toBe(10);
  });

  it('refuses what the balance cannot pay and writes nothing', async () => {
    const { deps, demo } = harness();
    const r = await placeOrder(deps, 'u1', req({ type: 'limit', limitPrice: 99, count: 2000 }));
    expect(r.ok || r.error.code).toBe('unprocessable');
    expect(r.ok || r.error.message).toMatch(/^This order needs \$[\d,]+\.\d\d of demo money and your demo balance has \$1,000\.00 available\.$/);
    expect(demo.writes()).toBe(0);
    expect((await accountView(deps, 'u1')).balance).toBe(100_000);
  });

  it('refuses a market that was never made (404) and one whose close has passed (409)', async () => {
    const { deps, setNow } = harness();
    const unknown = await placeOrder(deps, 'u1', req({ marketId: 'SPY-2026-12-18-ABOVE-601' }));
    expect(unknown.ok || unknown.error.code).toBe('not_found');
    setNow('2026-12-18T21:00:00.000Z');
    const late = await placeOrder(deps, 'u1', req());
    expect(late.ok || late.error.code).toBe('conflict');
  });

  it('a learner with no account reads a fresh $1,000 one and nothing is written', async () => {
    const { deps, demo } = harness();
    const view = await accountView(deps, 'nobody');
    expect(view).toMatchObject({
      demo: true,
      balance: 100_000,
      startingBalance: 100_000,
      held: 0,
      positions: [],
      openOrders: [],
      settlements: [],
      resetAt: null,
    });
    expect(demo.writes()).toBe(0);
  });
});

describe('resting bids', () => {
  it('a limit under the ask rests and holds; cancel gives the hold back; another learner’s id is 404', async () => {
    const { deps } = harness();
    const placed = value(await placeOrder(deps, 'u1', req({ type: 'limit', limitPrice: 10, count: 20 })));
    expect(placed.order).toMatchObject({ status: 'resting', filledCount: 0 });
    let view = await accountView(deps, 'u1');
    expect(view).toMatchObject({ balance: 100_000 - holdCents(20, 10), held: holdCents(20, 10) });
    expect(view.openOrders.map((o) => o.id)).toEqual([placed.order.id]);
    const theirs = await cancelOrder(deps, 'u2', placed.order.id);
    expect(theirs.ok || theirs.error.code).toBe('not_found');
    expect(value(await cancelOrder(deps, 'u1', placed.order.id)).status).toBe('canceled');
    view = await accountView(deps, 'u1');
    expect(view).toMatchObject({ balance: 100_000, held: 0, openOrders: [] });
    const twice = await cancelOrder(deps, 'u1', placed.order.id);
    expect(twice.ok || twice.error.code).toBe('conflict');
  });

  it('fills at a later making whose ask is at or below the limit, once', async () => {
    const { deps, markets } = harness();
    const placed = value(await placeOrder(deps, 'u1', req({ type: 'limit', limitPrice: 10, count: 20 })));
    expect(await recheckBids(deps)).toBe(0);
    // The next making: the market has fallen to about 5¢.
    const later = spySnapshot({ madeAt: '2026-12-02T21:05:00.000Z', bookSeed: 'seed-2', fairValueOf: () => 0.05 });
    markets.put(later);
    const book = bookOf(later, storedOf(later, ABOVE_600));
    const ask = askOf(book, 'yes')!;
    expect(ask).toBeLessThanOrEqual(10);
    expect(await recheckBids(deps)).toBe(1);
    expect(await recheckBids(deps)).toBe(0);
    const order = (await deps.repo.getOrder('u1', placed.order.id))!;
    expect(order.filledCount).toBeGreaterThan(0);
    const view = await accountView(deps, 'u1');
    const paid = order.fills.reduce((s, l) => s + l.price * l.count, 0);
    expect(view.balance + view.held).toBe(100_000 - paid - fee(order.fills));
    expect(view.positions[0]!.count).toBe(order.filledCount);
  });

  it('fills a bid once when two re-checks of the same making run at the same moment', async () => {
    const { deps, markets, demo } = harness();
    const placed = value(await placeOrder(deps, 'u1', req({ type: 'limit', limitPrice: 10, count: 20 })));
    markets.put(spySnapshot({ madeAt: '2026-12-02T21:05:00.000Z', bookSeed: 'seed-2', fairValueOf: () => 0.05 }));
    const writes = demo.writes();
    // The settle job's re-check of every bid and the making's re-check of its expiry, interleaved.
    const runs = await Promise.all([recheckBids(deps), recheckBids(deps, { expiries: [{ underlying: 'SPY', expiration: '2026-12-18' }] })]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(demo.writes()).toBe(writes + 1);
    const order = (await deps.repo.getOrder('u1', placed.order.id))!;
    expect(demo.volume.get(ABOVE_600)).toBe(order.filledCount);
    const view = await accountView(deps, 'u1');
    const paid = order.fills.reduce((s, l) => s + l.price * l.count, 0);
    expect(view.balance + view.held).toBe(100_000 - paid - fee(order.fills));
  });

  it('re-checks only the named expiries’ bids when given them', async () => {
    const { deps, markets } = harness();
    value(await placeOrder(deps, 'u1', req({ type: 'limit', limitPrice: 10, count: 20 })));
    markets.put(spySnapshot({ madeAt: '2026-12-02T21:05:00.000Z', bookSeed: 'seed-2', fairValueOf: () => 0.05 }));
    expect(await recheckBids(deps, { expiries: [{ underlying: 'SPY', expiration: '2026-12-11' }] })).toBe(0);
    expect(await recheckBids(deps, { expiries: [{ underlying: 'QQQ', expiration: '2026-12-18' }] })).toBe(0);
    expect(await recheckBids(deps, { expiries: [{ underlying: 'SPY', expiration: '2026-12-18' }] })).toBe(1);
  });

  it('expires at the market’s close with its held cents back', async () => {
    const { deps, setNow } = harness();
    value(await placeOrder(deps, 'u1', req({ type: 'limit', limitPrice: 10, count: 20 })));
    expect(await expireBids(deps)).toBe(0);
    setNow('2026-12-18T21:00:00.000Z');
    expect(await expireBids(deps)).toBe(1);
    expect(await expireBids(deps)).toBe(0);
    const view = await accountView(deps, 'u1');
    expect(view).toMatchObject({ balance: 100_000, held: 0, openOrders: [] });
    expect(view.recentOrders[0]!.status).toBe('expired');
  });
});

describe('paying the holders', () => {
  async function holdingBothSides() {
    const h = harness();
    const yes = value(await placeOrder(h.deps, 'u1', req({ count: 10 })));
    const no = value(await placeOrder(h.deps, 'u2', req({ clientOrderId: 'client-0002', side: 'no', count: 10 })));
    return { ...h, yes: yes.order, no: no.order };
  }

  it('pays 100¢ a winning contract and 0 a losing one, once even when run twice', async () => {
    const { deps, markets, setNow, yes, no } = await holdingBothSides();
    const before1 = (await accountView(deps, 'u1')).balance;
    const before2 = (await accountView(deps, 'u2')).balance;
    expect(await payHolders(deps)).toEqual({ positions: 0, paid: 0 });
    setNow('2026-12-18T23:30:00.000Z');
    markets.put({
      ...spySnapshot(),
      resolution: { status: 'resolved', outcome: 'yes', close: 600, closeDate: '2026-12-18' },
      resolvedAt: '2026-12-18T23:30:00.000Z',
    });
    expect(await payHolders(deps)).toEqual({ positions: 2, paid: 1000 });
    expect(await payHolders(deps)).toEqual({ positions: 0, paid: 0 });
    const u1 = await accountView(deps, 'u1');
    const u2 = await accountView(deps, 'u2');
    expect(u1.balance).toBe(before1 + 1000);
    expect(u2.balance).toBe(before2);
    expect(u1.positions).toEqual([]);
    expect(u1.settlements).toEqual([
      expect.objectContaining({ marketId: ABOVE_600, side: 'yes', outcome: 'yes', payout: 1000, pnl: 1000 - (10 * yes.avgFillPrice! + yes.fee), close: 600 }),
    ]);
    expect(u2.settlements[0]).toMatchObject({ side: 'no', outcome: 'yes', payout: 0, pnl: -(10 * no.avgFillPrice! + no.fee) });
  });

  it('a ladder pays exactly one bucket', async () => {
    const { deps, markets, setNow } = harness();
    const buckets = spySnapshot().markets.filter((m) => m.market.kind === 'between');
    for (const [i, b] of buckets.entries())
      value(await placeOrder(deps, 'u1', req({ clientOrderId: `client-b${String(i).padStart(4, '0')}`, marketId: b.market.id, count: 1 })));
    setNow('2026-12-18T23:30:00.000Z');
    markets.put({
      ...spySnapshot(),
      resolution: { status: 'resolved', outcome: 'yes', close: 603.5, closeDate: '2026-12-18' },
      resolvedAt: '2026-12-18T23:30:00.000Z',
    });
    expect(await payHolders(deps)).toEqual({ positions: buckets.length, paid: 100 });
  });

  it('refunds the cost when the market is void', async () => {
    const { deps, markets, setNow, yes } = await holdingBothSides();
    const before = (await accountView(deps, 'u1')).balance;
    setNow('2026-12-23T22:00:00.000Z');
    markets.put({ ...spySnapshot(), resolution: { status: 'void', reason: 'No close.' }, resolvedAt: '2026-12-23T22:00:00.000Z' });
    await payHolders(deps);
    const view = await accountView(deps, 'u1');
    expect(view.balance).toBe(before + 10 * yes.avgFillPrice! + yes.fee);
    expect(view.settlements[0]).toMatchObject({ outcome: 'void', pnl: 0 });
  });
});

describe('resetting the demo account', () => {
  it('goes back to $1,000 with resting bids canceled and positions cleared, recorded; orders stay as history', async () => {
    const { deps, setNow } = harness();
    value(await placeOrder(deps, 'u1', req({ count: 10 })));
    const resting = value(await placeOrder(deps, 'u1', req({ clientOrderId: 'client-0002', type: 'limit', limitPrice: 10, count: 20 })));
    setNow('2026-12-02T10:00:00.000Z');
    const view = value(await resetAccount(deps, 'u1'));
    expect(view).toMatchObject({ balance: 100_000, held: 0, positions: [], openOrders: [], resetAt: '2026-12-02T10:00:00.000Z' });
    expect(view.recentOrders.find((o) => o.id === resting.order.id)!.status).toBe('canceled');
    expect(view.recentOrders).toHaveLength(2);
  });

  it('a learner without an account gets one at $1,000', async () => {
    const { deps } = harness();
    expect(value(await resetAccount(deps, 'u9'))).toMatchObject({ balance: 100_000 });
  });
});
