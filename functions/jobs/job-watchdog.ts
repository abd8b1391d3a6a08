import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { SchedulerChanges } from '@shared/operations/operations.port';
import { stoppedJobVerdict } from '@shared/operations/watch';
import type { Clock } from '@shared/ports/clock.port';
import { triggerOf, type JobRuns } from '@shared/ports/job-runs.port';
import { logger, metrics } from '../commons/powertools';
import { jobWatchdogDeps } from '../wiring/service';
import { recordedRun } from './job-run';
import { lastDue, lastDueBeforeToday } from './schedule-times';
import { JOB_WATCHDOG_SCHEDULE, WATCHED_SCHEDULES, type ScheduleDefinition } from './schedules';

export { lastDue } from './schedule-times';

/** The metric the operators' alarm watches (infra/stacks/observability-stack.ts): 1 per job whose last due run is not done. */
export const MISSING_RUN_METRIC = 'ScheduledRunMissing';
/** 1 per job an operator stopped more than a trading day ago (since before its last due run of an earlier day), else 0. */
export const STOPPED_TOO_LONG_METRIC = 'SchedulerStoppedTooLong';

/** True when the job has not finished a scheduled run without failing since it last fell due. */
export const runMissing = (schedule: ScheduleDefinition, lastSuccess: Date | null, now: Date): boolean => {
  const due = lastDue(schedule, now);
  return due !== null && (lastSuccess === null || lastSuccess.getTime() < due.getTime());
};

export interface WatchdogDeps {
  runs: JobRuns;
  clock: Clock;
  /** Who stopped a job's schedule and when (the data manager's Stop), read from the table. */
  changes: Pick<SchedulerChanges, 'get'>;
  watched?: readonly ScheduleDefinition[];
}

/**
 * A check on weekday evenings, after the jobs it watches have had their time and their retries (its own schedule,
 * functions/jobs/schedules.ts): for each job, 1 when its last due run failed or did not run, else 0; a job an operator
 * stopped before that run fell due is not missing (shared/operations/watch.ts), but one stopped for more than a
 * trading day is reported on its own metric. It runs on weekdays only, so nothing is reported on a weekend and the
 * alarms, which treat no data as fine, stay quiet then.
 */
export function makeJobWatchdog(deps: WatchdogDeps) {
  return (input?: unknown): Promise<Record<string, boolean>> =>
    recordedRun(
      { runs: deps.runs, jobId: JOB_WATCHDOG_SCHEDULE.id, trigger: triggerOf(input), now: () => deps.clock.now() },
      () => watch(),
      (report) => {
        const missing = Object.entries(report).filter(([, m]) => m);
        return {
          outcome: 'succeeded',
          // The watchdog itself succeeded; what it found is its note (the alarm tells the operators).
          note: missing.length ? `run missing: ${missing.map(([id]) => id).join(', ')}` : 'every watched run done',
        };
      },
    );

  async function watch(): Promise<Record<string, boolean>> {
    const now = deps.clock.now();
    const report: Record<string, boolean> = {};
    for (const schedule of deps.watched ?? WATCHED_SCHEDULES) {
      const [last, change] = await Promise.all([deps.runs.lastSuccess(schedule.id), deps.changes.get(schedule.id)]);
      const due = lastDue(schedule, now);
      const verdict = stoppedJobVerdict(change, due, lastDueBeforeToday(schedule, now));
      const missing = !verdict.stoppedOnPurpose && runMissing(schedule, last, now);
      report[schedule.id] = missing;
      const metric = metrics.singleMetric();
      metric.addDimension('job', schedule.id);
      metric.addMetric(MISSING_RUN_METRIC, MetricUnit.Count, missing ? 1 : 0);
      const stopped = metrics.singleMetric();
      stopped.addDimension('job', schedule.id);
      stopped.addMetric(STOPPED_TOO_LONG_METRIC, MetricUnit.Count, verdict.stoppedTooLong ? 1 : 0);
      if (missing)
        logger.error('A scheduled run failed or did not run', { job: schedule.id, lastSuccess: last?.toISOString() ?? null, due: due?.toISOString() });
      if (verdict.stoppedTooLong)
        logger.error('A schedule has been stopped for more than a trading day', { job: schedule.id, stoppedBy: change?.changedBy, since: change?.changedAt });
    }
    return report;
  }
}

export const handler = makeJobWatchdog(jobWatchdogDeps());
