// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../app/api-stub';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

import { useChain } from '@web/api/market';
import { useAccountMutation, useAccounts, useCancelOrder, useOrders, usePlaceOrder, usePortfolio } from '@web/api/paper-account';

const PORTFOLIO = { account: { name: 'Paper Trading', cash: 100_000 }, positions: [], activity: [], pending: [] };
const ORDER = { orderId: '01JORDER00000000000000000A', status: 'filled' };
const API = {
  'GET /api/portfolio': PORTFOLIO,
  'GET /api/orders': { orders: [] },
  'GET /api/accounts': { accounts: [], needsSetup: false, startingCapitals: [10_000, 25_000, 100_000] },
  'GET /api/market/SPY/chain': { underlying: { ticker: 'SPY', price: 600, asOf: '2026-11-20T21:00:00Z' }, expiration_date: '2026-12-18', contracts: [] },
  'POST /api/orders': () => json({ order: ORDER, checks: [] }, 201),
  'DELETE /api/orders/01JORDER00000000000000000A': { order: { ...ORDER, status: 'canceled' } },
  'POST /api/account': () => json({ ...PORTFOLIO, account: { ...PORTFOLIO.account, cash: 25_000 } }, 201),
};

/** The screens a learner has open: the portfolio, the orders list, the account selector and a chain. */
function useScreens() {
  return { portfolio: usePortfolio(), orders: useOrders('all'), accounts: useAccounts(), chain: useChain('SPY', '2026-12-18') };
}

function renderScreens<T>(useMutationHook: () => T) {
  const { calls } = stubApi(API);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const view = renderHook(() => ({ screens: useScreens(), mutation: useMutationHook() }), { wrapper });
  const count = (path: string) => calls.filter((c) => c.method === 'GET' && c.path.split('?')[0] === path).length;
  return { view, count, client };
}

const loaded = async (view: ReturnType<typeof renderScreens>['view']) =>
  waitFor(() => expect(Object.values(view.result.current.screens).every((q) => q.isSuccess)).toBe(true));

describe('what a change to the paper account refreshes', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('an order refreshes the portfolio, the orders and the accounts before it settles, and leaves the chain alone', async () => {
    const { view, count } = renderScreens(usePlaceOrder);
    await loaded(view);
    expect([count('/api/portfolio'), count('/api/orders'), count('/api/accounts'), count('/api/market/SPY/chain')]).toEqual([1, 1, 1, 1]);

    await act(() =>
      view.result.current.mutation.mutateAsync({
        clientOrderId: 'c1',
        type: 'market',
        timeInForce: 'day',
        legs: [{ contract: 'SPY261218C00600000', side: 'buy', quantity: 1 }],
      }),
    );
    expect([count('/api/portfolio'), count('/api/orders'), count('/api/accounts'), count('/api/market/SPY/chain')]).toEqual([2, 2, 2, 1]);
  });

  it('a cancel refreshes the same views: the held buying power comes back', async () => {
    const { view, count } = renderScreens(useCancelOrder);
    await loaded(view);
    await act(() => view.result.current.mutation.mutateAsync(ORDER.orderId));
    expect([count('/api/portfolio'), count('/api/orders'), count('/api/accounts')]).toEqual([2, 2, 2]);
  });

  it('opening the account shows the answer at once and refreshes the orders and the accounts, not the portfolio it just got', async () => {
    const { view, count } = renderScreens(() => useAccountMutation('open'));
    await loaded(view);
    await act(() => view.result.current.mutation.mutateAsync({ startingCapital: 25_000 }));
    await waitFor(() => expect([count('/api/orders'), count('/api/accounts')]).toEqual([2, 2]));
    expect(view.result.current.screens.portfolio.data?.account.cash).toBe(25_000);
    expect(count('/api/portfolio')).toBe(1);
  });
});
