import { syncOpenOrders, type OpenOrdersSyncReport } from '@shared/broker/use-cases/sync-open-orders';
import type { BrokerDeps } from '@shared/broker/use-cases/deps';
import { triggerOf, type JobRuns } from '@shared/ports/job-runs.port';
import { dynamoJobRuns } from '../adapters/dynamo/job-runs-repository';
import { instrumented, logger } from '../commons/powertools';
import { brokerDeps } from '../wiring/broker';
import { recordedRun } from './job-run';
import { BROKER_SYNC_SCHEDULE } from './schedules';

/**
 * Every few minutes of the trading day (BROKER_SYNC_SCHEDULE): syncs the Alpaca accounts of the learners with an order
 * still open there, found with one Query on the sparse GSI1 key of their synced orders (never a Scan). Each run is
 * recorded for the data manager (skipped outside market hours).
 */
export function makeBrokerSyncJob(deps: BrokerDeps, runs: JobRuns = dynamoJobRuns()) {
  return (input?: unknown): Promise<OpenOrdersSyncReport> =>
    instrumented('brokerSync', () =>
      recordedRun(
        { runs, jobId: BROKER_SYNC_SCHEDULE.id, trigger: triggerOf(input), now: () => deps.clock.now() },
        async () => {
          const report = await syncOpenOrders(deps);
          logger.info('Broker accounts with open orders synced', { ...report });
          return report;
        },
        (report) =>
          report.skipped
            ? { outcome: 'skipped', note: 'outside market hours' }
            : {
                outcome: report.failures === 0 ? 'succeeded' : 'failed',
                failures: report.failures ? [{ reason: `${report.failures} of ${report.learners} learners' accounts could not be synced` }] : [],
                note: `${report.synced} of ${report.learners} learners' accounts synced`,
              },
      ),
    );
}

export const handler = makeBrokerSyncJob(brokerDeps());
