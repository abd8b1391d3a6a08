import { fail, ok, type Result } from '../../result';
import { OPERATIONS_TEXTS } from '../operations.errors';
import type { SchedulerState } from '../operations.port';
import type { OperationsDeps } from './deps';
import { requestIngest } from './request-ingest';

/**
 * Starts a job's schedule again. Starting the market-data fetch also runs one fetch soon (spec part 2: when started,
 * the scheduler schedules the next fetch and runs one about 10 s later), queued as an `IngestRequested` event; the
 * outbox and the bus deliver it within seconds.
 */
export async function startScheduler(
  deps: Pick<OperationsDeps, 'scheduler' | 'jobs' | 'outbox' | 'ids' | 'clock' | 'ingestJobId'>,
  jobId: string,
  by: string,
): Promise<Result<SchedulerState & { runQueued: boolean }>> {
  if (!deps.jobs.some((j) => j.id === jobId && j.controllable)) return fail('not_found', OPERATIONS_TEXTS.notControllable(jobId));
  let state: SchedulerState;
  try {
    state = await deps.scheduler.start(jobId, by);
  } catch {
    return fail('unavailable', OPERATIONS_TEXTS.startFailed);
  }
  if (jobId !== deps.ingestJobId) return ok({ ...state, runQueued: false });
  // The schedule is on again either way; a run that could not be queued is said, not hidden.
  const runQueued = await requestIngest(deps, by).then(
    () => true,
    () => false,
  );
  return ok({ ...state, runQueued });
}
