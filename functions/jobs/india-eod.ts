import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { IndiaDeps } from '@shared/market/india/india-feed';
import type { IndianClosingChainStore } from '@shared/market/india/closing-chains.port';
import { storeClosingChains, type ClosingChainsResult } from '@shared/market/india/use-cases/store-closing-chains';
import { triggerOf, type JobRuns } from '@shared/ports/job-runs.port';
import { dynamoIndianChainStore } from '../adapters/dynamo/indian-chain-repository';
import { dynamoJobRuns } from '../adapters/dynamo/job-runs-repository';
import { indiaDeps } from '../wiring/india';
import { logger, metrics } from '../commons/powertools';
import { recordedRun } from './job-run';
import { INDIA_EOD_SCHEDULE } from './schedules';

/** The Scheduler's `{ source: 'scheduler' }`, or a manual run, optionally of some underlyings only. */
export type IndiaEodInput = { source?: string; scheduleId?: string; underlyings?: string[] };

export interface IndiaEodDeps {
  india: IndiaDeps;
  store: IndianClosingChainStore;
  runs: JobRuns;
}

/** One line for the data manager: the feed, what was stored, what its feed does not list. */
export function eodNote(r: ClosingChainsResult): string {
  const feed = r.source === 'kite' ? (r.standIn ? 'Kite (local stand-in)' : 'Kite') : 'simulated NSE market';
  const chains = r.stored.reduce((n, u) => n + u.expiries.length, 0);
  const sessions = [...new Set(r.stored.map((u) => u.session))].sort().join(', ');
  const notListed = r.notListed.length ? `; not listed by the feed: ${r.notListed.join(', ')}` : '';
  return `${feed}: ${chains} chains of ${r.stored.length} underlyings${sessions ? `, session ${sessions}` : ''}${notListed}`;
}

/**
 * The Indian end-of-day job (issue 38): stores the closing chains of the NSE underlyings (store-closing-chains.ts),
 * weekdays at 15:45 Asia/Kolkata; each run is recorded like the US ingest's (job-run.ts), a skipped one (an NSE holiday)
 * with its reason.
 */
export function makeIndiaEodJob(deps: IndiaEodDeps) {
  return (input: IndiaEodInput = {}): Promise<ClosingChainsResult | { skipped: string }> =>
    recordedRun(
      { runs: deps.runs, jobId: INDIA_EOD_SCHEDULE.id, trigger: triggerOf(input), now: () => deps.india.clock.now() },
      async () => {
        const result = await storeClosingChains(deps, { underlyings: input.underlyings?.length ? input.underlyings : undefined });
        if ('skipped' in result) {
          logger.info('Indian closing chains skipped', { reason: result.skipped });
          return result;
        }
        metrics.addMetric(
          'IndianChainsStored',
          MetricUnit.Count,
          result.stored.reduce((n, u) => n + u.expiries.length, 0),
        );
        metrics.addMetric('IndianChainFailures', MetricUnit.Count, result.failures.length);
        metrics.publishStoredMetrics();
        for (const f of result.failures) logger.error('Indian closing chain not stored', f);
        logger.info('Indian closing chains stored', { note: eodNote(result) });
        return result;
      },
      (result) =>
        'skipped' in result
          ? { outcome: 'skipped', note: result.skipped }
          : {
              outcome: result.failures.length === 0 ? 'succeeded' : 'failed',
              contracts: result.stored.reduce((n, u) => n + u.contracts, 0),
              failures: result.failures,
              note: eodNote(result),
            },
    );
}

export const handler = makeIndiaEodJob({ india: indiaDeps(), store: dynamoIndianChainStore(), runs: dynamoJobRuns() });
