import { GetScheduleCommand, SchedulerClient, UpdateScheduleCommand, type GetScheduleCommandOutput } from '@aws-sdk/client-scheduler';
import type { SchedulerChanges, SchedulerControl, SchedulerState } from '@shared/operations/operations.port';
import type { Clock } from '@shared/ports/clock.port';

/**
 * EventBridge Scheduler as the operators' Stop and Start: GetSchedule reads a job's schedule, UpdateSchedule sets its
 * State to DISABLED or ENABLED. UpdateSchedule replaces the whole schedule (AWS's API reference for UpdateSchedule: a
 * field left out is reset to its default), so every field GetSchedule answered is sent back unchanged. Who changed it
 * and when are kept in the table, since a schedule has no field for them. Locally the same calls go to the local AWS
 * endpoint (AWS_ENDPOINT_URL_SCHEDULER), which drives the croner runner.
 */
export function awsSchedulerControl(opts: {
  client?: SchedulerClient;
  /** The stage's schedule group; each job's schedule is named `<group>-<jobId>` (infra/stacks/ingest-stack.ts). */
  group: string;
  changes: SchedulerChanges;
  /** The job's next due time on its schedule after `now`. */
  nextRun: (jobId: string, now: Date) => Date | null;
  clock: Clock;
}): SchedulerControl {
  const client = opts.client ?? new SchedulerClient({});
  const name = (jobId: string) => `${opts.group}-${jobId}`;
  const read = (jobId: string) => client.send(new GetScheduleCommand({ Name: name(jobId), GroupName: opts.group }));

  const stateOf = async (jobId: string, schedule: GetScheduleCommandOutput): Promise<SchedulerState> => {
    const active = schedule.State !== 'DISABLED';
    const change = await opts.changes.get(jobId);
    return {
      jobId,
      active,
      changedBy: change?.changedBy ?? null,
      changedAt: change?.changedAt ?? null,
      nextRun: active ? (opts.nextRun(jobId, opts.clock.now())?.toISOString() ?? null) : null,
    };
  };

  const setState = async (jobId: string, active: boolean, by: string): Promise<SchedulerState> => {
    const s = await read(jobId);
    await client.send(
      new UpdateScheduleCommand({
        Name: s.Name ?? name(jobId),
        GroupName: s.GroupName ?? opts.group,
        ScheduleExpression: s.ScheduleExpression,
        ScheduleExpressionTimezone: s.ScheduleExpressionTimezone,
        StartDate: s.StartDate,
        EndDate: s.EndDate,
        Description: s.Description,
        KmsKeyArn: s.KmsKeyArn,
        ActionAfterCompletion: s.ActionAfterCompletion,
        Target: s.Target,
        FlexibleTimeWindow: s.FlexibleTimeWindow,
        State: active ? 'ENABLED' : 'DISABLED',
      }),
    );
    await opts.changes.put({ jobId, active, changedBy: by, changedAt: opts.clock.now().toISOString() });
    return stateOf(jobId, { ...s, State: active ? 'ENABLED' : 'DISABLED', $metadata: s.$metadata });
  };

  return {
    state: async (jobId) => stateOf(jobId, await read(jobId)),
    stop: (jobId, by) => setState(jobId, false, by),
    start: (jobId, by) => setState(jobId, true, by),
  };
}
