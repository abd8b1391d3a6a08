import { describe, expect, it } from 'vitest';
import { settleExpiries } from '@shared/paper/expiration';
import { MAX_OPEN_ORDERS, type Position } from '@shared/paper/types';
import { buy, harness } from '../../support/paper-harness';
import { call, put } from '../../support/trading-fixtures';

/** Issue 16's money rules, each against the paper account's use cases. */
const sell = (contract: string, quantity = 1, extra = {}) => ({ ...buy(contract, quantity, extra), legs: [{ contract, side: 'sell' as const, quantity }] });

async function withShares(h: ReturnType<typeof harness>, contracts = 1) {
  await h.service.placeOrder('u1', buy(call(100), contracts));
  h.setPrice(106);
  const done = await h.service.exercise('u1', call(100));
  if (!done.ok) throw new Error(done.error.message);
}

describe('closing a position', () => {
  it('closes a position a second time in its life with a new order; a retry with the same key returns the same order', async () => {
    const h = harness();
    await h.service.openAccount('u1', 100_000);
    await h.service.placeOrder('u1', buy(put(95), 1));
    const first = await h.service.closePosition('u1', put(95), {});
    await h.service.placeOrder('u1', buy(put(95), 1));
    const second = await h.service.closePosition('u1', put(95), {});
    expect(first.ok && second.ok && first.value.order.orderId !== second.value.order.orderId).toBe(true);
    expect(await h.repo.getPositions('u1')).toEqual([]);

    await h.service.placeOrder('u1', buy(put(95), 1));
    const keyed = await h.service.closePosition('u1', put(95), { clientOrderId: 'close-key-1' });
    const retried = await h.service.closePosition('u1', put(95), { clientOrderId: 'close-key-1' });
    expect(retried.ok && keyed.ok && retried.value.order.orderId).toBe(keyed.ok && keyed.value.order.orderId);
    expect((await h.repo.listOrders('u1')).filter((o) => o.clientOrderId === 'close-key-1')).toHaveLength(1);
  });

  it('never takes a position past zero: of two overlapping closes of a 2-lot (2 and 1) one fills and the other is refused', async () => {
    for (const order of [
      [2, 1],
      [1, 2],
    ]) {
      const h = harness();
      await h.service.openAccount('u1', 100_000);
      await h.service.placeOrder('u1', buy(put(95), 2));
      const results = await Promise.all(order.map((quantity) => h.service.closePosition('u1', put(95), { quantity })));
      expect(await h.repo.getPositions('u1')).toEqual(order[0] === 1 ? [expect.objectContaining({ quantity: 1 })] : []);
      const refused = results.filter((r) => !r.ok);
      expect(refused).toHaveLength(1);
      expect(refused[0]).toMatchObject({
        ok: false,
        error: { code: 'conflict', message: order[0] === 2 ? 'This position is already closed' : 'Only 1 contract is left to close' },
      });
      const pf = await h.service.portfolio('u1');
      expect(pf.ok && pf.value.account.reservedForShortOptions).toBe(0);
    }
  });

  it('closes shares reduce-only too: two overlapping sales of 60 of 80 shares leave 20, never −40', async () => {
    const h = harness();
    await h.service.openAccount('u1', 100_000);
    await withShares(h);
    const part = await h.service.closePosition('u1', 'XYZ', { quantity: 20 });
    expect(part.ok).toBe(true);
    const results = await Promise.all([h.service.closePosition('u1', 'XYZ', { quantity: 60 }), h.service.closePosition('u1', 'XYZ', { quantity: 60 })]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, error: { code: 'conflict', message: 'Only 20 shares are left to close' } });
    expect((await h.repo.getPositions('u1')).map((p) => [p.symbol, p.quantity])).toEqual([['XYZ', 20]]);
  });

  it('sells shares once for a client order id, however often the request is repeated', async () => {
    const h = harness();
    await h.service.openAccount('u1', 100_000);
    await withShares(h);
    const [a, b] = await Promise.all([
      h.service.closePosition('u1', 'XYZ', { quantity: 10, clientOrderId: 'sell-10' }),
      h.service.closePosition('u1', 'XYZ', { quantity: 10, clientOrderId: 'sell-10' }),
    ]);
    const again = await h.service.closePosition('u1', 'XYZ', { quantity: 10, clientOrderId: 'sell-10' });
    expect(a.ok && b.ok && again.ok).toBe(true);
    expect(new Set([a, b, again].map((r) => r.ok && r.value.order.orderId)).size).toBe(1);
    expect((await h.repo.getPositions('u1')).map((p) => [p.symbol, p.quantity])).toEqual([['XYZ', 90]]);
    expect(a.ok && a.value.order).toMatchObject({ status: 'filled', legs: [{ contract: 'XYZ', side: 'sell', quantity: 10 }], netPrice: 106 });
  });
});

describe('one client order id, one order', () => {
  it('answers a key reused for a different order with 409, not the old order', async () => {
    const h = harness();
    await h.service.openAccount('u1', 100_000);
    const first = await h.service.placeOrder('u1', buy(call(100), 1, { clientOrderId: 'k1' }));
    expect(first.ok).toBe(true);
    expect(await h.service.placeOrder('u1', buy(call(100), 1, { clientOrderId: 'k1' }))).toMatchObject({ ok: true });
    for (const other of [buy(call(100), 2, { clientOrderId: 'k1' }), buy(call(105), 1, { clientOrderId: 'k1' }), sell(call(100), 1, { clientOrderId: 'k1' })]) {
      expect(await h.service.placeOrder('u1', other)).toEqual({
        ok: false,
        error: { code: 'conflict', message: 'This order id was already used for a different order' },
      });
    }
    expect(await h.repo.listOrders('u1')).toHaveLength(1);
  });
});

describe('early exercise', () => {
  it('needs buying power, not just cash: the short puts’ reserve counts', async () => {
    const h = harness();
    await h.service.openAccount('u1', 25_000);
    await h.service.placeOrder('u1', sell(put(95), 2)); // cash-secured: 19,000 reserved
    await h.service.placeOrder('u1', buy(call(100), 1));
    h.setPrice(106);
    const pf = await h.service.portfolio('u1');
    const buyingPower = pf.ok ? pf.value.account.buyingPower : NaN;
    expect(buyingPower).toBeLessThan(10_000);
    expect(pf.ok && pf.value.account.cash).toBeGreaterThan(10_000);
    const refused = await h.service.exercise('u1', call(100));
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'unprocessable',
        message: `Exercising buys 100 XYZ shares for $10,000.00, and your buying power is $${buyingPower.toLocaleString('en-US', { minimumFractionDigits: 2 })}. Sell the option instead, or exercise fewer contracts.`,
      },
    });
    const after = await h.service.portfolio('u1');
    expect(after.ok && after.value.account.buyingPower).toBe(buyingPower);
  });

  it('does not deliver the shares that cover a short call', async () => {
    const h = harness();
    await h.service.openAccount('u1', 100_000);
    await withShares(h); // 100 XYZ
    await h.service.placeOrder('u1', sell(call(105), 1)); // covered by the shares
    await h.service.placeOrder('u1', buy(put(95), 1));
    h.setPrice(90);
    expect(await h.service.exercise('u1', put(95))).toMatchObject({
      ok: false,
      error: { code: 'unprocessable', message: expect.stringMatching(/^Exercising delivers the XYZ shares that cover your short call/) },
    });
  });
});

describe('assignment at expiry that cash cannot pay for', () => {
  const option = (symbol: string, strike: number, quantity: number, type: 'call' | 'put'): Position => ({
    symbol,
    kind: 'option',
    underlying: 'XYZ',
    optionType: type,
    strike,
    expiration: '2026-11-27',
    quantity,
    avgPrice: 1,
    openedAt: '2026-11-20T15:00:00Z',
    openedDate: '2026-11-20',
    version: 1,
  });

  it('sells just enough of the delivered shares at the expiry close to bring cash back to zero or above', () => {
    // A bull put spread 95/90 that closes at 92: the short put is assigned (100 shares at $95), the long put expires worthless.
    const positions = [option(put(95, '2026-11-27'), 95, -1, 'put'), option(put(90, '2026-11-27'), 90, 1, 'put')];
    const { results } = settleExpiries(
      positions,
      () => true,
      () => 92,
      { cash: 1_000, at: '2026-11-27T23:00:00Z', date: '2026-11-30', settlementOf: () => 'physical' },
    );
    expect(results.map((r) => r.outcome)).toEqual(['assigned', 'expired_worthless', 'forced_sale']);
    const cash = 1_000 + results.reduce((s, r) => s + r.cashDelta, 0);
    expect(cash).toBeGreaterThanOrEqual(0);
    expect(cash).toBeLessThan(92);
    const sale = results.at(-1)!;
    expect(sale.changes[0]!.after).toMatchObject({ symbol: 'XYZ', quantity: 100 - 93 });
    expect(sale.activity.text).toBe('Sold 93 XYZ at $92.00, the expiry close, to pay for the assignment: a cash account cannot go below $0.00.');
  });

  it('sells nothing when the cash covers the assignment', () => {
    const { results } = settleExpiries(
      [option(put(95, '2026-11-27'), 95, -1, 'put')],
      () => true,
      () => 92,
      {
        cash: 9_500,
        at: '2026-11-27T23:00:00Z',
        date: '2026-11-30',
        settlementOf: () => 'physical',
      },
    );
    expect(results.map((r) => r.outcome)).toEqual(['assigned']);
  });
});

describe('resting orders', () => {
  it('refuses a buy limit at or below zero', async () => {
    const h = harness();
    await h.service.openAccount('u1', 100_000);
    expect(await h.service.placeOrder('u1', buy(call(100), 10_000, { type: 'limit', limitPrice: -100_000 }))).toMatchObject({
      ok: false,
      error: { code: 'bad_request', message: expect.stringMatching(/^A single-leg limit price must be above \$0\.00/) },
    });
    expect(await h.repo.listOrders('u1')).toEqual([]);
  });

  it(`keeps at most ${MAX_OPEN_ORDERS} open orders, atomically, and counts a canceled one out`, async () => {
    const h = harness();
    await h.service.openAccount('u1', 100_000);
    const rest = () => h.service.placeOrder('u1', buy(call(105), 1, { type: 'limit', limitPrice: 0.05 }));
    const placed = [];
    for (let i = 0; i < MAX_OPEN_ORDERS - 2; i++) placed.push(await rest());
    // The last places race: the count lives on the account, so exactly two of five get in.
    placed.push(...(await Promise.all(Array.from({ length: 5 }, rest))));
    expect(placed.filter((r) => r.ok)).toHaveLength(MAX_OPEN_ORDERS);
    expect(placed.find((r) => !r.ok)).toMatchObject({
      ok: false,
      error: { code: 'unprocessable', message: 'You have 100 open orders, the most a paper account keeps at once. Cancel one before placing another.' },
    });
    const first = placed.find((r) => r.ok)!;
    await h.service.cancelOrder('u1', first.ok ? first.value.order.orderId : '');
    expect((await rest()).ok).toBe(true);
    expect(await h.service.listOrders('u1', 'open')).toHaveLength(MAX_OPEN_ORDERS);
  });
});

describe('a burst of orders from one learner', () => {
  it('fills every order that fits and refuses the rest for buying power, with no conflicts', async () => {
    const h = harness();
    await h.service.openAccount('u1', 10_000);
    // Each costs 3 × $220 + $1.95 commission: 15 fit in $10,000.
    const results = await Promise.all(Array.from({ length: 20 }, () => h.service.placeOrder('u1', buy(call(100), 3))));
    expect(results.filter((r) => r.ok)).toHaveLength(15);
    const refused = results.filter((r) => !r.ok);
    expect(refused.every((r) => !r.ok && r.error.code === 'unprocessable' && r.error.message.startsWith('Insufficient buying power'))).toBe(true);
  });

  it('cancels eight resting orders at once', async () => {
    const h = harness();
    await h.service.openAccount('u1', 100_000);
    const placed = await Promise.all(Array.from({ length: 8 }, () => h.service.placeOrder('u1', buy(call(105), 1, { type: 'limit', limitPrice: 0.05 }))));
    const canceled = await Promise.all(placed.map((p) => h.service.cancelOrder('u1', p.ok ? p.value.order.orderId : '')));
    expect(canceled.every((c) => c.ok)).toBe(true);
    const pf = await h.service.portfolio('u1');
    expect(pf.ok && pf.value.account.heldForOrders).toBe(0);
  });
});
