import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getMarketStatus, marketStatusQueryOptions, syncMarket } from '@web/api/market';
import { queryKeys } from '@web/api/query-keys';
import { ApiError } from '@web/lib/api-client';

export type SyncNotice =
  | { kind: 'info' | 'success' | 'error'; text: string }
  /** Sync needs an account: the page offers a sign-in link. */
  | { kind: 'signIn'; text: string };

export interface SyncTiming {
  /** How often the status is asked whether the queued sync has finished. */
  pollMs: number;
  /** When to stop asking. */
  timeoutMs: number;
}

const DEFAULT_TIMING: SyncTiming = { pollMs: 3_000, timeoutMs: 60_000 };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sync Data (spec part 2 §4): queue a sync of the ticker, then wait until the status says a newer
 * sync has landed, and reload the market data the page shows.
 */
export function useMarketSync(timing: SyncTiming = DEFAULT_TIMING) {
  const queryClient = useQueryClient();
  const [syncing, setSyncing] = useState(false);
  const [notice, setNotice] = useState<SyncNotice | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: queryKeys.market.all }), [queryClient]);

  const sync = useCallback(
    async (ticker: string) => {
      setSyncing(true);
      setNotice(null);
      try {
        const before = queryClient.getQueryData(marketStatusQueryOptions().queryKey)?.lastSync ?? (await getMarketStatus()).lastSync;
        const answer = await syncMarket(ticker);
        if (!mounted.current) return;
        setNotice({ kind: 'info', text: answer.message });
        if (answer.status !== 'queued') {
          await refresh();
          return;
        }
        const deadline = Date.now() + timing.timeoutMs;
        while (mounted.current && Date.now() < deadline) {
          await wait(timing.pollMs);
          const status = await getMarketStatus().catch(() => null);
          if (status && status.lastSync !== before) {
            queryClient.setQueryData(marketStatusQueryOptions().queryKey, status);
            await refresh();
            if (mounted.current) setNotice({ kind: 'success', text: `${ticker} is synced. The chain shows the latest data.` });
            return;
          }
        }
        if (mounted.current) setNotice({ kind: 'info', text: `The sync of ${ticker} is still running. Reload the page in a minute to see the new data.` });
      } catch (err) {
        if (!mounted.current) return;
        if (err instanceof ApiError && err.status === 401) setNotice({ kind: 'signIn', text: 'Sign in to sync data from the market-data provider.' });
        else setNotice({ kind: 'error', text: err instanceof Error ? err.message : 'The sync failed. Please try again.' });
      } finally {
        if (mounted.current) setSyncing(false);
      }
    },
    [queryClient, refresh, timing.pollMs, timing.timeoutMs],
  );

  return { sync, syncing, notice, dismissNotice: () => setNotice(null) };
}
