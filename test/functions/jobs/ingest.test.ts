import { describe, expect, it } from 'vitest';
import { makeIngestJob, pacingScale } from '../../../functions/jobs/ingest';
import type { IngestResult } from '@shared/market/ingest';
import { simulatedProvider } from '@shared/market/simulated-market';
import { TRACKED_UNDERLYINGS } from '@shared/market/underlyings';
import { memoryJobRuns } from '../../support/memory-job-runs';
import { memoryMarketStore } from '../../support/memory-market-store';

const now = () => new Date('2026-11-23T15:00:00Z');
function job(session: string | null, failures: string[] = []) {
  const store = memoryMarketStore();
  const done = memoryJobRuns();
  if (session) void store.putStatus({ lastSync: 'x', session, source: 'demo', provider: 'simulated', contractsStored: 1, failures: [] });
  const runs: { underlyings: readonly string[]; opts: { horizonMonths?: number; historyContracts?: number } }[] = [];
  const handler = makeIngestJob({
    provider: async () => ({ provider: simulatedProvider({ now }), reason: 'no key' }),
    store,
    now,
    runs: done,
    run: async (_d, underlyings, opts) => {
      runs.push({ underlyings, opts });
      return { contractsStored: 0, durationMs: 1, failures: failures.map((underlying) => ({ underlying, error: 'down' })) } as unknown as IngestResult;
    },
  });
  return { handler, runs, done };
}

describe('the ingest job', () => {
  it('runs every tracked underlying on the schedule, with every expiry for the simulated market', async () => {
    const { handler, runs } = job(null);
    await handler({ source: 'scheduler', scheduleId: 'ingest' });
    expect(runs).toEqual([{ underlyings: TRACKED_UNDERLYINGS, opts: { horizonMonths: undefined, historyContracts: undefined } }]);
  });

  it('records a scheduled run that stored every underlying for the watchdog, and no other run', async () => {
    const scheduled = job(null);
    await scheduled.handler({ source: 'scheduler', scheduleId: 'ingest' });
    expect(scheduled.done.last.get('ingest')).toEqual(now());
    const partial = job(null, ['SPY']);
    await partial.handler({ source: 'scheduler', scheduleId: 'ingest' });
    expect(partial.done.last.size).toBe(0);
    const requested = job(null);
    await requested.handler({ source: 'request', reason: 'admin' });
    await requested.handler({ source: 'startup' });
    expect(requested.done.last.size).toBe(0);
  });

  it('skips the start-up run when the latest session is already stored', async () => {
    const fresh = job('2026-11-20');
    expect(await fresh.handler({ source: 'startup' })).toEqual({ skipped: 'market data for 2026-11-20 is already stored' });
    const stale = job('2026-11-19');
    await stale.handler({ source: 'startup' });
    expect(stale.runs).toHaveLength(1);
  });

  it("runs a learner's Sync Data for one tracked underlying, chains only", async () => {
    const { handler, runs } = job(null);
    await handler({ source: 'request', reason: 'sync', underlyings: ['QQQ', 'NOPE'] });
    expect(runs).toEqual([{ underlyings: ['QQQ'], opts: { horizonMonths: undefined, historyContracts: 0 } }]);
  });

  it("runs an operator's request for untracked underlyings not at all", async () => {
    const { handler, runs } = job(null);
    expect(await handler({ source: 'request', reason: 'admin', underlyings: ['NOPE'] })).toEqual({ skipped: 'no tracked underlying requested' });
    expect(runs).toEqual([]);
  });
});

describe('INGEST_PACING_SCALE', () => {
  it('keeps the provider’s pacing unless told, and can only shorten it', () => {
    expect(pacingScale(undefined)).toBe(1);
    expect(pacingScale('0.05')).toBe(0.05);
    expect(pacingScale('0')).toBe(0);
    expect(pacingScale('3')).toBe(1);
    expect(pacingScale('-1')).toBe(0);
    expect(pacingScale('fast')).toBe(1);
  });
});
