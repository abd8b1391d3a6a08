import type { JobRuns } from '@shared/ports/job-runs.port';

/** The JobRuns port in memory, with what was recorded. */
export function memoryJobRuns(initial: Record<string, Date> = {}): JobRuns & { last: Map<string, Date> } {
  const last = new Map(Object.entries(initial));
  return {
    last,
    async recordSuccess(jobId, at) {
      last.set(jobId, at);
    },
    async lastSuccess(jobId) {
      return last.get(jobId) ?? null;
    },
  };
}
