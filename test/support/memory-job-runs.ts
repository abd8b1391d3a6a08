import type { JobRun, JobRuns } from '@shared/ports/job-runs.port';

/** The JobRuns port in memory, with what was recorded. */
export function memoryJobRuns(initial: Record<string, Date> = {}): JobRuns & { last: Map<string, Date>; runs: JobRun[] } {
  const last = new Map(Object.entries(initial));
  const runs: JobRun[] = [];
  return {
    last,
    runs,
    async record(run) {
      runs.push(run);
      if (run.outcome !== 'failed' && run.trigger === 'schedule') last.set(run.jobId, new Date(run.finishedAt));
    },
    async lastSuccess(jobId) {
      return last.get(jobId) ?? null;
    },
    async recent(jobId, limit) {
      return runs
        .filter((r) => r.jobId === jobId)
        .sort((a, b) => b.startedAt.localeCompare(a.startedAt))
        .slice(0, limit);
    },
  };
}
