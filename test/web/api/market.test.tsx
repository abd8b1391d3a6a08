// @vitest-environment jsdom
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../app/api-stub';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

import { useChain, useContractQuote, useMarketStatus } from '@web/api/market';
import { queryKeys } from '@web/api/query-keys';
import { chainOf } from '../features/chain/fixtures';

const CHAIN = chainOf({ price: 600, first: 590, step: 5, count: 5 });

function setup() {
  const { calls } = stubApi({
    'GET /api/market/SPY/chain': CHAIN,
    'GET /api/market/status': { source: 'demo', provider: 'simulated', configured: false, lastSync: null, session: null },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { calls, client, wrapper };
}

describe('the market module', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('reads a contract’s quote from its chain’s cache entry: the ticket opened from the chain costs no second request', async () => {
    const { calls, wrapper } = setup();
    const contract = CHAIN.contracts[0]!.contract_ticker;
    const { result } = renderHook(() => ({ chain: useChain('SPY', CHAIN.expiration_date), quote: useContractQuote(contract) }), { wrapper });
    await waitFor(() => expect(result.current.quote.isSuccess).toBe(true));
    expect(result.current.quote.data).toMatchObject({ quote: { contract_ticker: contract }, underlying: { ticker: 'SPY' }, source: CHAIN.source });
    expect(calls.filter((c) => c.path.startsWith('/api/market/SPY/chain'))).toHaveLength(1);
  });

  it('says which chain a contract is missing from', async () => {
    const { wrapper } = setup();
    const { result } = renderHook(() => useContractQuote('SPY261127C00999000'), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe(`SPY261127C00999000 is not listed in the SPY chain for ${CHAIN.expiration_date}.`);
  });

  it('caches the market status under one key whatever the screen, however fresh each wants it', async () => {
    const { calls, client, wrapper } = setup();
    const { result } = renderHook(() => ({ chainPage: useMarketStatus(), adminPage: useMarketStatus(5_000) }), { wrapper });
    await waitFor(() => expect(result.current.chainPage.isSuccess && result.current.adminPage.isSuccess).toBe(true));
    expect(calls.filter((c) => c.path === '/api/market/status')).toHaveLength(1);
    expect(
      client
        .getQueryCache()
        .findAll({ queryKey: queryKeys.market.all })
        .map((q) => q.queryKey),
    ).toEqual([queryKeys.market.status()]);
  });
});

describe('the query-key factory', () => {
  it('nests every key under its area, so invalidating an area reaches each of its queries', () => {
    const market = [
      queryKeys.market.status(),
      queryKeys.market.tickers(),
      queryKeys.market.expiries('SPY'),
      queryKeys.market.chain('SPY', '2026-12-18'),
      queryKeys.market.quotes(['SPY', 'QQQ']),
    ];
    const paper = [queryKeys.paper.accounts(), queryKeys.paper.portfolio(), queryKeys.paper.orders(), queryKeys.paper.orders('open')];
    for (const key of market) expect(key.slice(0, 1)).toEqual(queryKeys.market.all);
    for (const key of paper) expect(key.slice(0, 1)).toEqual(queryKeys.paper.all);
    expect(queryKeys.paper.orders('open').slice(0, 2)).toEqual(queryKeys.paper.orders());
  });
});
