import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppFunction } from '../../infra/constructs/app-function';
import type { OptionsAcademyStacks } from '../../infra/options-academy';
import { brokerFixture, brokerRoute, ingestScheduleFixture, orderFilledRuleFixture } from './fixtures/definitions';
import { buildTestApp, expectImportOf, importOf, logicalIdOf } from './helpers';

interface Statement {
  Action: string | string[];
  Resource: unknown;
}

describe('AppFunction (Lambda defaults and grant helpers)', () => {
  let stacks: OptionsAcademyStacks;
  let all: AppFunction[];
  beforeAll(() => {
    stacks = buildTestApp({
      httpFunctions: [brokerFixture],
      routes: [brokerRoute],
      schedules: [ingestScheduleFixture],
      eventRules: [orderFilledRuleFixture],
    }).stacks;
    all = [...stacks.api.functions.values(), ...stacks.events.consumers, ...stacks.ingest.jobs.values()];
  });

  const templateOf = (fn: AppFunction) => Template.fromStack(Stack.of(fn));
  const statementsOf = (fn: AppFunction): Statement[] =>
    Object.values(templateOf(fn).findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: logicalIdOf(fn.role) }] } })).flatMap(
      (p) => (p as { Properties: { PolicyDocument: { Statement: Statement[] } } }).Properties.PolicyDocument.Statement,
    );

  it('covers the HTTP functions, the event consumers and the scheduled jobs', () => {
    expect(all.map((f) => f.node.id).sort()).toEqual(['broker', 'ingest', 'xpOnOrderFilled']);
  });

  it('runs every function on Node.js 22 or newer, arm64, with active tracing and its own log group kept a month', () => {
    for (const fn of all) {
      const template = templateOf(fn);
      const props = template.toJSON().Resources[logicalIdOf(fn.fn)].Properties;
      expect(Number(/^nodejs(\d+)\.x$/.exec(props.Runtime)?.[1])).toBeGreaterThanOrEqual(22);
      expect(props.Architectures).toEqual(['arm64']);
      expect(props.TracingConfig).toEqual({ Mode: 'Active' });
      expect(props.LoggingConfig).toEqual({ LogGroup: { Ref: logicalIdOf(fn.logGroup) } });
      template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 });
      expect(template.toJSON().Resources[logicalIdOf(fn.logGroup)].Properties.RetentionInDays).toBe(30);
    }
  });

  it('gives every function the Powertools settings and the same variable names as the local stack, never an endpoint override', () => {
    for (const fn of all) {
      const variables = templateOf(fn).toJSON().Resources[logicalIdOf(fn.fn)].Properties.Environment.Variables as Record<string, unknown>;
      expect(variables).toMatchObject({
        STAGE: 'dev',
        NODE_OPTIONS: '--enable-source-maps',
        POWERTOOLS_SERVICE_NAME: 'options-academy',
        POWERTOOLS_METRICS_NAMESPACE: 'OptionsAcademy',
        POWERTOOLS_LOG_LEVEL: expect.any(String),
      });
      expect(Object.keys(variables).filter((k) => k.startsWith('AWS_'))).toEqual([]);
    }
  });

  it('uses its own role, without the AWSLambdaBasicExecutionRole managed policy', () => {
    for (const fn of all) {
      templateOf(fn).hasResourceProperties('AWS::IAM::Role', {
        AssumeRolePolicyDocument: Match.objectLike({ Statement: [Match.objectLike({ Principal: { Service: 'lambda.amazonaws.com' } })] }),
        ManagedPolicyArns: Match.absent(),
      });
      const logs = statementsOf(fn).find((s) => [s.Action].flat().includes('logs:PutLogEvents'));
      expect(logs?.Resource).toEqual({ 'Fn::GetAtt': [logicalIdOf(fn.logGroup), 'Arn'] });
    }
  });

  it('applies the size and time limits of the definition', () => {
    templateOf(stacks.api.functions.get('broker')!).hasResourceProperties('AWS::Lambda::Function', { MemorySize: 256, Timeout: 15 });
  });

  it("grantTable('read') allows reads only", () => {
    const broker = stacks.api.functions.get('broker')!;
    const dynamo = statementsOf(broker).filter((s) => [s.Action].flat().some((a) => a.startsWith('dynamodb:')));
    expect(dynamo).toHaveLength(1);
    expect([dynamo[0]!.Action].flat().sort()).toEqual([
      'dynamodb:BatchGetItem',
      'dynamodb:ConditionCheckItem',
      'dynamodb:DescribeTable',
      'dynamodb:GetItem',
      'dynamodb:Query',
    ]);
  });

  const secretArn = (name: string) => ({
    'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':secretsmanager:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, `:secret:${name}`]],
  });

  it('grantMarketDataSecret lets a function read the one market-data secret and tells the handler the prefix', () => {
    const broker = stacks.api.functions.get('broker')!;
    const secrets = statementsOf(broker).filter((s) => [s.Action].flat().some((a) => a.startsWith('secretsmanager:')));
    const read = secrets.find((s) => [s.Action].flat().length === 2)!;
    expect([read.Action].flat().sort()).toEqual(['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue']);
    // The name and the six characters Secrets Manager appends: no other secret matches.
    expect(read.Resource).toEqual(secretArn('options-academy/dev/market-data-??????'));
    templateOf(broker).hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ SECRET_PREFIX: 'options-academy/dev' }) },
    });
  });

  it('grantBrokerSecrets scopes the broker keys learners save to their own prefix', () => {
    const broker = stacks.api.functions.get('broker')!;
    const secrets = statementsOf(broker).filter((s) => [s.Action].flat().includes('secretsmanager:CreateSecret'));
    expect(secrets).toHaveLength(1);
    expect(secrets[0]!.Resource).toEqual(secretArn('options-academy/dev/broker/*'));
  });

  it('grantPutEvents allows PutEvents on the project bus only', () => {
    const broker = stacks.api.functions.get('broker')!;
    const put = statementsOf(broker).filter((s) => [s.Action].flat().some((a) => a.startsWith('events:')));
    expect(put).toEqual([expect.objectContaining({ Action: 'events:PutEvents', Resource: expectImportOf(stacks.events.bus) })]);
    templateOf(broker).hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ EVENT_BUS_NAME: importOf(stacks.events.bus) }) },
    });
  });

  it('grants nothing that the definition does not list (a consumer also sends what it gives up on to its dead-letter queue)', () => {
    const consumer = stacks.events.consumers[0]!;
    const statements = statementsOf(consumer);
    const services = new Set(statements.flatMap((s) => [s.Action].flat()).map((a) => a.split(':')[0]));
    expect([...services].sort()).toEqual(['dynamodb', 'logs', 'sqs', 'xray']);
    const sqs = statements.filter((s) => [s.Action].flat().some((a) => a.startsWith('sqs:')));
    expect(sqs.map((s) => s.Resource)).toEqual([{ 'Fn::GetAtt': [logicalIdOf(stacks.events.deadLetters.get(orderFilledRuleFixture.id)!), 'Arn'] }]);
  });

  it('grantOutboxWrite lets a function that reads the table put outbox items and nothing else', () => {
    const market = buildTestApp({
      httpFunctions: [{ id: 'market', file: 'test/infra/fixtures/noop-job.ts', description: 'Market', access: { table: 'read', events: 'outbox' } }],
      routes: [{ routeKey: 'POST /api/market/sync', auth: 'user', fn: 'market' }],
      schedules: [],
      eventRules: [],
    }).stacks.api.functions.get('market')!;
    const writes = statementsOf(market).filter((s) => [s.Action].flat().some((a) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a)));
    expect(writes).toEqual([
      expect.objectContaining({
        Action: 'dynamodb:PutItem',
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['OUTBOX#*'] } },
      }),
    ]);
    expect([
      ...new Set(
        statementsOf(market)
          .flatMap((s) => [s.Action].flat())
          .filter((a) => a.startsWith('events:')),
      ),
    ]).toEqual([]);
  });
});
