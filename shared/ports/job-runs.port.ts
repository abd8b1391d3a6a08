/** What started a run: its schedule, an operator or learner asking (a manual run), or the local stack starting. */
export type JobTrigger = 'schedule' | 'manual' | 'startup';
export type JobOutcome = 'succeeded' | 'failed' | 'skipped';

/** One finished run of a scheduled job, as the operators' data manager shows it. */
export interface JobRun {
  jobId: string;
  startedAt: string;
  finishedAt: string;
  outcome: JobOutcome;
  durationMs: number;
  /** Contracts stored (the ingest, and the Indian closing chains' quotes). */
  contracts?: number;
  /** What went wrong, each with its reason (an underlying that failed to ingest, a learner's settlement, …). */
  failures: { underlying?: string; reason: string }[];
  trigger: JobTrigger;
  /** Why a run was skipped, or a one-line summary of what it did. */
  note?: string;
}

/**
 * The record of each job's runs: the last ones for the data manager, and when it last finished a scheduled run
 * without failing, so that a missed or failed run can be told (functions/jobs/job-watchdog.ts).
 */
export interface JobRuns {
  /** Keeps the run; a scheduled run that did not fail (succeeded, or skipped on a holiday) also becomes the job's last success. */
  record(run: JobRun): Promise<void>;
  lastSuccess(jobId: string): Promise<Date | null>;
  /** The newest runs first. */
  recent(jobId: string, limit: number): Promise<JobRun[]>;
}

/** The trigger of a job's input: the Scheduler's and the local cron's `{ source: 'scheduler' }`, the local start, else manual. */
export function triggerOf(input: unknown): JobTrigger {
  const source = (input as { source?: unknown } | null | undefined)?.source;
  if (source === 'scheduler') return 'schedule';
  if (source === 'startup') return 'startup';
  return 'manual';
}
