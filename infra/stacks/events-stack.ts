import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type { Construct } from 'constructs';
import { eventRules, type EventRuleDefinition } from '../../functions/events/rules';
import { resourceName, type StageConfig } from '../config';
import { AppFunction } from '../constructs/app-function';
import { deadLetterQueue } from '../constructs/dead-letter-queue';

export interface EventsStackProps extends StackProps {
  config: StageConfig;
  table: dynamodb.ITableV2;
  /** Defaults to the catalogue in functions/events/rules.ts; tests pass fixtures. */
  rules?: readonly EventRuleDefinition[];
}

/** The domain event bus (DESIGN.md §6) and one rule per definition, each with its consumer Lambda. */
export class EventsStack extends Stack {
  readonly bus: events.EventBus;
  readonly consumers: AppFunction[] = [];

  constructor(scope: Construct, id: string, props: EventsStackProps) {
    super(scope, id, props);
    const { config } = props;
    const rules = props.rules ?? eventRules;

    this.bus = new events.EventBus(this, 'Bus', { eventBusName: resourceName(config) });
    // Replays after a consumer bug: the archive keeps what the table's TTL keeps, 30 days.
    this.bus.archive('Archive', {
      description: `Domain events of ${config.stage}`,
      // Every event put on this bus by this account: the app's own.
      eventPattern: { account: [this.account] },
      retention: Duration.days(30),
    });

    const dlq = rules.length > 0 ? deadLetterQueue(this, 'ConsumerDeadLetters') : undefined;
    for (const def of rules) {
      const consumer = new AppFunction(this, def.consumer.id, {
        file: def.consumer.file,
        description: def.description,
        config,
        memoryMb: def.consumer.memoryMb,
        timeoutSeconds: def.consumer.timeoutSeconds ?? 30,
      });
      consumer.applyAccess(def.consumer.access, { table: props.table, bus: this.bus, secretPrefix: config.secretPrefix });
      this.consumers.push(consumer);

      new events.Rule(this, `${def.id}Rule`, {
        eventBus: this.bus,
        description: def.description,
        eventPattern: def.pattern,
        targets: [new targets.LambdaFunction(consumer.fn, { deadLetterQueue: dlq, retryAttempts: 4, maxEventAge: Duration.hours(6) })],
      });
    }

    new CfnOutput(this, 'EventBusName', { value: this.bus.eventBusName });
  }
}
