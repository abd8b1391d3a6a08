import { syncOpenOrders, type OpenOrdersSyncReport } from '@shared/broker/use-cases/sync-open-orders';
import type { BrokerDeps } from '@shared/broker/use-cases/deps';
import { instrumented, logger } from '../commons/powertools';
import { brokerDeps } from '../wiring/broker';

/**
 * Every few minutes of the trading day (BROKER_SYNC_SCHEDULE): syncs the Alpaca accounts of the learners with an order
 * still open there, found with one Query on the sparse GSI1 key of their synced orders (never a Scan).
 */
export function makeBrokerSyncJob(deps: BrokerDeps) {
  return (): Promise<OpenOrdersSyncReport> =>
    instrumented('brokerSync', async () => {
      const report = await syncOpenOrders(deps);
      logger.info('Broker accounts with open orders synced', { ...report });
      return report;
    });
}

export const handler = makeBrokerSyncJob(brokerDeps());
