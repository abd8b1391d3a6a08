import { tradingDayGaps } from '../gaps';
import { OPERATIONS_TEXTS } from '../operations.errors';
import type { OperationsDeps } from '../use-cases/deps';
import type { z } from 'zod';
import type { JobStatusSchema, OperationsStatusSchema, UnderlyingStatusSchema } from '../operations.api';

export type OperationsStatus = z.infer<typeof OperationsStatusSchema>;
type JobStatus = z.infer<typeof JobStatusSchema>;
type UnderlyingStatus = z.infer<typeof UnderlyingStatusSchema>;

/** Runs of each job shown on the page. */
export const RUNS_SHOWN = 5;

/**
 * The data manager's status: per underlying what is stored, per job its last runs and its schedule. It reads only. A
 * schedule that cannot be read is said per job (the spec's 'Scheduler initialization failed…'), not a failed page.
 */
export async function readStatus(deps: Pick<OperationsDeps, 'scheduler' | 'runs' | 'data' | 'clock' | 'jobs' | 'underlyings'>): Promise<OperationsStatus> {
  const now = deps.clock.now();
  const [underlyings, jobs] = await Promise.all([
    Promise.all(deps.underlyings.map((u) => underlyingStatus(deps, u))),
    Promise.all(deps.jobs.map((j) => jobStatus(deps, j, now))),
  ]);
  return { asOf: now.toISOString(), underlyings, jobs };
}

async function underlyingStatus(deps: Pick<OperationsDeps, 'data'>, underlying: string): Promise<UnderlyingStatus> {
  const d = await deps.data.underlying(underlying);
  const asOf = [...d.chainAsOf].sort();
  const dates = [...d.summaryDates].sort();
  const gaps = tradingDayGaps(dates);
  return {
    underlying,
    chains: { count: asOf.length, oldest: asOf[0] ?? null, newest: asOf[asOf.length - 1] ?? null },
    summaries: { count: dates.length, oldest: dates[0] ?? null, newest: dates[dates.length - 1] ?? null, gapCount: gaps.count, gaps: gaps.dates },
    stockBars: d.stockBars,
  };
}

async function jobStatus(deps: Pick<OperationsDeps, 'scheduler' | 'runs'>, job: OperationsDeps['jobs'][number], now: Date): Promise<JobStatus> {
  const runs = await deps.runs.recent(job.id, RUNS_SHOWN);
  const base = { jobId: job.id, description: job.description, schedule: job.schedule, controllable: job.controllable, runs };
  if (!job.controllable) return { ...base, nextRun: job.nextRun(now)?.toISOString() ?? null, scheduler: null, schedulerError: null };
  try {
    const scheduler = await deps.scheduler.state(job.id);
    return { ...base, nextRun: scheduler.nextRun, scheduler, schedulerError: null };
  } catch {
    return { ...base, nextRun: null, scheduler: null, schedulerError: OPERATIONS_TEXTS.schedulerUnavailable };
  }
}
