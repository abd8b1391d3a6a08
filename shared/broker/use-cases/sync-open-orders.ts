import { isTradingDay, sessionCloseMinutes } from '../../market/calendar';
import { newYorkParts } from '../../market/dates';
import { warn, type BrokerDeps } from './deps';
import { syncBroker } from './sync';

/** The regular session opens at 9:30 New York time, in minutes after midnight; it closes at 16:00, or 13:00 on an early close. */
const OPEN_MINUTES = 9 * 60 + 30;

/** Whether the exchange's regular session is running at an instant: a trading day, between the open and the close. */
export function inMarketHours(now: Date): boolean {
  const { date, minutes } = newYorkParts(now);
  return isTradingDay(date) && minutes >= OPEN_MINUTES && minutes <= sessionCloseMinutes(date);
}

export interface OpenOrdersSyncReport {
  learners: number;
  synced: number;
  failures: number;
  /** Outside market hours nothing is synced: a resting order cannot fill while the market is shut. */
  skipped: boolean;
}

/**
 * The scheduled sync: during market hours, each learner whose last sync stored an order still open at Alpaca is synced
 * (the same command as POST /api/broker/{environment}/sync), so a resting order that fills is reported (OrderFilled
 * marked live) without the learner opening the page. One learner's failure (keys removed, Alpaca refusing) is counted
 * and the others go on.
 */
export async function syncOpenOrders(deps: BrokerDeps): Promise<OpenOrdersSyncReport> {
  if (!inMarketHours(deps.clock.now())) return { learners: 0, synced: 0, failures: 0, skipped: true };
  const learners = await deps.repo.learnersWithOpenOrders();
  const report: OpenOrdersSyncReport = { learners: learners.length, synced: 0, failures: 0, skipped: false };
  for (const { userId, environment } of learners) {
    try {
      const res = await syncBroker(deps, userId, environment);
      if (res.ok) report.synced++;
      else {
        report.failures++;
        warn(deps)(`scheduled broker sync refused: ${res.error.message}`);
      }
    } catch (err) {
      report.failures++;
      warn(deps)('scheduled broker sync failed', err);
    }
  }
  return report;
}
