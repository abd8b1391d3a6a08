import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_STREAM_FILTER } from '../../functions/adapters/dynamo/outbox';
import { CONSUMER_RETRY, eventRules } from '../../functions/events/rules';
import type { OptionsAcademyStacks } from '../../infra/options-academy';
import { OUTBOX_PIPE_RETRY_ATTEMPTS } from '../../infra/stacks/events-stack';
import { buildTestApp, logicalIdOf } from './helpers';

type Statement = { Action: string | string[]; Resource: unknown; Effect: string };
interface PipeProps {
  Name: string;
  Source: unknown;
  SourceParameters: { FilterCriteria: { Filters: { Pattern: string }[] }; DynamoDBStreamParameters: unknown };
  Enrichment: unknown;
  Target: unknown;
  TargetParameters: unknown;
}

describe('the outbox Pipe and the dead-letter queues of the event rules', () => {
  let stacks: OptionsAcademyStacks;
  let template: Template;
  let resources: Record<string, { Type: string; Properties: Record<string, unknown> }>;
  beforeAll(() => {
    stacks = buildTestApp().stacks;
    template = Template.fromStack(stacks.events);
    resources = template.toJSON().Resources;
  });
  const getAtt = (construct: Parameters<typeof logicalIdOf>[0]) => ({ 'Fn::GetAtt': [logicalIdOf(construct), 'Arn'] });
  const policyOf = (roleLogicalId: string): Statement[] =>
    Object.values(resources)
      .filter((r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles) === JSON.stringify([{ Ref: roleLogicalId }]))
      .flatMap((r) => (r.Properties.PolicyDocument as { Statement: Statement[] }).Statement);

  it("reads the table's stream from its oldest record, keeps inserts of outbox items only, and parks what it cannot deliver", () => {
    const pipe = resources[logicalIdOf(stacks.events.pipe)]!.Properties as unknown as PipeProps;
    expect(JSON.stringify(pipe.Source)).toContain('StreamArn');
    expect(pipe.Name).toBe('options-academy-dev-outbox');
    expect(JSON.parse(pipe.SourceParameters.FilterCriteria.Filters[0]!.Pattern)).toEqual(OUTBOX_STREAM_FILTER);
    expect(pipe.SourceParameters.DynamoDBStreamParameters).toEqual({
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: 10,
      MaximumBatchingWindowInSeconds: 0,
      MaximumRetryAttempts: OUTBOX_PIPE_RETRY_ATTEMPTS,
      OnPartialBatchItemFailure: 'AUTOMATIC_BISECT',
      DeadLetterConfig: { Arn: getAtt(stacks.events.outboxDeadLetters) },
    });
  });

  it('turns each record into the bus event with the enrichment Lambda and puts it on the stage bus', () => {
    const pipe = resources[logicalIdOf(stacks.events.pipe)]!.Properties as unknown as PipeProps;
    expect(pipe.Enrichment).toEqual(getAtt(stacks.events.enrichment.fn));
    expect(pipe.Target).toEqual(getAtt(stacks.events.bus));
    expect(pipe.TargetParameters).toEqual({ EventBridgeEventBusParameters: { DetailType: '$.detailType', Source: '$.source' }, InputTemplate: '<$.detail>' });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Handler: 'index.handler',
      Description: 'Outbox Pipe enrichment: a new outbox item becomes the bus event',
    });
  });

  it('runs as a role that only Pipes of this account assume, allowed the stream, the enrichment, the bus and its queue', () => {
    const role = stacks.events.node.findChild('OutboxPipeRole');
    template.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: {
        Statement: [
          {
            Action: 'sts:AssumeRole',
            Effect: 'Allow',
            Principal: { Service: 'pipes.amazonaws.com' },
            Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
          },
        ],
        Version: '2012-10-17',
      },
    });
    const statements = policyOf(logicalIdOf(role));
    const byAction = Object.fromEntries(statements.flatMap((s) => [s.Action].flat().map((a) => [a, s.Resource])));
    expect(Object.keys(byAction).sort()).toEqual([
      'dynamodb:DescribeStream',
      'dynamodb:GetRecords',
      'dynamodb:GetShardIterator',
      'dynamodb:ListStreams',
      'events:PutEvents',
      'lambda:InvokeFunction',
      'sqs:GetQueueAttributes',
      'sqs:GetQueueUrl',
      'sqs:SendMessage',
    ]);
    expect(JSON.stringify(byAction['dynamodb:GetRecords'])).toContain('StreamArn');
    expect(byAction['lambda:InvokeFunction']).toEqual(getAtt(stacks.events.enrichment.fn));
    expect(byAction['events:PutEvents']).toEqual(getAtt(stacks.events.bus));
    expect(byAction['sqs:SendMessage']).toEqual(getAtt(stacks.events.outboxDeadLetters));
  });

  it('gives the enrichment nothing but its logs: it reads only what the Pipe hands it', () => {
    const services = new Set(policyOf(logicalIdOf(stacks.events.enrichment.role)).flatMap((s) => [s.Action].flat().map((a) => a.split(':')[0])));
    expect([...services].sort()).toEqual(['logs', 'xray']);
  });

  it('gives every rule its own dead-letter queue, for the delivery to Lambda and for the consumer failing after its retries', () => {
    expect([...stacks.events.deadLetters.keys()].sort()).toEqual(eventRules.map((r) => r.id).sort());
    for (const [i, rule] of eventRules.entries()) {
      const dlq = getAtt(stacks.events.deadLetters.get(rule.id)!);
      const consumer = stacks.events.consumers[i]!;
      template.hasResourceProperties('AWS::Events::Rule', {
        EventPattern: rule.pattern,
        Targets: [Match.objectLike({ Arn: getAtt(consumer.fn), DeadLetterConfig: { Arn: dlq } })],
      });
      const invokeConfig = Object.values(resources).find(
        (r) => r.Type === 'AWS::Lambda::EventInvokeConfig' && JSON.stringify(r.Properties.FunctionName) === JSON.stringify({ Ref: logicalIdOf(consumer.fn) }),
      );
      expect(invokeConfig?.Properties).toMatchObject({
        MaximumRetryAttempts: CONSUMER_RETRY.attempts,
        MaximumEventAgeInSeconds: CONSUMER_RETRY.maxEventAgeSeconds,
        DestinationConfig: { OnFailure: { Destination: dlq } },
      });
    }
  });
});
