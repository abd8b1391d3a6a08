import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SchedulerClient, UpdateScheduleCommand } from '@aws-sdk/client-scheduler';
import { afterEach, describe, expect, it } from 'vitest';
import type { SchedulerChange } from '@shared/operations/operations.port';
import { fixedClock } from '@shared/ports/clock.port';
import { awsSchedulerControl } from '../../functions/adapters/scheduler/scheduler-control';
import { startAwsEndpoints, type RunningAwsEndpoints } from '../../local/aws-endpoints';
import { freePort } from '../../local/ports';
import { LOCAL_SCHEDULE_GROUP } from '../../local/schedule-states';
import { startScheduler } from '../../local/scheduler';
import { calls } from '../fixtures/jobs/record-job';
import { recordJobSchedule } from '../fixtures/jobs/record-schedule';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const fixture = recordJobSchedule('ingest');

describe('the local EventBridge Scheduler endpoint, through the real SDK client and adapter', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'oa-schedules-'));
  const file = path.join(dir, 'schedules.json');
  let running: RunningAwsEndpoints | undefined;
  afterEach(async () => {
    await running?.stop();
    running = undefined;
  });

  const start = async () => {
    const port = await freePort();
    running = await startAwsEndpoints({ port, secretsDir: path.join(dir, 'secrets'), schedulesFile: file });
    const client = new SchedulerClient({ endpoint: running.endpoint, region: 'us-east-1', credentials });
    const changes: SchedulerChange[] = [];
    const control = awsSchedulerControl({
      client,
      group: LOCAL_SCHEDULE_GROUP,
      changes: { get: async (id) => changes.filter((c) => c.jobId === id).at(-1) ?? null, put: async (c) => void changes.push(c) },
      nextRun: () => new Date('2026-11-30T23:00:00Z'),
      clock: fixedClock('2026-11-29T05:00:00.000Z'),
    });
    return { control, client, aws: running };
  };

  it('stops and starts a schedule, keeps the state across a restart, and drives the croner runner', async () => {
    const { control, aws } = await start();
    expect(await control.state('ingest')).toMatchObject({ active: true, nextRun: '2026-11-30T23:00:00.000Z' });
    const scheduler = startScheduler({ log: () => undefined, schedules: [fixture], enabled: aws.schedules.enabled });
    aws.schedules.onChange((id, enabled) => scheduler.setActive(id, enabled));
    try {
      expect(await control.stop('ingest', 'ops@example.com')).toMatchObject({ active: false, changedBy: 'ops@example.com', nextRun: null });
      const before = calls.length;
      expect(await scheduler.tick('ingest')).toEqual({ ran: false });
      expect(calls.length).toBe(before);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ ingest: 'DISABLED' });
    } finally {
      scheduler.stop();
    }

    // A restart of the local stack: the schedule is still stopped, and the runner starts it paused.
    await aws.stop();
    const again = await start();
    expect(await again.control.state('ingest')).toMatchObject({ active: false });
    const restarted = startScheduler({ log: () => undefined, schedules: [fixture], enabled: again.aws.schedules.enabled });
    again.aws.schedules.onChange((id, enabled) => restarted.setActive(id, enabled));
    try {
      expect(await restarted.tick('ingest')).toEqual({ ran: false });
      await again.control.start('ingest', 'ops@example.com');
      const before = calls.length;
      expect(await restarted.tick('ingest')).toEqual({ ran: true });
      await expect.poll(() => calls.length).toBe(before + 1);
    } finally {
      restarted.stop();
    }
  });

  it('refuses an UpdateSchedule that leaves out or changes a field, as AWS would reset it, and an unknown schedule', async () => {
    const { client, control } = await start();
    await expect(
      client.send(
        new UpdateScheduleCommand({
          Name: `${LOCAL_SCHEDULE_GROUP}-ingest`,
          GroupName: LOCAL_SCHEDULE_GROUP,
          ScheduleExpression: 'cron(0 18 ? * MON-FRI *)',
          FlexibleTimeWindow: { Mode: 'OFF' },
          Target: { Arn: 'x', RoleArn: 'y' },
          State: 'DISABLED',
        }),
      ),
    ).rejects.toThrow(/changes only State/);
    await expect(control.state('nope')).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
  });
});
