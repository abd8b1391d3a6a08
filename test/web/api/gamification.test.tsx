// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../app/api-stub';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

import { useClaimChallenge, usePurchaseReward } from '@web/api/gamification';
import { queryKeys } from '@web/api/query-keys';

const STATE = { version: 7, optionsCoins: 12, dailyChallenges: [], settings: {} };

function setup() {
  const { calls } = stubApi({
    'POST /api/gamification/challenges/daily-trades%402026-11-25/claim': { state: STATE },
    'POST /api/gamification/rewards/theme%2Fgold/purchase': { state: STATE },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(queryKeys.gamification.leaderboard('global', 50), { entries: [], me: { rank: 3 } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { calls, client, wrapper };
}

describe('the gamification module', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a claim sends the id escaped once, puts the answered state in the cache and has the boards read again', async () => {
    const { calls, client, wrapper } = setup();
    const { result } = renderHook(() => useClaimChallenge(), { wrapper });
    await act(() => result.current.mutateAsync('daily-trades@2026-11-25'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/gamification/challenges/daily-trades%402026-11-25/claim']);
    expect(client.getQueryData(queryKeys.gamification.state())).toEqual(STATE);
    expect(client.getQueryState(queryKeys.gamification.leaderboard('global', 50))?.isInvalidated).toBe(true);
  });

  it('a purchase escapes its id the same way and refreshes the boards too', async () => {
    const { calls, client, wrapper } = setup();
    const { result } = renderHook(() => usePurchaseReward(), { wrapper });
    await act(() => result.current.mutateAsync('theme/gold'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/gamification/rewards/theme%2Fgold/purchase']);
    expect(client.getQueryState(queryKeys.gamification.leaderboard('global', 50))?.isInvalidated).toBe(true);
  });
});
