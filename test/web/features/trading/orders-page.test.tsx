// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../app/api-stub';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

import OrdersPage from '@web/features/trading/components/orders-page';

const order = (orderId: string, agent?: string) => ({
  orderId,
  clientOrderId: `c-${orderId}`,
  type: 'market',
  limitPrice: null,
  timeInForce: 'day',
  legs: [{ contract: 'SPY261218C00600000', side: 'buy', quantity: 1 }],
  strategy: null,
  status: 'filled',
  createdAt: '2026-11-23T15:00:00.000Z',
  session: '2026-11-23',
  filledAt: '2026-11-23T15:00:00.000Z',
  canceledAt: null,
  expiredAt: null,
  fills: [],
  netPrice: 2.2,
  totalCost: 220.65,
  commission: 0.65,
  held: 0,
  underlyings: ['SPY'],
  run: 1,
  reason: null,
  ...(agent ? { agent } : {}),
});

describe('the orders page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("says which orders the learner's agent token placed, and leaves the learner's own as they are", async () => {
    stubApi({
      'GET /api/accounts': { accounts: [{ id: 'paper', name: 'Paper Trading', mode: 'paper' }], needsSetup: false, startingCapitals: [] },
      'GET /api/orders': { orders: [order('o2', 'my-bot'), order('o1')] },
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <OrdersPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const rows = await screen.findAllByTestId('order-row');
    expect(rows.map((r) => within(r).queryByTestId('order-agent')?.textContent ?? null)).toEqual(["placed by agent 'my-bot'", null]);
  });
});
