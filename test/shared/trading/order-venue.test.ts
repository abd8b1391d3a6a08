import { describe, expect, it } from 'vitest';
import type { OrderRequest } from '@shared/trading/order';
import type { AccountSummary } from '@shared/trading/trading.api';
import { fail, ok } from '@shared/result';
import { listAccounts } from '@shared/trading/list-accounts';
import type { OrderVenue } from '@shared/trading/order-venue.port';
import { cancelOrder } from '@shared/trading/cancel-order';
import { listOrders } from '@shared/trading/list-orders';
import { placeOrder } from '@shared/trading/place-order';

const summary = (id: string, mode: 'paper' | 'live'): AccountSummary => ({
  id,
  name: id,
  displayName: id,
  description: '',
  mode,
  broker: mode === 'live' ? 'alpaca' : null,
  balance: 1000,
  currency: 'USD',
  isConnected: true,
});

function venue(accountId: string, opts: { setUp: boolean; mode?: 'paper' | 'live' }) {
  const placed: { userId: string; request: OrderRequest }[] = [];
  const canceled: { userId: string; orderId: string }[] = [];
  const v: OrderVenue = {
    accountId,
    summary: async () => (opts.setUp ? summary(accountId, opts.mode ?? 'paper') : null),
    placeOrder: async (userId, request) => {
      placed.push({ userId, request });
      return ok({ order: { orderId: 'o1' } as never, checks: [] });
    },
    cancelOrder: async (userId, orderId) => {
      canceled.push({ userId, orderId });
      return fail('not_found', 'No such order.');
    },
    listOrders: async (_userId, status) => ok([{ orderId: `${accountId}-order`, status: status ?? 'open' } as never]),
  };
  return { v, placed, canceled };
}

const order: OrderRequest = { clientOrderId: 'c1', type: 'market', timeInForce: 'day', legs: [{ contract: 'SPY261218C00600000', side: 'buy', quantity: 1 }] };

describe('orders through a venue', () => {
  it('sends an order to the paper account unless another account is named, without the account id', async () => {
    const paper = venue('paper', { setUp: true });
    const broker = venue('alpaca-paper', { setUp: true, mode: 'live' });
    await placeOrder([paper.v, broker.v], 'u1', order);
    await placeOrder([paper.v, broker.v], 'u1', { ...order, accountId: 'alpaca-paper' });
    expect(paper.placed).toEqual([{ userId: 'u1', request: order }]);
    expect(broker.placed).toEqual([{ userId: 'u1', request: order }]);
  });

  it('answers an account the learner does not have with 404 and places nothing', async () => {
    const paper = venue('paper', { setUp: true });
    expect(await placeOrder([paper.v], 'u1', { ...order, accountId: 'someone-else' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(paper.placed).toEqual([]);
  });

  it('lists the accounts set up, paper first, and asks for set-up while the paper account is not open', async () => {
    const broker = venue('alpaca-paper', { setUp: true, mode: 'live' });
    expect(await listAccounts([venue('paper', { setUp: true }).v, broker.v], 'u1')).toEqual({
      accounts: [summary('paper', 'paper'), summary('alpaca-paper', 'live')],
      needsSetup: false,
    });
    expect(await listAccounts([venue('paper', { setUp: false }).v, broker.v], 'u1')).toMatchObject({
      accounts: [summary('alpaca-paper', 'live')],
      needsSetup: true,
    });
  });

  it('cancels on the account named, the paper account when none is', async () => {
    const paper = venue('paper', { setUp: true });
    const broker = venue('alpaca-live', { setUp: true, mode: 'live' });
    await cancelOrder([paper.v, broker.v], 'u1', 'o1');
    await cancelOrder([paper.v, broker.v], 'u1', 'o2', 'alpaca-live');
    expect(paper.canceled).toEqual([{ userId: 'u1', orderId: 'o1' }]);
    expect(broker.canceled).toEqual([{ userId: 'u1', orderId: 'o2' }]);
    expect(await cancelOrder([paper.v], 'u1', 'o3', 'alpaca-live')).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it("lists the named account's orders, the paper account's when none is named", async () => {
    const paper = venue('paper', { setUp: true });
    const broker = venue('alpaca-live', { setUp: true, mode: 'live' });
    expect(await listOrders([paper.v, broker.v], 'u1', {})).toMatchObject({ ok: true, value: [{ orderId: 'paper-order' }] });
    expect(await listOrders([paper.v, broker.v], 'u1', { accountId: 'alpaca-live', status: 'filled' })).toMatchObject({
      ok: true,
      value: [{ orderId: 'alpaca-live-order', status: 'filled' }],
    });
    expect(await listOrders([paper.v], 'u1', { accountId: 'nope' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
