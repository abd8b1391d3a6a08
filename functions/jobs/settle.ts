import type { Context } from 'aws-lambda';
import { tradingDaysEnding } from '@shared/market/calendar';
import { newYorkParts } from '@shared/market/dates';
import type { PaperAccountService } from '@shared/paper/paper-account';
import type { PaperAccountRepository } from '@shared/paper/paper.port';
import type { Order } from '@shared/trading/order';
import { resolvePredictionMarkets, type ResolveMarketsReport } from '@shared/prediction/use-cases/resolve-markets';
import type { Clock } from '@shared/ports/clock.port';
import { triggerOf, type JobRuns } from '@shared/ports/job-runs.port';
import { dynamoJobRuns } from '../adapters/dynamo/job-runs-repository';
import { countMetric, BUSINESS_METRICS, instrumented, logger } from '../commons/powertools';
import { tradingDeps } from '../wiring/trading';
import { predictionMarketDeps } from '../wiring/prediction-markets';
import { predictionSettleSteps, type PredictionSettleSteps } from '../wiring/prediction-trading';
import { recordedRun } from './job-run';
import { SETTLE_SCHEDULE } from './schedules';

/** Resting orders re-checked per learner before moving on to the next one, so no learner's orders hold up another's. */
const RECHECK_SLICE = 10;
/** Left over for the last writes and the report when the function's own time runs out. */
const SAFETY_MS = 30_000;
const DEFAULT_BUDGET_MS = 10 * 60_000;

export interface SettleReport {
  users: number;
  failures: number;
  optionsSettled: number;
  ordersExpired: number;
  ordersFilled: number;
  /** Resting orders not re-checked before the time budget ran out (the next run, or the next quotes, take them). */
  recheckLeft: number;
  /** Prediction-market expiries resolved from their close, or voided, at this run. */
  predictionExpiriesResolved: number;
  /** Demo prediction positions settled (paid, lost or refunded), and the cents paid into demo balances. */
  predictionPositionsSettled: number;
  predictionCentsPaid: number;
  /** Demo resting bids expired at their market's close, and filled at the new making. */
  predictionBidsExpired: number;
  predictionBidsFilled: number;
}

/**
 * After the close (weekdays 18:30 New York, once the 18:00 ingestion has stored the closing prices), and whenever new
 * quotes arrive (`ChainIngested`). In three passes over the learners, within a time budget (issue 16): every expired
 * option is settled first, then day orders of a closed session expire, then resting limits are re-checked against the
 * new quotes, a few per learner in turn, so that one learner's hundred orders cannot delay anyone else.
 */
export function makeSettleJob(deps: {
  paper: Pick<PaperAccountService, 'settleDueExpiries' | 'expireDayOrders' | 'restingOrders' | 'recheckRestingOrder'>;
  repo: Pick<PaperAccountRepository, 'usersWithOpenOrders' | 'usersWithExpiringPositions'>;
  clock: Clock;
  /** Every run is recorded; a scheduled one without a failure is what the watchdog looks for (functions/jobs/job-watchdog.ts). */
  runs: JobRuns;
  /** The prediction markets' step: resolves the expiries whose close is stored (or voids them), first. */
  resolvePredictionMarkets?: () => Promise<Pick<ResolveMarketsReport, 'resolved' | 'voided' | 'failures'>>;
  predictions?: PredictionSettleSteps;
}) {
  return (input?: unknown, context?: Pick<Context, 'getRemainingTimeInMillis'>): Promise<SettleReport> =>
    instrumented('settle', () =>
      recordedRun(
        { runs: deps.runs, jobId: SETTLE_SCHEDULE.id, trigger: triggerOf(input), now: () => deps.clock.now() },
        () => settle(context),
        (report) => ({
          outcome: report.failures === 0 ? 'succeeded' : 'failed',
          failures: report.failureReasons,
          note:
            `${report.optionsSettled} options settled, ${report.ordersExpired} day orders expired, ${report.ordersFilled} resting orders filled; ` +
            `demo predictions: ${report.predictionPositionsSettled} positions settled, ${report.predictionBidsExpired} bids expired, ${report.predictionBidsFilled} bids filled`,
        }),
      ).then(({ failureReasons: _f, ...report }) => report),
    );

  async function settle(context?: Pick<Context, 'getRemainingTimeInMillis'>): Promise<SettleReport & { failureReasons: { reason: string }[] }> {
    const started = deps.clock.now().getTime();
    const budget = context?.getRemainingTimeInMillis ? context.getRemainingTimeInMillis() - SAFETY_MS : DEFAULT_BUDGET_MS;
    const timeLeft = () => started + budget - deps.clock.now().getTime() > 0;
    const report: SettleReport = {
      users: 0,
      failures: 0,
      optionsSettled: 0,
      ordersExpired: 0,
      ordersFilled: 0,
      recheckLeft: 0,
      predictionExpiriesResolved: 0,
      predictionPositionsSettled: 0,
      predictionCentsPaid: 0,
      predictionBidsExpired: 0,
      predictionBidsFilled: 0,
    };
    const failureReasons: { reason: string }[] = [];
    const failed = (userId: string, step: string) => (err: unknown) => {
      report.failures++;
      // The learner's id stays in the log; the record names the step and the error only.
      if (failureReasons.length < 20) failureReasons.push({ reason: `${step}: ${err instanceof Error ? err.message : String(err)}` });
      logger.error(`Settlement failed for a user (${step})`, { userId, error: err as Error });
      return 0;
    };

    if (deps.resolvePredictionMarkets) {
      // Each expiry's failure is logged by the step; the run counts them and names the step.
      const markets = await deps.resolvePredictionMarkets().catch((err: unknown) => {
        logger.error('The prediction markets could not be resolved', { error: err as Error });
        return { resolved: 0, voided: 0, failures: 1 };
      });
      report.predictionExpiriesResolved = markets.resolved + markets.voided;
      report.failures += markets.failures;
      if (markets.failures) failureReasons.push({ reason: `prediction markets: ${markets.failures} expiries could not be resolved` });
    }

    const today = newYorkParts(deps.clock.now()).date;
    const expiring = new Set<string>();
    for (const date of tradingDaysEnding(today, 5)) for (const u of await deps.repo.usersWithExpiringPositions(date)) expiring.add(u);
    const withOrders = await deps.repo.usersWithOpenOrders();
    report.users = new Set([...expiring, ...withOrders]).size;

    for (const userId of expiring) report.optionsSettled += await deps.paper.settleDueExpiries(userId).catch(failed(userId, 'expiries'));
    for (const userId of withOrders) {
      if (!timeLeft()) break;
      report.ordersExpired += await deps.paper.expireDayOrders(userId).catch(failed(userId, 'day orders'));
    }

    const queues = new Map<string, Order[]>();
    for (const userId of withOrders) {
      if (!timeLeft()) break;
      queues.set(userId, await deps.paper.restingOrders(userId).catch((err: unknown) => (failed(userId, 'resting orders')(err), [])));
    }
    while (timeLeft() && [...queues.values()].some((q) => q.length)) {
      for (const [userId, queue] of queues) {
        for (const order of queue.splice(0, RECHECK_SLICE)) {
          if (await deps.paper.recheckRestingOrder(userId, order).catch(failed(userId, 'recheck'))) report.ordersFilled++;
        }
        if (!timeLeft()) break;
      }
    }
    report.recheckLeft = [...queues.values()].reduce((s, q) => s + q.length, 0);

    // Demo prediction markets, after the markets' resolution: bids of closed markets expire (their holds come back),
    // holders of resolved markets are paid once, and the bids still open meet the latest making.
    if (deps.predictions) {
      const step = (name: string) => (err: unknown) => void failed('prediction', name)(err);
      const steps = deps.predictions;
      report.predictionBidsExpired = await steps
        .expireBids(step('prediction bids expired'))
        .catch((err: unknown) => failed('prediction', 'prediction bids')(err));
      const paid = await steps
        .payHolders(step('prediction payouts'))
        .catch((err: unknown) => (failed('prediction', 'prediction payouts')(err), { positions: 0, paid: 0 }));
      report.predictionPositionsSettled = paid.positions;
      report.predictionCentsPaid = paid.paid;
      if (timeLeft())
        report.predictionBidsFilled = await steps
          .recheckBids(step('prediction bids rechecked'))
          .catch((err: unknown) => failed('prediction', 'prediction recheck')(err));
    }
    if (report.ordersFilled) countMetric(BUSINESS_METRICS.fills, report.ordersFilled);
    logger.info('Settlement run finished', { ...report });
    return { ...report, failureReasons };
  }
}

const wiring = tradingDeps();
const markets = predictionMarketDeps();
export const handler = makeSettleJob({
  paper: wiring.paper,
  repo: wiring.repo,
  clock: wiring.clock,
  runs: dynamoJobRuns(),
  resolvePredictionMarkets: () => resolvePredictionMarkets(markets.resolve),
  predictions: predictionSettleSteps(),
});
