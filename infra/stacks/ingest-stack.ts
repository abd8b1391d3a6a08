import type * as cognito from 'aws-cdk-lib/aws-cognito';
import { Duration, Stack, TimeZone, Validations, type StackProps } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { Construct } from 'constructs';
import { awsCronExpression, schedules as defaultSchedules, type ScheduleDefinition } from '../../functions/jobs/schedules';
import type { FunctionDefinition } from '../../functions/routes';
import { resourceName, type StageConfig } from '../config';
import { AppFunction } from '../constructs/app-function';
import { deadLetterQueue } from '../constructs/dead-letter-queue';

/** A job may declare its grants like an HTTP function; the market ingest writes the table and announces ChainIngested. */
type JobDefinition = ScheduleDefinition & { access?: FunctionDefinition['access']; memoryMb?: number; timeoutSeconds?: number };
const DEFAULT_JOB_ACCESS: FunctionDefinition['access'] = { table: 'readwrite' };

export interface IngestStackProps extends StackProps {
  config: StageConfig;
  table: dynamodb.ITableV2;
  bus: events.IEventBus;
  /** For a job that deletes users (the account deletions' sweep). */
  userPool?: cognito.IUserPool;
  /** Defaults to the catalogue in functions/jobs/schedules.ts; tests pass fixtures. */
  schedules?: readonly JobDefinition[];
}

/**
 * Scheduled jobs on EventBridge Scheduler: a zone-aware cron (not a UTC rule, so 18:00 New York stays
 * 18:00 across daylight saving), retries, and a dead-letter queue for invocations that never succeeded.
 */
export class IngestStack extends Stack {
  readonly jobs = new Map<string, AppFunction>();
  readonly schedules: scheduler.Schedule[] = [];
  /** Each job's schedule and the role it invokes the job with, by job id. */
  private readonly byJob = new Map<string, { schedule: scheduler.Schedule; invokeRole: iam.Role }>();
  readonly group: scheduler.ScheduleGroup;
  /** Where the Scheduler parks invocations that never succeeded (none without a schedule). */
  readonly deadLetters?: sqs.Queue;

  constructor(scope: Construct, id: string, props: IngestStackProps) {
    super(scope, id, props);
    const { config } = props;
    const defs: readonly JobDefinition[] = props.schedules ?? defaultSchedules;
    // The stage's own group keeps its schedules apart in a shared account (and the stack non-empty before issue 4's job).
    this.group = new scheduler.ScheduleGroup(this, 'Group', {
      scheduleGroupName: resourceName(config),
      removalPolicy: config.removalPolicy,
    });
    const dlq = defs.length > 0 ? deadLetterQueue(this, 'ScheduleDeadLetters') : undefined;
    this.deadLetters = dlq;

    for (const def of defs) {
      const job = new AppFunction(this, def.id, {
        file: def.handler.file,
        exportName: def.handler.export,
        description: def.description,
        config,
        memoryMb: def.memoryMb ?? 1024,
        timeoutSeconds: def.timeoutSeconds ?? 300,
      });
      job.applyAccess(def.access ?? DEFAULT_JOB_ACCESS, { table: props.table, bus: props.bus, secretPrefix: config.secretPrefix, userPool: props.userPool });
      this.jobs.set(def.id, job);

      // An explicit role per job, so that the one finding on it can be acknowledged right there.
      const invokeRole = new iam.Role(this, `${def.id}SchedulerRole`, {
        assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': this.account } } }),
        description: `EventBridge Scheduler invoking ${def.id} (${config.stage})`,
      });
      Validations.of(invokeRole).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${this.getLogicalId(job.fn.node.defaultChild as lambda.CfnFunction)}.Arn>:*]`,
        reason:
          "Lambda grantInvoke also names the function's qualified ARNs (function:*) so that versions and aliases can be invoked; it is still this one function.",
      });

      const schedule = new scheduler.Schedule(this, `${def.id}Schedule`, {
        scheduleName: resourceName(config, def.id),
        description: def.description,
        scheduleGroup: this.group,
        schedule: scheduler.ScheduleExpression.expression(awsCronExpression(def), TimeZone.of(def.timeZone)),
        timeWindow: scheduler.TimeWindow.off(),
        target: new LambdaInvoke(job.fn, {
          input: scheduler.ScheduleTargetInput.fromObject({ source: 'scheduler', scheduleId: def.id }),
          retryAttempts: 3,
          maxEventAge: Duration.hours(2),
          deadLetterQueue: dlq,
          role: invokeRole,
        }),
      });
      this.schedules.push(schedule);
      this.byJob.set(def.id, { schedule, invokeRole });
    }
  }

  /**
   * Lets a function stop and start exactly these jobs' schedules: scheduler:GetSchedule and scheduler:UpdateSchedule on
   * their ARNs, and iam:PassRole on their invoke roles, only towards EventBridge Scheduler (UpdateSchedule sends the
   * target's role again). The policy lives here, beside the schedules, and is attached to the function's own role.
   */
  grantScheduleControl(grantee: lambda.IFunction, jobIds: readonly string[]): iam.Policy {
    const targets = jobIds.map((id) => {
      const found = this.byJob.get(id);
      if (!found) throw new Error(`No schedule for job ${id} in ${this.stackName}`);
      return found;
    });
    if (!grantee.role) throw new Error(`${grantee.node.id} has no role to grant schedule control to`);
    return new iam.Policy(this, `${grantee.node.id}ScheduleControl`, {
      roles: [grantee.role],
      statements: [
        new iam.PolicyStatement({
          actions: ['scheduler:GetSchedule', 'scheduler:UpdateSchedule'],
          resources: targets.map((t) => t.schedule.scheduleArn),
        }),
        new iam.PolicyStatement({
          actions: ['iam:PassRole'],
          resources: targets.map((t) => t.invokeRole.roleArn),
          conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
        }),
      ],
    });
  }
}
