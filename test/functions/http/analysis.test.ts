import { describe, expect, it } from 'vitest';
import { makeAnalysisHandler } from '../../../functions/http/analysis';
import type { Event } from '../../../functions/commons/http';
import { analysisReader } from '@shared/analysis/analysis-reader';
import { runIngestion } from '@shared/market/ingest';
import { simulatedProvider } from '@shared/market/simulated-market';
import { simulatedPastReports } from '@shared/market/simulated-history';
import type { Clock } from '@shared/ports/clock.port';
import { memoryMarketStore } from '../../support/memory-market-store';
import { memorySummaryStore } from '../../support/memory-summary-store';

const ev = (routeKey: string, params?: Record<string, string>, headers: Record<string, string> = {}) =>
  ({ routeKey, headers, pathParameters: params, requestContext: { requestId: 'r' } }) as unknown as Event;

async function setup() {
  let runAt = new Date('2026-11-23T23:00:00Z'); // Monday 18:00 New York
  const ingestedAt = { now: () => runAt };
  let now = new Date('2026-11-24T15:00:00Z'); // Tuesday 10:00 New York
  const clock: Clock = { now: () => now };
  const store = memoryMarketStore();
  const summaries = memorySummaryStore();
  const ingest = () =>
    runIngestion(
      {
        provider: simulatedProvider(ingestedAt),
        store,
        summaries,
        outbox: { enqueue: async () => undefined },
        clock: ingestedAt,
        sleep: async () => undefined,
        newId: () => '01JD0000000000000000000001',
      },
      { underlyings: ['AAPL'], historyContracts: 0 },
    );
  await ingest();
  let summaryReads = 0;
  const list = summaries.listSummaries.bind(summaries);
  summaries.listSummaries = async (u, from) => {
    summaryReads++;
    return list(u, from);
  };
  const handler = makeAnalysisHandler({ reader: analysisReader({ summaries, market: store, clock, pastReports: simulatedPastReports }), market: store, clock });
  const rerun = async () => {
    runAt = new Date(runAt.getTime() + 5 * 60_000);
    await ingest();
  };
  return { handler, store, reads: () => summaryReads, rerun, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

describe('the analysis routes', () => {
  it('compute an answer once per ingestion run, cacheable until the next run, and answer 304 to its ETag', async () => {
    const t = await setup();
    const req = ev('GET /api/analysis/{underlying}/summary', { underlying: 'aapl' });
    const first = await t.handler(req);
    expect(first.statusCode).toBe(200);
    // Tuesday 10:00 New York → the 18:00 run is 8 hours away.
    expect(first.headers?.['cache-control']).toBe(`public, max-age=${8 * 3600}`);
    const body = JSON.parse(first.body!);
    expect(body).toMatchObject({ underlying: 'AAPL', asOf: '2026-11-23', source: 'demo' });
    expect(body.sessions).toBe(253);
    await t.handler(req);
    t.advance(60_000);
    await t.handler(req);
    expect(t.reads()).toBe(1);
    const etag = String(first.headers!.etag);
    expect((await t.handler(ev('GET /api/analysis/{underlying}/summary', { underlying: 'AAPL' }, { 'if-none-match': etag }))).statusCode).toBe(304);
    // A new run (an operator's, minutes later) changes the status: the answer is computed again.
    await t.rerun();
    t.advance(60_000);
    await t.handler(req);
    expect(t.reads()).toBe(2);
  });

  it('answer 404 for an underlying the academy does not analyse', async () => {
    const t = await setup();
    const res = await t.handler(ev('GET /api/analysis/{underlying}/events', { underlying: 'ZZZZ' }));
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body!).error).toContain('ZZZZ is not an underlying the academy analyses');
    const tracked = await t.handler(ev('GET /api/analysis/{underlying}/events', { underlying: 'MSFT' }));
    expect(tracked.statusCode).toBe(404);
    expect(JSON.parse(tracked.body!).error).toContain('No end-of-day data for MSFT yet');
  });

  it('serve the events of a stock with the next report and the last 12 moves', async () => {
    const t = await setup();
    const res = await t.handler(ev('GET /api/analysis/{underlying}/events', { underlying: 'AAPL' }));
    const body = JSON.parse(res.body!);
    expect(body.analysis.next.reportDate).toMatch(/^2027-/);
    expect(body.analysis.past).toHaveLength(12);
    expect(body.analysis.implied.eventMove).toBeGreaterThan(0.03);
  });
});
