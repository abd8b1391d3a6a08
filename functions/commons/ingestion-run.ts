import type { MarketStore } from '@shared/market/market-store.port';
import type { Clock } from '@shared/ports/clock.port';
import { BoundedMap } from '@shared/bounded-map';

/** How long a warm function trusts the last ingestion run it read before reading the sync status again. */
export const STATUS_FRESH_MS = 10_000;

/**
 * The last ingestion run (its finish time, 'none' before the first, 'unknown' when the status cannot be read), re-read
 * at most every `freshMs`: what an answer made from stored market data is kept for, since the data changes only when
 * a run stores new data.
 */
export function ingestionRun(market: Pick<MarketStore, 'getStatus'>, clock: Clock, freshMs = STATUS_FRESH_MS): () => Promise<string> {
  let status: { at: number; run: Promise<string> } | undefined;
  return () => {
    const now = clock.now().getTime();
    if (!status || now - status.at > freshMs) {
      const run = market
        .getStatus()
        .then((s) => s?.lastSync ?? 'none')
        .catch(() => 'unknown');
      status = { at: now, run };
    }
    return status.run;
  };
}

/**
 * Keeps what `make` gives per ingestion run and key in the warm function: every caller in the same run shares one
 * answer (its promise), and a new run makes it again. An answer that fails is not kept. At most `maxEntries` keys are
 * kept (oldest out).
 */
export function keptPerIngestionRun(run: () => Promise<string>, maxEntries = 5_000): <T>(key: string, make: () => Promise<T>) => Promise<T> {
  const kept = new BoundedMap<string, { run: string; value: Promise<unknown> }>(maxEntries);
  return async <T>(key: string, make: () => Promise<T>): Promise<T> => {
    const version = await run();
    const hit = kept.get(key);
    if (hit && hit.run === version) return hit.value as Promise<T>;
    const value = make();
    kept.set(key, { run: version, value });
    value.catch(() => {
      if (kept.get(key)?.value === value) kept.delete(key);
    });
    return value;
  };
}
