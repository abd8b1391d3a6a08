import type { SchedulerChange } from './operations.port';

/**
 * How the watchdog treats a job an operator stopped:
 * - `stoppedOnPurpose`: it was stopped before its last run fell due, so that run is not missing (nobody is told twice
 *   about a pause they made);
 * - `stoppedTooLong`: it has been stopped since before its last due run of an earlier trading day, i.e. for more than
 *   a trading day, which the operators are told about (a pause forgotten after an outage).
 * A job stopped after its run fell due is still reported when that run did not happen.
 */
export function stoppedJobVerdict(
  change: SchedulerChange | null,
  due: Date | null,
  dueOnEarlierDay: Date | null,
): { stoppedOnPurpose: boolean; stoppedTooLong: boolean } {
  if (!change || change.active) return { stoppedOnPurpose: false, stoppedTooLong: false };
  const since = Date.parse(change.changedAt);
  return {
    stoppedOnPurpose: due !== null && since <= due.getTime(),
    stoppedTooLong: dueOnEarlierDay !== null && since < dueOnEarlierDay.getTime(),
  };
}
