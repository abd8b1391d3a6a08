import { beforeAll, describe, expect, inject, it } from 'vitest';
import { learner as learnerOf, marketBuy, marketOrder, monthlyChain, newKey, type ChainContract } from '../support/learner';

/** Issue 16's attacks on the paper engine, run through the gateway against the local stack: each must fail. */
const stack = inject('stack');
const learner = (startingCapital?: number) => learnerOf(stack, startingCapital);
type Learner = Awaited<ReturnType<typeof learner>>;

let spy: Awaited<ReturnType<typeof monthlyChain>>;
let nvda: Awaited<ReturnType<typeof monthlyChain>>;
let atmPut: ChainContract;

beforeAll(async () => {
  spy = await monthlyChain(stack, 'SPY');
  nvda = await monthlyChain(stack, 'NVDA');
  atmPut = spy.nearest('put', spy.price);
});

const positions = async (l: Learner) =>
  (await l.call('GET', '/api/portfolio')).body as {
    positions: { symbol: string; quantity: number }[];
    account: { cash: number; buyingPower: number; heldForOrders: number; reservedForShortOptions: number };
  };

/** 100 NVDA shares, from a deep in-the-money call exercised early. */
async function withShares(l: Learner) {
  const deep = nvda.nearest('call', nvda.price * 0.7);
  expect((await l.call('POST', '/api/orders', marketBuy(deep.contract_ticker, 1))).status).toBe(201);
  expect((await l.call('POST', `/api/positions/${deep.contract_ticker}/exercise`, {})).status).toBe(200);
}

describe('closing', () => {
  it('closes a position a second time in its life, without a key from the client, as a new order', async () => {
    const l = await learner(100_000);
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      expect((await l.call('POST', '/api/orders', marketBuy(atmPut.contract_ticker, 1))).status).toBe(201);
      const closed = await l.call('POST', `/api/positions/${atmPut.contract_ticker}/close`, { whenClosed: 'last-close' });
      expect(closed.status).toBe(201);
      ids.push(closed.body.order.orderId);
      expect((await positions(l)).positions).toEqual([]);
    }
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('never goes short from two overlapping closes of a 2-lot long put (quantities 2 and 1)', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const l = await learner(100_000);
      expect((await l.call('POST', '/api/orders', marketBuy(atmPut.contract_ticker, 2))).status).toBe(201);
      const [a, b] = await Promise.all(
        [2, 1].map((quantity) =>
          l.call('POST', `/api/positions/${atmPut.contract_ticker}/close`, { quantity, clientOrderId: newKey(), whenClosed: 'last-close' }),
        ),
      );
      // One close books; the other is refused, in words that depend on when it is decided: while the put is still held
      // (409, it would cross zero) or after the other close removed it (404, nothing left to close).
      const refused = [a, b].find((r) => r!.status !== 201)!;
      expect([a!.status, b!.status].filter((s) => s === 201)).toHaveLength(1);
      expect([404, 409]).toContain(refused.status);
      expect(refused.body.error).toMatch(/^(This position is already closed|Only 1 contract is left to close|You hold no SPY\w+ position\.)$/);
      const after = await positions(l);
      expect(after.positions.every((p) => p.quantity > 0)).toBe(true);
      expect(after.account.reservedForShortOptions).toBe(0);
    }
  });

  it('sells 60 of 80 shares once when two such sales overlap, and a repeated key sells once', async () => {
    const l = await learner(100_000);
    await withShares(l);
    // Each sale fills at once whatever the time of the run (the practice shortcut while the market is closed).
    expect((await l.call('POST', '/api/positions/NVDA/close', { quantity: 20, whenClosed: 'last-close' })).status).toBe(201);
    const both = await Promise.all(
      [1, 2].map(() => l.call('POST', '/api/positions/NVDA/close', { quantity: 60, clientOrderId: newKey(), whenClosed: 'last-close' })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.status === 409)!.body.error).toBe('Only 20 shares are left to close');
    const key = newKey();
    const twice = await Promise.all(
      [1, 2].map(() => l.call('POST', '/api/positions/NVDA/close', { quantity: 5, clientOrderId: key, whenClosed: 'last-close' })),
    );
    expect(twice.map((r) => r.status)).toEqual([201, 201]);
    expect(twice[0]!.body.order.orderId).toBe(twice[1]!.body.order.orderId);
    expect((await positions(l)).positions.find((p) => p.symbol === 'NVDA')?.quantity).toBe(15);
  });
});

describe('one key, one order', () => {
  it('answers a key reused for a different order with 409 and places nothing more', async () => {
    const l = await learner(100_000);
    const key = newKey();
    expect((await l.call('POST', '/api/orders', marketBuy(atmPut.contract_ticker, 1, key))).status).toBe(201);
    const reused = await l.call('POST', '/api/orders', marketBuy(atmPut.contract_ticker, 3, key));
    expect(reused).toMatchObject({ status: 409, body: { error: 'This order id was already used for a different order' } });
    expect((await l.call('GET', '/api/orders')).body.orders).toHaveLength(1);
  });
});

describe('early exercise', () => {
  it('is refused when it needs more than the buying power, even though the cash would cover it', async () => {
    const l = await learner(100_000);
    const deep = nvda.nearest('call', nvda.price * 0.7);
    expect((await l.call('POST', '/api/orders', marketBuy(deep.contract_ticker, 1))).status).toBe(201);
    // Cash-secured puts reserve strike × 100 each (less the premium they bring): enough of them leave less buying
    // power than the exercise needs, and all the cash.
    const put = nvda.nearest('put', nvda.price * 0.6); // a strike below the call's, so some number of puts lands in between
    const perPut = (put.strike_price - put.bid) * 100;
    const spare = (await positions(l)).account.buyingPower;
    const puts = Math.ceil((spare - deep.strike_price * 100 + 1) / perPut);
    expect(puts * perPut).toBeLessThan(spare);
    expect((await l.call('POST', '/api/orders', marketOrder(put.contract_ticker, 'sell', puts))).status).toBe(201);
    const before = await positions(l);
    expect(before.account.cash).toBeGreaterThan(deep.strike_price * 100);
    expect(before.account.buyingPower).toBeLessThan(deep.strike_price * 100);
    const refused = await l.call('POST', `/api/positions/${deep.contract_ticker}/exercise`, {});
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatch(
      /^Exercising buys 100 NVDA shares for \$[\d,]+\.\d\d, and your buying power is \$[\d,]+\.\d\d\. Sell the option instead/,
    );
    expect((await positions(l)).account.buyingPower).toBe(before.account.buyingPower);
  });
});

describe('resting orders', () => {
  it('refuses a buy limit below zero for 10,000 contracts', async () => {
    const l = await learner(100_000);
    const order = { ...marketBuy(atmPut.contract_ticker, 10_000), type: 'limit', limitPrice: -100_000 };
    const refused = await l.call('POST', '/api/orders', order);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^A single-leg limit price must be above \$0\.00/);
    expect((await l.call('GET', '/api/orders?status=open')).body.orders).toEqual([]);
  });

  it('keeps at most 100 open orders', async () => {
    const l = await learner(100_000);
    const far = spy.nearest('call', spy.price * 1.1);
    const rest = () => l.call('POST', '/api/orders', { ...marketBuy(far.contract_ticker, 1), type: 'limit', limitPrice: 0.01 });
    for (let i = 0; i < 100; i++) expect((await rest()).status).toBe(201);
    expect(await rest()).toMatchObject({
      status: 422,
      body: { error: 'You have 100 open orders, the most a paper account keeps at once. Cancel one before placing another.' },
    });
  });
});

describe('a burst from one learner', () => {
  it('fills every buy of 20 at once that fits in $10,000 and refuses the rest for buying power, with no 409', async () => {
    const l = await learner(10_000);
    const perOrder = atmPut.ask * 100 + 0.65;
    const quantity = Math.max(1, Math.floor(10_000 / 12 / perOrder));
    const results = await Promise.all(Array.from({ length: 20 }, () => l.call('POST', '/api/orders', marketBuy(atmPut.contract_ticker, quantity))));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 409)).toEqual([]);
    expect(statuses.every((s) => s === 201 || s === 422)).toBe(true);
    expect(results.filter((r) => r.status === 422).every((r) => /^Insufficient buying power/.test(r.body.error))).toBe(true);
    // Every order that fits fills: what is left cannot pay for one more.
    const left = (await positions(l)).account.buyingPower;
    expect(left).toBeLessThan(quantity * perOrder + 1);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(10);
  });

  it('cancels eight resting orders at once', async () => {
    const l = await learner(100_000);
    const far = spy.nearest('call', spy.price * 1.1);
    const placed = await Promise.all(
      Array.from({ length: 8 }, () => l.call('POST', '/api/orders', { ...marketBuy(far.contract_ticker, 1), type: 'limit', limitPrice: 0.01 })),
    );
    expect(placed.map((p) => p.status)).toEqual(Array(8).fill(201));
    const canceled = await Promise.all(placed.map((p) => l.call('DELETE', `/api/orders/${p.body.order.orderId}`)));
    expect(canceled.map((c) => c.status)).toEqual(Array(8).fill(200));
    expect((await positions(l)).account.heldForOrders).toBe(0);
  });
});
