import { CfnOutput, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { GLOBAL_SECONDARY_INDEXES, STREAM_VIEW_TYPE, TABLE_KEYS, TTL_ATTRIBUTE } from '../../functions/adapters/dynamo/table-definition';
import { simulationSecretName, unsubscribeSecretName } from '../../functions/adapters/secrets/secret-names';
import { resourceName, type StageConfig } from '../config';

export interface DataStackProps extends StackProps {
  config: StageConfig;
}

const stringKey = (name: string): dynamodb.Attribute => ({ name, type: dynamodb.AttributeType.STRING });

/**
 * A ceiling on the on-demand table's throughput per second (its indexes inherit it), so that a runaway job or abuse
 * past the rate limits costs a known amount at most. Above what the API can ask for: an order is one transaction of
 * about ten small items (~25 write units), and the stage lets 50 orders a second through (functions/rate-limits.ts);
 * the evening ingestion writes a few thousand units over some seconds. Throttling past it raises the throttle alarm.
 */
export const TABLE_MAX_THROUGHPUT = { maxReadRequestUnits: 4000, maxWriteRequestUnits: 2000 };

/** The single table (docs/architecture.md, "Data model"), built from the same definition as the local DynamoDB table. */
export class DataStack extends Stack {
  readonly table: dynamodb.TableV2;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.table = new dynamodb.TableV2(this, 'Table', {
      tableName: resourceName(config),
      partitionKey: stringKey(TABLE_KEYS.partitionKey),
      sortKey: stringKey(TABLE_KEYS.sortKey),
      globalSecondaryIndexes: GLOBAL_SECONDARY_INDEXES.map((gsi) => ({
        indexName: gsi.indexName,
        partitionKey: stringKey(gsi.partitionKey),
        sortKey: stringKey(gsi.sortKey),
        projectionType: dynamodb.ProjectionType.ALL,
      })),
      timeToLiveAttribute: TTL_ATTRIBUTE,
      // The outbox leaves through the stream (the Pipe in the events stack).
      dynamoStream: dynamodb.StreamViewType[STREAM_VIEW_TYPE],
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      billing: dynamodb.Billing.onDemand(TABLE_MAX_THROUGHPUT),
      encryption: dynamodb.TableEncryptionV2.awsManagedKey(),
      deletionProtection: config.isProd,
      removalPolicy: config.removalPolicy,
    });

    // The simulated market's deployment secret: the key of the draws of its price path, so that nobody with the source
    // can compute a future close and know how a demo prediction market resolves. Read by the functions that ingest
    // (AppFunction.grantMarketDataSecret), by its name.
    const simulation = new secretsmanager.Secret(this, 'SimulationSecret', {
      secretName: simulationSecretName(config.secretPrefix),
      description: `The key of the simulated market's price path (${config.stage}); never shown, never logged`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: config.removalPolicy,
    });
    Validations.of(simulation).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'A new value is a new simulated price path from then on (the stored data keeps the old one); it is not rotated on a schedule.',
    });

    // The key that signs the unsubscribe links of alert e-mails, so a link names one learner and cannot be forged. Read
    // only by the functions that sign (the alerts' consumer) or verify (the unsubscribe route) a link, by its name.
    const unsubscribe = new secretsmanager.Secret(this, 'UnsubscribeSecret', {
      secretName: unsubscribeSecretName(config.secretPrefix),
      description: `The key of the unsubscribe links in alert e-mails (${config.stage}); never shown, never logged`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: config.removalPolicy,
    });
    Validations.of(unsubscribe).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'A new value would break the unsubscribe links in e-mails already sent, which must keep working; it is not rotated on a schedule.',
    });

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
  }
}
