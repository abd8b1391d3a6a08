/**
 * When each scheduled job last finished a scheduled run without failing, so that a missed or failed run can be told
 * (functions/jobs/job-watchdog.ts).
 */
export interface JobRuns {
  recordSuccess(jobId: string, at: Date): Promise<void>;
  lastSuccess(jobId: string): Promise<Date | null>;
}
