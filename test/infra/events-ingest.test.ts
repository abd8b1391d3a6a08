import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { awsCronExpression } from '../../functions/jobs/schedules';
import type { OptionsAcademyStacks } from '../../infra/options-academy';
import { ingestScheduleFixture, orderFilledRuleFixture } from './fixtures/definitions';
import { buildTestApp, logicalIdOf } from './helpers';

describe('EventsStack and IngestStack', () => {
  let stacks: OptionsAcademyStacks;
  let events: Template;
  let ingest: Template;
  beforeAll(() => {
    stacks = buildTestApp({ schedules: [ingestScheduleFixture], eventRules: [orderFilledRuleFixture] }).stacks;
    events = Template.fromStack(stacks.events);
    ingest = Template.fromStack(stacks.ingest);
  });

  it('has the stage event bus', () => {
    events.hasResourceProperties('AWS::Events::EventBus', { Name: 'options-academy-dev' });
    events.hasResourceProperties('AWS::Events::Archive', { RetentionDays: 30 });
  });

  it('turns each rule definition into a rule on that bus with its consumer as target and a dead-letter queue', () => {
    const consumer = stacks.events.consumers[0]!;
    events.hasResourceProperties('AWS::Events::Rule', {
      EventBusName: { Ref: logicalIdOf(stacks.events.bus) },
      EventPattern: orderFilledRuleFixture.pattern,
      Targets: [
        Match.objectLike({
          Arn: { 'Fn::GetAtt': [logicalIdOf(consumer.fn), 'Arn'] },
          DeadLetterConfig: { Arn: Match.anyValue() },
          RetryPolicy: Match.objectLike({ MaximumRetryAttempts: Match.anyValue() }),
        }),
      ],
    });
  });

  it('schedules the fixture at 18:00 New York on weekdays, not in UTC, without a flexible window', () => {
    expect(awsCronExpression(ingestScheduleFixture)).toBe('cron(0 18 ? * MON-FRI *)');
    const job = stacks.ingest.jobs.get('ingest')!;
    ingest.hasResourceProperties('AWS::Scheduler::Schedule', {
      Name: 'options-academy-dev-ingest',
      GroupName: 'options-academy-dev',
      ScheduleExpression: 'cron(0 18 ? * MON-FRI *)',
      ScheduleExpressionTimezone: 'America/New_York',
      FlexibleTimeWindow: { Mode: 'OFF' },
      State: 'ENABLED',
      Target: {
        Arn: { 'Fn::GetAtt': [logicalIdOf(job.fn), 'Arn'] },
        RoleArn: Match.anyValue(),
        Input: JSON.stringify({ source: 'scheduler', scheduleId: 'ingest' }),
        RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 7200 },
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^ScheduleDeadLetters'), 'Arn'] } },
      },
    });
    ingest.hasResourceProperties('AWS::Lambda::Function', { Handler: 'index.run' });
  });

  it('keeps undelivered invocations in an encrypted, TLS-only queue', () => {
    ingest.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true });
    ingest.hasResourceProperties('AWS::SQS::QueuePolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
    // The scheduler's role may invoke the job and write to its dead-letter queue, nothing else.
    ingest.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: { Statement: [Match.objectLike({ Action: 'lambda:InvokeFunction' }), Match.objectLike({ Action: 'sqs:SendMessage' })] },
    });
  });

  it('gives the job the default grants of a market ingest: the table and PutEvents', () => {
    const job = stacks.ingest.jobs.get('ingest')!;
    const policy = Object.values(ingest.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: logicalIdOf(job.role) }] } }))[0] as {
      Properties: { PolicyDocument: { Statement: { Action: string | string[] }[] } };
    };
    const actions = policy.Properties.PolicyDocument.Statement.flatMap((s) => [s.Action].flat());
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'events:PutEvents']));
  });

  it('builds nothing from empty catalogues but the bus and the schedule group', () => {
    const empty = buildTestApp({ schedules: [], eventRules: [] }).stacks;
    const emptyIngest = Template.fromStack(empty.ingest);
    emptyIngest.resourceCountIs('AWS::Scheduler::Schedule', 0);
    emptyIngest.resourceCountIs('AWS::Scheduler::ScheduleGroup', 1);
    Template.fromStack(empty.events).resourceCountIs('AWS::Events::Rule', 0);
  });

  it('builds the real catalogue: the weekday 18:00 New York ingest, the 15:45 Mumbai Indian closing chains and the on-request rule', () => {
    const real = buildTestApp().stacks;
    Template.fromStack(real.ingest).hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'cron(0 18 ? * MON-FRI *)',
      ScheduleExpressionTimezone: 'America/New_York',
    });
    // The Indian closing chains: weekdays 15:45 in Mumbai, a quarter of an hour after NSE's close.
    Template.fromStack(real.ingest).hasResourceProperties('AWS::Scheduler::Schedule', {
      Name: 'options-academy-dev-indiaEod',
      ScheduleExpression: 'cron(45 15 ? * MON-FRI *)',
      ScheduleExpressionTimezone: 'Asia/Kolkata',
      Target: Match.objectLike({ Input: JSON.stringify({ source: 'scheduler', scheduleId: 'indiaEod' }) }),
    });
    Template.fromStack(real.events).hasResourceProperties('AWS::Events::Rule', {
      EventPattern: { source: ['options-academy'], 'detail-type': ['IngestRequested'] },
    });
  });
});
