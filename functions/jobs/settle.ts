import { tradingDaysEnding } from '@shared/market/calendar';
import { newYorkParts } from '@shared/market/dates';
import type { Clock } from '@shared/ports/clock.port';
import type { PaperAccountRepository } from '@shared/paper/paper.port';
import type { MaintenanceDone } from '@shared/paper/use-cases/maintain';
import { countMetric, BUSINESS_METRICS, instrumented, logger } from '../commons/powertools';
import { tradingDeps } from '../commons/trading-wiring';

/**
 * After the close (weekdays 18:30 New York, once the 18:00 ingestion has stored the closing
 * prices): expire day orders that did not fill, settle options that expired today (and any a
 * missed run left over), and fill resting limits that the new quotes made marketable.
 * Also consumed on `ChainIngested`, so resting limits are re-checked whenever new quotes arrive.
 */
export function makeSettleJob(deps: {
  /** One account's due work (shared/paper/use-cases/maintain.ts). */
  maintain: (userId: string) => Promise<MaintenanceDone>;
  repo: Pick<PaperAccountRepository, 'usersWithOpenOrders' | 'usersWithExpiringPositions'>;
  clock: Clock;
}) {
  return (): Promise<{ users: number; failures: number }> =>
    instrumented('settle', async () => {
      const today = newYorkParts(deps.clock.now()).date;
      const users = new Set(await deps.repo.usersWithOpenOrders());
      for (const date of tradingDaysEnding(today, 5)) for (const u of await deps.repo.usersWithExpiringPositions(date)) users.add(u);
      let failures = 0;
      for (const userId of users) {
        try {
          const done = await deps.maintain(userId);
          if (done.ordersFilled) countMetric(BUSINESS_METRICS.fills, done.ordersFilled);
        } catch (err) {
          failures++;
          logger.error('Settlement failed for a user', { userId, error: err as Error });
        }
      }
      logger.info('Settlement run finished', { users: users.size, failures });
      return { users: users.size, failures };
    });
}

const wiring = tradingDeps();
export const handler = makeSettleJob({ maintain: wiring.paper.maintain, repo: wiring.repo, clock: wiring.clock });
