import { ulid } from 'ulid';
import type { OperationsDeps } from '@shared/operations/use-cases/deps';
import { TRACKED_UNDERLYINGS } from '@shared/market/underlyings';
import { dynamoJobRuns } from '../adapters/dynamo/job-runs-repository';
import { dynamoDataHealth, dynamoSchedulerChanges } from '../adapters/dynamo/operations-repository';
import { dynamoEventOutbox } from '../adapters/dynamo/outbox';
import { awsSchedulerControl } from '../adapters/scheduler/scheduler-control';
import { systemClock } from '../commons/clock';
import { describeSchedule, nextDue } from '../jobs/schedule-times';
import { CONTROLLABLE_SCHEDULES, INGEST_SCHEDULE, SCHEDULE_GROUP_ENV, schedules } from '../jobs/schedules';
import { adminGroupMembership } from './users';

/** Every scheduled job as the data manager lists it (the upload job runs on S3 events, not a schedule). */
export const operationsJobs = (): OperationsDeps['jobs'] =>
  schedules.map((s) => ({
    id: s.id,
    description: s.description,
    schedule: describeSchedule(s),
    controllable: CONTROLLABLE_SCHEDULES.some((c) => c.id === s.id),
    nextRun: (now: Date) => nextDue(s, now),
  }));

/** The composition root of the operators' data manager. */
export function operationsDeps(): OperationsDeps & { groups: ReturnType<typeof adminGroupMembership> } {
  const clock = systemClock;
  const byId = new Map(schedules.map((s) => [s.id, s]));
  return {
    scheduler: awsSchedulerControl({
      group: process.env[SCHEDULE_GROUP_ENV] ?? 'options-academy-local',
      changes: dynamoSchedulerChanges(),
      nextRun: (jobId, now) => {
        const s = byId.get(jobId);
        return s ? nextDue(s, now) : null;
      },
      clock,
    }),
    runs: dynamoJobRuns(),
    data: dynamoDataHealth(),
    outbox: dynamoEventOutbox(),
    ids: { newId: () => ulid() },
    clock,
    jobs: operationsJobs(),
    underlyings: TRACKED_UNDERLYINGS,
    ingestJobId: INGEST_SCHEDULE.id,
    groups: adminGroupMembership(),
  };
}
