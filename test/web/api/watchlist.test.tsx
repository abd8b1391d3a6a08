// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WATCHLIST_KEPT_MS } from '@shared/watchlist/read-cache';
import { stubApi } from '../app/api-stub';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

import { queryKeys } from '@web/api/query-keys';
import { useAddToWatchlist, useWatchlist } from '@web/api/watchlist';

const VIEW = { items: [], expired: [], slots: { used: 0, limit: 10, level: 1, next: { level: 5, adds: 5 } } };

describe('the watchlist module', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('reads the list fresh for as long as the server keeps lists after this tab changed it, and then plainly again', async () => {
    let now = 1_000_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const { calls } = stubApi({
      'GET /api/watchlist': VIEW,
      'POST /api/watchlist/items': { item: { id: 'SPY', kind: 'underlying', underlying: 'SPY', order: 1, addedAt: '2026-11-27T18:00:00Z' }, created: true },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const reads = () => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/watchlist')).map((c) => c.path);

    const list = renderHook(() => useWatchlist(), { wrapper });
    await waitFor(() => expect(list.result.current.isSuccess).toBe(true));
    expect(reads()).toEqual(['/api/watchlist']);

    const add = renderHook(() => useAddToWatchlist(), { wrapper });
    await act(() => add.result.current.mutateAsync('SPY'));
    await waitFor(() => expect(reads()).toHaveLength(2));
    expect(reads()[1]).toBe('/api/watchlist?fresh=1');

    now += WATCHLIST_KEPT_MS - 1;
    await act(() => client.refetchQueries({ queryKey: queryKeys.watchlist() }));
    expect(reads()[2]).toBe('/api/watchlist?fresh=1');
    now += 1;
    await act(() => client.refetchQueries({ queryKey: queryKeys.watchlist() }));
    expect(reads()[3]).toBe('/api/watchlist');
  });
});
