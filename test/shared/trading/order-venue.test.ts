import { describe, expect, it } from 'vitest';
import type { AccountSummary } from '@shared/paper/paper.api';
import type { OrderRequest } from '@shared/paper/types';
import { fail, ok } from '@shared/result';
import { listAccounts } from '@shared/trading/list-accounts';
import type { OrderVenue } from '@shared/trading/order-venue.port';
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
  const v: OrderVenue = {
    accountId,
    summary: async () => (opts.setUp ? summary(accountId, opts.mode ?? 'paper') : null),
    placeOrder: async (userId, request) => {
      placed.push({ userId, request });
      return ok({ order: { orderId: 'o1' } as never, checks: [] });
    },
    cancelOrder: async () => fail('not_found', 'No such order.'),
  };
  return { v, placed };
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
      startingCapitals: [10_000, 25_000, 100_000],
    });
    expect(await listAccounts([venue('paper', { setUp: false }).v, broker.v], 'u1')).toMatchObject({
      accounts: [summary('alpaca-paper', 'live')],
      needsSetup: true,
    });
  });
});
