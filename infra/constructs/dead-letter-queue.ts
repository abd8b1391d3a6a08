import { Duration, Validations } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/** Where EventBridge (a rule, a Pipe, the Scheduler) and Lambda park deliveries they gave up on: encrypted, TLS only, kept 14 days for inspection and redrive. */
export function deadLetterQueue(scope: Construct, id: string): sqs.Queue {
  const queue = new sqs.Queue(scope, id, {
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  Validations.of(queue).acknowledge({
    id: 'AwsSolutions-SQS3',
    reason:
      'This queue is itself a dead-letter queue (of an EventBridge rule and its consumer, the outbox Pipe, or a Scheduler target); it needs no DLQ of its own.',
  });
  return queue;
}
