import { describe, expect, it } from 'vitest';
import { askOf, quoteOf, type OrderBook } from '@shared/prediction/book';
import {
  decideOrder,
  endResting,
  fillResting,
  freshAccount,
  holdCents,
  isSameOrder,
  settlePosition,
  sideMid,
  type DemoOrderRequest,
  type DemoPosition,
  type OrderContext,
} from '@shared/prediction/demo-account';
import { takerFeeCents } from '@shared/prediction/fee';
import { describeMarket } from '@shared/prediction/markets';

const market = describeMarket({ underlying: 'SPY', expiration: '2026-12-18', kind: 'above', lower: 600, upper: null, provider: 'simulated' });
/** YES bids 40 (100) and 42 (50); NO bids 52 (30) and 55 (20): YES ask 45 then 48, NO ask 58 then 60. */
const book: OrderBook = {
  marketId: market.id,
  yes: [
    { price: 40, count: 100 },
    { price: 42, count: 50 },
  ],
  no: [
    { price: 52, count: 30 },
    { price: 55, count: 20 },
  ],
};
const ctx = (over: Partial<OrderContext> = {}): OrderContext => ({
  market,
  book,
  madeAt: '2026-12-01T21:05:00.000Z',
  resolved: false,
  now: new Date('2026-12-02T15:00:00.000Z'),
  orderId: 'O1',
  ...over,
});
const req = (over: Partial<DemoOrderRequest> = {}): DemoOrderRequest => ({
  clientOrderId: 'client-0001',
  marketId: market.id,
  side: 'yes',
  action: 'buy',
  type: 'market',
  count: 10,
  ...over,
});
const account = freshAccount('u1', '2026-12-01T00:00:00.000Z');
const fee = (count: number, price: number) => {
  const f = takerFeeCents(count, price);
  if (!f.ok) throw new Error(f.error.message);
  return f.value;
};
const decided = (r: ReturnType<typeof decideOrder>) => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('a demo order against the book', () => {
  it('buys YES at the ask (100 − the best NO bid) and pays the price and the taker fee once', () => {
    expect(askOf(book, 'yes')).toBe(45);
    const d = decided(decideOrder(account, null, 0, req({ count: 10 }), ctx()));
    expect(d.order).toMatchObject({ status: 'filled', filledCount: 10, avgFillPrice: 45, fee: fee(10, 45), held: 0 });
    expect(d.account.balance).toBe(100_000 - 450 - fee(10, 45));
    expect(d.position!.after).toMatchObject({ side: 'yes', count: 10, cost: 450 + fee(10, 45), paid: 450 });
    expect(d.traded).toBe(10);
  });

  it('buys NO at 100 − the best YES bid, walking to the next level when the first runs out, one fee over both levels', () => {
    const d = decided(decideOrder(account, null, 0, req({ side: 'no', count: 60 }), ctx()));
    // 50 at 58 (the YES bid 42) and 10 at 60 (the YES bid 40).
    expect(d.order.fills).toEqual([
      { price: 58, count: 50 },
      { price: 60, count: 10 },
    ]);
    const oneFee = Math.ceil((7 * 50 * 58 * 42 + 7 * 10 * 60 * 40) / 10_000);
    expect(d.order.fee).toBe(oneFee);
    expect(d.account.balance).toBe(100_000 - (50 * 58 + 10 * 60) - oneFee);
  });

  it('a market order with a worst price fills only up to it and leaves the rest unfilled', () => {
    const d = decided(decideOrder(account, null, 0, req({ count: 40, limitPrice: 45 }), ctx()));
    expect(d.order).toMatchObject({ status: 'filled', count: 40, filledCount: 20 });
  });

  it('a limit bid fills what the ask allows now and rests the rest, holding limit × count + the largest fee it can owe', () => {
    const d = decided(decideOrder(account, null, 0, req({ type: 'limit', count: 50, limitPrice: 46 }), ctx()));
    expect(d.order).toMatchObject({ status: 'resting', filledCount: 20, held: 30 * 46 + fee(30, 46) });
    expect(holdCents(30, 70)).toBe(30 * 70 + fee(30, 50));
    expect(d.account.held).toBe(30 * 46 + fee(30, 46));
    expect(d.account.balance).toBe(100_000 - 20 * 45 - fee(20, 45) - d.account.held);
  });

  it('a limit bid under the ask rests whole; canceling it gives every held cent back', () => {
    const d = decided(decideOrder(account, null, 0, req({ type: 'limit', count: 10, limitPrice: 30 }), ctx()));
    expect(d.position).toBeNull();
    expect(d.order).toMatchObject({ status: 'resting', filledCount: 0, fee: 0 });
    const back = endResting(d.account, d.order, 'canceled', '2026-12-02T16:00:00.000Z');
    expect(back.account).toMatchObject({ balance: 100_000, held: 0 });
    expect(back.order).toMatchObject({ status: 'canceled', held: 0 });
  });

  it('refuses what the balance cannot pay, saying what it needs and what there is', () => {
    const poor = { ...account, balance: 400 };
    const r = decideOrder(poor, null, 0, req({ count: 10 }), ctx());
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('unprocessable');
    expect(r.error.message).toBe(`This order needs $${((450 + fee(10, 45)) / 100).toFixed(2)} of demo money and your demo balance has $4.00 available.`);
  });

  it('sells only what is held, to the side’s own bids, and takes the cost out in proportion', () => {
    const position: DemoPosition = { ...decided(decideOrder(account, null, 0, req({ count: 10 }), ctx())).position!.after!, version: 1 };
    const tooMany = decideOrder(account, position, 0, req({ action: 'sell', count: 11 }), ctx());
    expect(tooMany.ok || tooMany.error.message).toBe('You hold 10 YES contracts of this market, so you can sell at most 10, not 11.');
    const none = decideOrder(account, null, 0, req({ action: 'sell', side: 'no', count: 1 }), ctx());
    expect(none.ok || none.error.message).toBe('You hold no NO contracts of this market to sell.');
    const d = decided(decideOrder(account, position, 0, req({ action: 'sell', count: 4 }), ctx()));
    expect(d.order).toMatchObject({ avgFillPrice: 42, filledCount: 4, fee: fee(4, 42) });
    expect(d.account.balance).toBe(100_000 + 4 * 42 - fee(4, 42));
    expect(d.position!.after).toMatchObject({ count: 6, paid: 270, cost: position.cost - Math.round((position.cost * 4) / 10) });
  });

  it('refuses an order once the market has closed or resolved', () => {
    for (const c of [ctx({ now: new Date(market.closesAt) }), ctx({ resolved: true })]) {
      const r = decideOrder(account, null, 0, req(), c);
      expect(r.ok || r.error.code).toBe('conflict');
      expect(r.ok || r.error.message).toContain('stopped trading');
    }
  });

  it('names the field of a bad price or quantity', () => {
    const count = decideOrder(account, null, 0, req({ count: 1.5 }), ctx());
    const price = decideOrder(account, null, 0, req({ type: 'limit', limitPrice: 100 }), ctx());
    expect(count.ok || [count.error.code, count.error.details]).toEqual(['bad_request', { field: 'count' }]);
    expect(price.ok || [price.error.code, price.error.details]).toEqual(['bad_request', { field: 'limitPrice' }]);
    expect(price.ok || price.error.message).toContain('limitPrice');
  });

  it('a retry is the same order; a different order under the same client id is not', () => {
    const d = decided(decideOrder(account, null, 0, req({ type: 'limit', limitPrice: 30 }), ctx()));
    expect(isSameOrder(d.order, req({ type: 'limit', limitPrice: 30 }))).toBe(true);
    expect(isSameOrder(d.order, req({ type: 'limit', limitPrice: 31 }))).toBe(false);
    expect(isSameOrder(d.order, req({ type: 'limit', limitPrice: 30, side: 'no' }))).toBe(false);
  });
});

describe('a resting bid at a later making', () => {
  const placed = decided(decideOrder(account, null, 0, req({ type: 'limit', count: 10, limitPrice: 30 }), ctx()));
  const cheaper: OrderBook = { ...book, no: [{ price: 72, count: 6 }] }; // YES ask 28: 6 fill

  it('fills at the asks at or below its limit out of its hold, and keeps holding for the rest', () => {
    const d = fillResting(placed.account, null, placed.order, {
      market,
      book: cheaper,
      madeAt: '2026-12-02T21:05:00.000Z',
      now: new Date('2026-12-02T21:10:00.000Z'),
    })!;
    expect(d.order).toMatchObject({ status: 'resting', filledCount: 6, avgFillPrice: 28, fee: fee(6, 28), held: holdCents(4, 30) });
    expect(d.account.held).toBe(holdCents(4, 30));
    expect(d.account.balance + d.account.held).toBe(100_000 - 6 * 28 - fee(6, 28));
    expect(d.position!.after).toMatchObject({ count: 6, cost: 6 * 28 + fee(6, 28) });
  });

  it('does nothing against the making it was placed at, nor after the close', () => {
    expect(
      fillResting(placed.account, null, placed.order, { market, book: cheaper, madeAt: placed.order.checkedAt, now: new Date('2026-12-02T21:10:00.000Z') }),
    ).toBeNull();
    expect(
      fillResting(placed.account, null, placed.order, { market, book: cheaper, madeAt: '2026-12-19T00:00:00.000Z', now: new Date(market.closesAt) }),
    ).toBeNull();
  });
});

describe('settling a position', () => {
  const position: DemoPosition = { ...decided(decideOrder(account, null, 0, req({ count: 10 }), ctx())).position!.after!, version: 1 };

  it('pays 100¢ a winning contract, 0 a losing one, and the cost back when void', () => {
    const at = '2026-12-18T23:30:00.000Z';
    const yes = settlePosition(account, position, { status: 'resolved', outcome: 'yes', close: 601, closeDate: '2026-12-18' }, at);
    const no = settlePosition(account, position, { status: 'resolved', outcome: 'no', close: 599, closeDate: '2026-12-18' }, at);
    const voided = settlePosition(account, position, { status: 'void', reason: 'no close' }, at);
    expect(yes.settlement).toMatchObject({ outcome: 'yes', payout: 1000, pnl: 1000 - position.cost, close: 601 });
    expect(yes.account.balance).toBe(account.balance + 1000);
    expect(no.settlement).toMatchObject({ outcome: 'no', payout: 0, pnl: -position.cost });
    expect(voided.settlement).toMatchObject({ outcome: 'void', payout: position.cost, pnl: 0, close: null });
  });

  it('values a side at its own mid', () => {
    const q = quoteOf(book);
    expect(sideMid(q, 'yes')).toBe((42 + 45) / 2);
    expect(sideMid(q, 'no')).toBe((55 + 58) / 2);
  });
});
