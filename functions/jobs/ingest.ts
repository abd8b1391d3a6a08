import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { runIngestion, REAL_PROVIDER_HORIZON_MONTHS, type IngestDeps, type IngestResult } from '@shared/market/ingest';
import { currentSession } from '@shared/market/simulated-market';
import { TRACKED_UNDERLYINGS } from '@shared/market/underlyings';
import type { MarketDataProvider } from '@shared/market/market-data.port';
import type { MarketStore } from '@shared/market/market-store.port';
import { triggerOf, type JobRuns } from '@shared/ports/job-runs.port';
import { dynamoJobRuns } from '../adapters/dynamo/job-runs-repository';
import { dynamoSummaryStore } from '../adapters/dynamo/summary-repository';
import { marketDeps } from '../wiring/market';
import { logger, metrics } from '../commons/powertools';
import { recordedRun } from './job-run';
import { INGEST_SCHEDULE } from './schedules';

/**
 * The market-data ingestion job. Three ways in, one run:
 * - the weekday 18:00 New York schedule (EventBridge Scheduler input `{ source: 'scheduler' }`);
 * - a request (`{ source: 'request' }`): an operator's manual run or a learner's Sync Data for one underlying, through the
 *   `IngestRequested` event and its consumer (functions/events/ingest-on-request.ts);
 * - the local stack at start (`{ source: 'startup' }`), which runs only when the stored data is older than the latest session.
 */
export type IngestJobInput =
  | { source: 'scheduler' | 'startup' | 'manual'; scheduleId?: string; underlyings?: string[] }
  | { source: 'request'; reason: 'admin' | 'sync'; underlyings?: string[] };

export interface IngestJobDeps {
  provider: () => Promise<{ provider: MarketDataProvider; reason: string | null }>;
  store: MarketStore;
  run: (
    deps: Pick<IngestDeps, 'provider'>,
    underlyings: readonly string[],
    opts: { horizonMonths?: number; historyContracts?: number },
  ) => Promise<IngestResult>;
  now: () => Date;
  /** Every run is recorded (functions/jobs/job-run.ts); a scheduled one that stored every underlying is what the watchdog looks for. */
  runs: JobRuns;
}

export function makeIngestJob(deps: IngestJobDeps) {
  return (input: IngestJobInput): Promise<IngestResult | { skipped: string }> =>
    recordedRun(
      { runs: deps.runs, jobId: INGEST_SCHEDULE.id, trigger: triggerOf(input), now: deps.now },
      () => ingest(input),
      (result) =>
        'skipped' in result
          ? { outcome: 'skipped', note: result.skipped }
          : {
              outcome: result.failures.length === 0 ? 'succeeded' : 'failed',
              contracts: result.contractsStored,
              failures: result.failures.map((f) => ({ underlying: f.underlying, reason: f.error })),
              note: `${result.provider} (${result.source})`,
            },
    );

  async function ingest(input: IngestJobInput): Promise<IngestResult | { skipped: string }> {
    let underlyings: readonly string[] = TRACKED_UNDERLYINGS;
    let historyContracts: number | undefined;
    if (input.source === 'request') {
      if (input.underlyings?.length) underlyings = input.underlyings.filter((u) => TRACKED_UNDERLYINGS.includes(u));
      // A learner's Sync Data refreshes the chain quickly; history waits for the scheduled run.
      if (input.reason === 'sync') historyContracts = 0;
    } else {
      if (input.underlyings?.length) underlyings = input.underlyings;
      if (input.source === 'startup') {
        const status = await deps.store.getStatus().catch(() => null);
        const latest = currentSession(deps.now()).date;
        if (status?.session && status.session >= latest) return { skipped: `market data for ${latest} is already stored` };
      }
    }
    if (underlyings.length === 0) return { skipped: 'no tracked underlying requested' };

    const { provider, reason } = await deps.provider();
    if (reason) logger.info('Using the simulated market', { reason });
    const result = await deps.run({ provider }, underlyings, {
      // The real provider's quota rule: only expiries within 3 months on the schedule.
      horizonMonths: provider.source === 'live' ? REAL_PROVIDER_HORIZON_MONTHS : undefined,
      historyContracts,
    });
    metrics.addMetric('ContractsStored', MetricUnit.Count, result.contractsStored);
    metrics.addMetric('IngestDuration', MetricUnit.Milliseconds, result.durationMs);
    metrics.addMetric('IngestFailures', MetricUnit.Count, result.failures.length);
    metrics.publishStoredMetrics();
    for (const f of result.failures) logger.error('Underlying failed to ingest', f);
    logger.info('Ingestion finished', { runId: result.runId, provider: result.provider, contracts: result.contractsStored, ms: result.durationMs });
    return result;
  }
}

/**
 * `INGEST_PACING_SCALE` (0-1, default 1) shortens the pauses a real provider's calls keep (spec §9: 1 s between
 * underlyings, 0.5 s between contracts) for tests against a local stand-in, where no vendor's limit applies. It can only
 * shorten them; a deployment never sets it.
 */
export const pacingScale = (value: string | undefined): number => {
  const n = Number(value ?? 1);
  return Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 1;
};
const PACING_SCALE = pacingScale(process.env.INGEST_PACING_SCALE);

const wiring = marketDeps();
export const handler = makeIngestJob({
  provider: wiring.provider,
  store: wiring.store,
  now: () => wiring.clock.now(),
  runs: dynamoJobRuns(),
  run: (d, underlyings, opts) =>
    runIngestion(
      {
        ...d,
        store: wiring.store,
        summaries: dynamoSummaryStore(),
        outbox: wiring.outbox,
        clock: wiring.clock,
        newId: wiring.newId,
        sleep: (ms) => new Promise((r) => setTimeout(r, ms * PACING_SCALE)),
        warn: (m) => logger.warn(m),
      },
      { underlyings, ...opts },
    ),
});
