import { fail, ok, type Result } from '../../result';
import { OPERATIONS_TEXTS } from '../operations.errors';
import type { SchedulerState } from '../operations.port';
import type { OperationsDeps } from './deps';

/** Stops a job's schedule (an operator pausing ingestion during a provider outage); the state says who and when. */
export async function stopScheduler(deps: Pick<OperationsDeps, 'scheduler' | 'jobs'>, jobId: string, by: string): Promise<Result<SchedulerState>> {
  if (!deps.jobs.some((j) => j.id === jobId && j.controllable)) return fail('not_found', OPERATIONS_TEXTS.notControllable(jobId));
  try {
    return ok(await deps.scheduler.stop(jobId, by));
  } catch {
    return fail('unavailable', OPERATIONS_TEXTS.stopFailed);
  }
}
