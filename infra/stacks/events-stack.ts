import { CfnOutput, Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import * as pipes from 'aws-cdk-lib/aws-pipes';
import * as ses from 'aws-cdk-lib/aws-ses';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { OUTBOX_STREAM_FILTER } from '../../functions/adapters/dynamo/outbox';
import { CONSUMER_RETRY, eventRules, type EventRuleDefinition } from '../../functions/events/rules';
import { resourceName, type StageConfig } from '../config';
import { AppFunction } from '../constructs/app-function';
import { deadLetterQueue } from '../constructs/dead-letter-queue';

export interface EventsStackProps extends StackProps {
  config: StageConfig;
  table: dynamodb.ITableV2;
  /** For consumers with `access.userPool` (the deletion's finisher). */
  userPool?: cognito.IUserPool;
  /** Defaults to the catalogue in functions/events/rules.ts; tests pass fixtures. */
  rules?: readonly EventRuleDefinition[];
  /**
   * The sending identity of alert e-mails (an address verified in SES, context `mailFrom`) and the site's origin for
   * their links (context `siteUrl`); without them no consumer is granted SES and none sends.
   */
  mail?: { from: string; siteUrl: string };
}

/** Attempts of the Pipe at a batch of stream records before it parks the batch's description in its dead-letter queue. */
export const OUTBOX_PIPE_RETRY_ATTEMPTS = 10;

/**
 * Domain events (docs/architecture.md, "Events"): the bus; the outbox Pipe that carries new outbox items
 * from the table's stream to the bus; one rule per definition with its consumer Lambda, each rule with its own
 * dead-letter queue.
 */
export class EventsStack extends Stack {
  readonly bus: events.EventBus;
  readonly consumers: AppFunction[] = [];
  readonly enrichment: AppFunction;
  readonly pipe: pipes.CfnPipe;
  readonly outboxDeadLetters: sqs.Queue;
  readonly deadLetters = new Map<string, sqs.Queue>();
  /** The SES v2 configuration set every alert e-mail goes through (reputation metrics: bounces and complaints). */
  readonly mailConfigurationSet: ses.ConfigurationSet;

  constructor(scope: Construct, id: string, props: EventsStackProps) {
    super(scope, id, props);
    const { config, table } = props;
    const rules = props.rules ?? eventRules;

    this.bus = new events.EventBus(this, 'Bus', { eventBusName: resourceName(config) });
    // Replays after a consumer bug: the archive keeps what the table's TTL keeps, 30 days.
    this.bus.archive('Archive', {
      description: `Domain events of ${config.stage}`,
      // Every event put on this bus by this account: the app's own.
      eventPattern: { account: [this.account] },
      retention: Duration.days(30),
    });

    this.mailConfigurationSet = new ses.ConfigurationSet(this, 'MailConfigurationSet', {
      configurationSetName: resourceName(config, 'mail'),
      tlsPolicy: ses.ConfigurationSetTlsPolicy.REQUIRE,
      reputationMetrics: true,
    });
    const mail = props.mail && { ...props.mail, configurationSetName: resourceName(config, 'mail') };

    ({ pipe: this.pipe, enrichment: this.enrichment, deadLetters: this.outboxDeadLetters } = this.outboxPipe(config, table));

    for (const def of rules) {
      const retry = def.retry ?? CONSUMER_RETRY;
      const consumer = new AppFunction(this, def.consumer.id, {
        file: def.consumer.file,
        description: def.description,
        config,
        memoryMb: def.consumer.memoryMb,
        timeoutSeconds: def.consumer.timeoutSeconds ?? 30,
      });
      consumer.applyAccess(def.consumer.access, { table, bus: this.bus, secretPrefix: config.secretPrefix, userPool: props.userPool, mail });
      this.consumers.push(consumer);

      const dlq = deadLetterQueue(this, `${def.id}DeadLetters`);
      this.deadLetters.set(def.id, dlq);
      // EventBridge invokes a Lambda target asynchronously: the rule's retry policy and DLQ cover getting the event to
      // Lambda, Lambda's own retries and on-failure destination cover the consumer failing. Both end in the rule's queue.
      consumer.fn.configureAsyncInvoke({
        retryAttempts: retry.attempts,
        maxEventAge: Duration.seconds(retry.maxEventAgeSeconds),
        onFailure: new SqsDestination(dlq),
      });
      new events.Rule(this, `${def.id}Rule`, {
        eventBus: this.bus,
        description: def.description,
        eventPattern: def.pattern,
        targets: [new targets.LambdaFunction(consumer.fn, { deadLetterQueue: dlq, retryAttempts: 4, maxEventAge: Duration.seconds(retry.maxEventAgeSeconds) })],
      });
    }

    new CfnOutput(this, 'EventBusName', { value: this.bus.eventBusName });
  }

  /**
   * The table's stream → filter (inserts of outbox items) → enrichment (functions/events/outbox-enrichment.ts: the item
   * becomes the bus event) → the bus. Nothing in the app publishes directly; the local stack runs the same path
   * (local/outbox-relay.ts).
   */
  private outboxPipe(config: StageConfig, table: dynamodb.ITableV2) {
    const streamArn = table.tableStreamArn;
    if (!streamArn) throw new Error('The outbox Pipe needs the table stream (dynamoStream in infra/stacks/data-stack.ts)');

    const enrichment = new AppFunction(this, 'OutboxEnrichment', {
      file: 'functions/events/outbox-enrichment.ts',
      description: 'Outbox Pipe enrichment: a new outbox item becomes the bus event',
      config,
      memoryMb: 256,
      timeoutSeconds: 10,
    });
    // Pipes keeps only what it could not deliver: for a stream source the queue gets the batch's shard and sequence
    // numbers, with which an operator reads the records back from the stream (kept 24 h) or the items from the table.
    const deadLetters = deadLetterQueue(this, 'OutboxDeadLetters');

    const role = new iam.Role(this, 'OutboxPipeRole', {
      assumedBy: new iam.ServicePrincipal('pipes.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': this.account } } }),
      description: `The outbox Pipe: reads the table's stream, invokes the enrichment, puts events on the bus (${config.stage})`,
    });
    role.addToPolicy(
      new iam.PolicyStatement({ actions: ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'], resources: [streamArn] }),
    );
    role.addToPolicy(new iam.PolicyStatement({ actions: ['dynamodb:ListStreams'], resources: ['*'] }));
    role.addToPolicy(new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [enrichment.fn.functionArn] }));
    role.addToPolicy(new iam.PolicyStatement({ actions: ['events:PutEvents'], resources: [this.bus.eventBusArn] }));
    deadLetters.grantSendMessages(role);
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'dynamodb:ListStreams, which a Pipe with a DynamoDB stream source needs, has no resource-level permissions; the stream reads themselves name the one stream.',
    });

    const pipe = new pipes.CfnPipe(this, 'OutboxPipe', {
      name: resourceName(config, 'outbox'),
      description: 'Outbox items from the table stream to the domain event bus',
      roleArn: role.roleArn,
      source: streamArn,
      sourceParameters: {
        // Only inserts of outbox items: everything else in the table's stream is not an event.
        filterCriteria: { filters: [{ pattern: JSON.stringify(OUTBOX_STREAM_FILTER) }] },
        dynamoDbStreamParameters: {
          // From the oldest record kept, so events written before the Pipe existed are not lost.
          startingPosition: 'TRIM_HORIZON',
          batchSize: 10,
          maximumBatchingWindowInSeconds: 0,
          maximumRetryAttempts: OUTBOX_PIPE_RETRY_ATTEMPTS,
          onPartialBatchItemFailure: 'AUTOMATIC_BISECT',
          deadLetterConfig: { arn: deadLetters.queueArn },
        },
      },
      enrichment: enrichment.fn.functionArn,
      target: this.bus.eventBusArn,
      targetParameters: {
        // Dynamic paths read the enrichment's output (PipeEvent): one element per event.
        eventBridgeEventBusParameters: { detailType: '$.detailType', source: '$.source' },
        inputTemplate: '<$.detail>',
      },
    });
    pipe.node.addDependency(role);
    return { pipe, enrichment, deadLetters };
  }
}
