import { describe, expect, it } from 'vitest';
import { makeIngestOnRequest } from '../../../functions/events/ingest-on-request';
import { makeRecheckOnNewQuotes } from '../../../functions/events/recheck-on-new-quotes';
import { makeIngestJob, type IngestJobInput } from '../../../functions/jobs/ingest';
import type { IngestResult } from '@shared/market/ingest';
import { simulatedProvider } from '@shared/market/simulated-market';
import { memoryEventReceipts } from '../../support/memory-event-receipts';
import { memoryJobRuns } from '../../support/memory-job-runs';
import { memoryMarketStore } from '../../support/memory-market-store';

const now = () => new Date('2026-11-23T15:00:00Z');
const envelope = (detailType: string, detail: Record<string, unknown>) => ({
  id: crypto.randomUUID(),
  'detail-type': detailType,
  source: 'options-academy',
  detail,
});
const syncRequest = { eventId: '01JAAAAAAAAAAAAAAAAAAAAAAA', requestedBy: 'u', reason: 'sync', underlyings: ['QQQ', 'NOPE'], at: '2026-11-23T15:00:00Z' };

describe('ingestOnRequest (IngestRequested → the ingest job)', () => {
  it("runs a learner's Sync Data through the job: the tracked underlying only, chains only", async () => {
    const runs: { underlyings: readonly string[]; opts: object }[] = [];
    const job = makeIngestJob({
      provider: async () => ({ provider: simulatedProvider({ now }), reason: 'no key' }),
      store: memoryMarketStore(),
      now,
      runs: memoryJobRuns(),
      run: async (_d, underlyings, opts) => {
        runs.push({ underlyings, opts });
        return { contractsStored: 0, durationMs: 1, failures: [] } as unknown as IngestResult;
      },
    });
    await makeIngestOnRequest(job, memoryEventReceipts())(envelope('IngestRequested', syncRequest));
    expect(runs).toEqual([{ underlyings: ['QQQ'], opts: { horizonMonths: undefined, historyContracts: 0 } }]);
  });

  it('runs the job once for the same request delivered twice, and never for a malformed one', async () => {
    const inputs: IngestJobInput[] = [];
    const handler = makeIngestOnRequest(async (input) => inputs.push(input), memoryEventReceipts());
    await handler(envelope('IngestRequested', syncRequest));
    expect(await handler(envelope('IngestRequested', syncRequest))).toMatchObject({ status: 'duplicate' });
    expect(inputs).toEqual([{ source: 'request', reason: 'sync', underlyings: ['QQQ', 'NOPE'] }]);
    await expect(handler(envelope('IngestRequested', { reason: 'sync' }))).rejects.toThrow('ingestOnRequest cannot consume this IngestRequested');
    expect(inputs).toHaveLength(1);
  });
});

describe('recheckOnNewQuotes (ChainIngested → the settle job)', () => {
  const chainIngested = {
    eventId: '01JAAAAAAAAAAAAAAAAAAAAAAB',
    runId: 'run',
    source: 'demo',
    underlyings: ['SPY'],
    contractsStored: 10,
    failures: [],
    startedAt: '2026-11-23T23:00:00Z',
    finishedAt: '2026-11-23T23:00:09Z',
  };

  it('settles once per announcement of new quotes', async () => {
    let settled = 0;
    const handler = makeRecheckOnNewQuotes(async () => settled++, memoryEventReceipts());
    await handler(envelope('ChainIngested', chainIngested));
    await handler(envelope('ChainIngested', chainIngested));
    await handler(envelope('ChainIngested', { ...chainIngested, eventId: '01JAAAAAAAAAAAAAAAAAAAAAAC' }));
    expect(settled).toBe(2);
  });
});
