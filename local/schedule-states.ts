import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { awsCronExpression, schedules as allSchedules, type ScheduleDefinition } from '../functions/jobs/schedules';

/** The local stage's schedule group: each schedule is named `<group>-<jobId>`, as the ingest stack names them in AWS. */
export const LOCAL_SCHEDULE_GROUP = 'options-academy-local';

export type ScheduleStateName = 'ENABLED' | 'DISABLED';

/**
 * The local EventBridge Scheduler's schedules: the same definitions as the cloud (functions/jobs/schedules.ts), each
 * ENABLED or DISABLED. The states are kept in a JSON file beside the local DynamoDB's data, so a stopped schedule stays
 * stopped across a restart of `npm start`, as its record of who stopped it does in the table (no file: in memory, for
 * a stack whose table is in memory too).
 */
export class ScheduleStates {
  private readonly states = new Map<string, ScheduleStateName>();
  private readonly listeners: ((jobId: string, enabled: boolean) => void)[] = [];

  constructor(
    private readonly file: string | null,
    readonly definitions: readonly ScheduleDefinition[] = allSchedules,
    readonly group = LOCAL_SCHEDULE_GROUP,
  ) {
    if (file && existsSync(file)) {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      for (const [id, state] of Object.entries(saved)) if (state === 'ENABLED' || state === 'DISABLED') this.states.set(id, state);
    }
  }

  /** The job a schedule name stands for, or null. */
  jobOf(name: string, group: string | undefined): ScheduleDefinition | null {
    if ((group ?? 'default') !== this.group) return null;
    return this.definitions.find((d) => `${this.group}-${d.id}` === name) ?? null;
  }

  state(jobId: string): ScheduleStateName {
    return this.states.get(jobId) ?? 'ENABLED';
  }

  enabled = (jobId: string): boolean => this.state(jobId) === 'ENABLED';

  set(jobId: string, state: ScheduleStateName): void {
    const changed = this.state(jobId) !== state;
    this.states.set(jobId, state);
    if (this.file) {
      mkdirSync(path.dirname(this.file), { recursive: true });
      const tmp = `${this.file}.tmp`;
      writeFileSync(tmp, JSON.stringify(Object.fromEntries(this.states), null, 2));
      renameSync(tmp, this.file);
    }
    if (changed) for (const listener of this.listeners) listener(jobId, state === 'ENABLED');
  }

  onChange(listener: (jobId: string, enabled: boolean) => void): void {
    this.listeners.push(listener);
  }

  /** GetSchedule's answer for a job, in the shape EventBridge Scheduler gives it. */
  describe(def: ScheduleDefinition): Record<string, unknown> {
    const name = `${this.group}-${def.id}`;
    return {
      Arn: `arn:aws:scheduler:us-east-1:000000000000:schedule/${this.group}/${name}`,
      Name: name,
      GroupName: this.group,
      Description: def.description,
      ScheduleExpression: awsCronExpression(def),
      ScheduleExpressionTimezone: def.timeZone,
      State: this.state(def.id),
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: {
        Arn: `arn:aws:lambda:us-east-1:000000000000:function:${def.id}`,
        RoleArn: `arn:aws:iam::000000000000:role/${def.id}SchedulerRole`,
        Input: JSON.stringify({ source: 'scheduler', scheduleId: def.id }),
        RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 7200 },
      },
    };
  }
}
