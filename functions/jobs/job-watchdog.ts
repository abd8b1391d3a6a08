import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { Cron } from 'croner';
import type { Clock } from '@shared/ports/clock.port';
import type { JobRuns } from '@shared/ports/job-runs.port';
import { logger, metrics } from '../commons/powertools';
import { jobWatchdogDeps } from '../wiring/service';
import { localCronExpression, WATCHED_SCHEDULES, type ScheduleDefinition } from './schedules';

/** The metric the operators' alarm watches (infra/stacks/observability-stack.ts): 1 per job whose last due run is not done. */
export const MISSING_RUN_METRIC = 'ScheduledRunMissing';

/**
 * The time a schedule last fell due before `now`, in its own zone: on a Tuesday evening the Tuesday 18:00 run, on a
 * Monday morning the Friday one (the schedule has no weekend runs, so none is ever due on a weekend).
 */
export function lastDue(schedule: ScheduleDefinition, now: Date): Date | null {
  const cron = new Cron(localCronExpression(schedule), { timezone: schedule.timeZone, paused: true });
  const [due] = cron.previousRuns(1, now);
  cron.stop();
  return due ?? null;
}

/** True when the job has not finished a scheduled run without failing since it last fell due. */
export const runMissing = (schedule: ScheduleDefinition, lastSuccess: Date | null, now: Date): boolean => {
  const due = lastDue(schedule, now);
  return due !== null && (lastSuccess === null || lastSuccess.getTime() < due.getTime());
};

/**
 * A check on weekday evenings, after the jobs it watches have had their time and their retries (its own schedule,
 * functions/jobs/schedules.ts): for each job, 1 when its last due run failed or did not run, else 0. It runs on weekdays
 * only, so nothing is reported on a weekend and the alarm, which treats no data as fine, stays quiet then.
 */
export function makeJobWatchdog(deps: { runs: JobRuns; clock: Clock; watched?: readonly ScheduleDefinition[] }) {
  return async (): Promise<Record<string, boolean>> => {
    const now = deps.clock.now();
    const report: Record<string, boolean> = {};
    for (const schedule of deps.watched ?? WATCHED_SCHEDULES) {
      const last = await deps.runs.lastSuccess(schedule.id);
      const missing = runMissing(schedule, last, now);
      report[schedule.id] = missing;
      const metric = metrics.singleMetric();
      metric.addDimension('job', schedule.id);
      metric.addMetric(MISSING_RUN_METRIC, MetricUnit.Count, missing ? 1 : 0);
      if (missing)
        logger.error('A scheduled run failed or did not run', {
          job: schedule.id,
          lastSuccess: last?.toISOString() ?? null,
          due: lastDue(schedule, now)?.toISOString(),
        });
    }
    return report;
  };
}

export const handler = makeJobWatchdog(jobWatchdogDeps());
