import { GetScheduleCommand, SchedulerClient, UpdateScheduleCommand } from '@aws-sdk/client-scheduler';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SchedulerChange } from '@shared/operations/operations.port';
import { fixedClock } from '@shared/ports/clock.port';
import { awsSchedulerControl } from '../../../../functions/adapters/scheduler/scheduler-control';

const client = new SchedulerClient({ region: 'us-east-1' });
const mock = mockClient(client);
const SCHEDULE = {
  Name: 'options-academy-dev-ingest',
  GroupName: 'options-academy-dev',
  Arn: 'arn:aws:scheduler:us-east-1:1:schedule/options-academy-dev/options-academy-dev-ingest',
  ScheduleExpression: 'cron(0 18 ? * MON-FRI *)',
  ScheduleExpressionTimezone: 'America/New_York',
  Description: 'Market-data ingestion',
  State: 'ENABLED' as const,
  FlexibleTimeWindow: { Mode: 'OFF' as const },
  Target: {
    Arn: 'arn:aws:lambda:us-east-1:1:function:ingest',
    RoleArn: 'arn:aws:iam::1:role/ingestSchedulerRole',
    Input: '{"source":"scheduler","scheduleId":"ingest"}',
    RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 7200 },
    DeadLetterConfig: { Arn: 'arn:aws:sqs:us-east-1:1:dlq' },
  },
};

function control() {
  const saved: SchedulerChange[] = [];
  const adapter = awsSchedulerControl({
    client,
    group: 'options-academy-dev',
    changes: { get: async (jobId) => saved.filter((c) => c.jobId === jobId).at(-1) ?? null, put: async (c) => void saved.push(c) },
    nextRun: () => new Date('2026-11-24T23:00:00Z'),
    clock: fixedClock('2026-11-24T15:00:00.000Z'),
  });
  return { adapter, saved };
}

describe('EventBridge Scheduler as Stop and Start', () => {
  beforeEach(() => mock.reset());

  it('disables the schedule with every other field sent back as it was, and keeps who and when', async () => {
    mock.on(GetScheduleCommand).resolves(SCHEDULE);
    mock.on(UpdateScheduleCommand).resolves({ ScheduleArn: SCHEDULE.Arn });
    const { adapter, saved } = control();
    const state = await adapter.stop('ingest', 'ops@example.com');
    expect(mock.commandCalls(GetScheduleCommand)[0]!.args[0].input).toEqual({ Name: 'options-academy-dev-ingest', GroupName: 'options-academy-dev' });
    const sent = mock.commandCalls(UpdateScheduleCommand)[0]!.args[0].input;
    expect(sent).toMatchObject({
      Name: SCHEDULE.Name,
      GroupName: SCHEDULE.GroupName,
      ScheduleExpression: SCHEDULE.ScheduleExpression,
      ScheduleExpressionTimezone: SCHEDULE.ScheduleExpressionTimezone,
      Description: SCHEDULE.Description,
      FlexibleTimeWindow: SCHEDULE.FlexibleTimeWindow,
      Target: SCHEDULE.Target,
      State: 'DISABLED',
    });
    expect(state).toEqual({ jobId: 'ingest', active: false, changedBy: 'ops@example.com', changedAt: '2026-11-24T15:00:00.000Z', nextRun: null });
    expect(saved).toEqual([{ jobId: 'ingest', active: false, changedBy: 'ops@example.com', changedAt: '2026-11-24T15:00:00.000Z' }]);
  });

  it('reads an enabled schedule as active with its next run, and a failing call as an error for the use case', async () => {
    mock.on(GetScheduleCommand).resolves(SCHEDULE);
    expect(await control().adapter.state('ingest')).toEqual({
      jobId: 'ingest',
      active: true,
      changedBy: null,
      changedAt: null,
      nextRun: '2026-11-24T23:00:00.000Z',
    });
    mock.on(GetScheduleCommand).rejects(new Error('AccessDeniedException'));
    await expect(control().adapter.start('ingest', 'x')).rejects.toThrow('AccessDeniedException');
    expect(mock.commandCalls(UpdateScheduleCommand)).toHaveLength(0);
  });
});
