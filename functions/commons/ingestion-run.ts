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
 * `read`, kept per ingestion run and key in the warm function: every caller in the same run shares one read (its
 * promise), and a new run reads again. A read that fails is not kept. At most `maxEntries` keys are kept (oldest out).
 */
export function perIngestionRun<A extends unknown[], R>(
  run: () => Promise<string>,
  read: (...args: A) => Promise<R>,
  keyOf: (...args: A) => string,
  maxEntries = 5_000,
): (...args: A) => Promise<R> {
  const kept = new BoundedMap<string, { run: string; value: Promise<R> }>(maxEntries);
  return async (...args: A) => {
    const version = await run();
    const key = keyOf(...args);
    const hit = kept.get(key);
    if (hit && hit.run === version) return hit.value;
    const value = read(...args);
    kept.set(key, { run: version, value });
    value.catch(() => {
      if (kept.get(key)?.value === value) kept.delete(key);
    });
    return value;
  };
}
