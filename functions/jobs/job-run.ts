import type { JobOutcome, JobRun, JobRuns, JobTrigger } from '@shared/ports/job-runs.port';
import { logger } from '../commons/powertools';

export interface RunSummary {
  outcome: JobOutcome;
  contracts?: number;
  failures?: JobRun['failures'];
  note?: string;
}

/**
 * Runs a job's work and records the run (outcome, duration, failures with their reasons, trigger) for the data manager
 * and the watchdog. A run that throws is recorded as failed with the error's message, and the error goes on to the
 * caller (the Scheduler's retries and dead-letter queue). Failing to record never fails the job: it is logged.
 */
export async function recordedRun<T>(
  opts: { runs: JobRuns; jobId: string; trigger: JobTrigger; now: () => Date },
  work: () => Promise<T>,
  summarize: (result: T) => RunSummary,
): Promise<T> {
  const started = opts.now();
  const save = async (summary: RunSummary) => {
    const finished = opts.now();
    const run: JobRun = {
      jobId: opts.jobId,
      startedAt: started.toISOString(),
      finishedAt: finished.toISOString(),
      outcome: summary.outcome,
      durationMs: Math.max(0, finished.getTime() - started.getTime()),
      failures: summary.failures ?? [],
      trigger: opts.trigger,
      ...(summary.contracts !== undefined ? { contracts: summary.contracts } : {}),
      ...(summary.note ? { note: summary.note } : {}),
    };
    await opts.runs.record(run).catch((err: unknown) => logger.error('The job run could not be recorded', { job: opts.jobId, error: err as Error }));
  };
  let result: T;
  try {
    result = await work();
  } catch (err) {
    await save({ outcome: 'failed', failures: [{ reason: err instanceof Error ? err.message : String(err) }] });
    throw err;
  }
  await save(summarize(result));
  return result;
}
