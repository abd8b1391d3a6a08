import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { GLOBAL_SECONDARY_INDEXES, STREAM_VIEW_TYPE, TABLE_KEYS, TTL_ATTRIBUTE } from '../../functions/adapters/dynamo/table-definition';
import { stageConfig } from '../../infra/config';
import { DataStack, TABLE_MAX_THROUGHPUT } from '../../infra/stacks/data-stack';
import { buildTestApp } from './helpers';

describe('DataStack', () => {
  let template: Template;
  beforeAll(() => {
    template = Template.fromStack(buildTestApp().stacks.data);
  });

  it('builds the single table from functions/adapters/dynamo/table-definition.ts', () => {
    template.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
    const keyAttributes = [TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey, ...GLOBAL_SECONDARY_INDEXES.flatMap((g) => [g.partitionKey, g.sortKey])];
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      TableName: 'options-academy-dev',
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
      ],
      AttributeDefinitions: Match.arrayWith(keyAttributes.map((name) => ({ AttributeName: name, AttributeType: 'S' }))),
      GlobalSecondaryIndexes: GLOBAL_SECONDARY_INDEXES.map((gsi) => ({
        IndexName: gsi.indexName,
        KeySchema: [
          { AttributeName: gsi.partitionKey, KeyType: 'HASH' },
          { AttributeName: gsi.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    });
  });

  it('expires items on the TTL attribute, keeps point-in-time recovery, bills per request, encrypts', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      BillingMode: 'PAY_PER_REQUEST',
      // The AWS managed key (aws/dynamodb): KMS without a customer key.
      SSESpecification: { SSEEnabled: true, SSEType: 'KMS' },
      Replicas: [Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })],
    });
  });

  it('caps the on-demand throughput, so that a runaway costs a known amount at most', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      WriteOnDemandThroughputSettings: { MaxWriteRequestUnits: TABLE_MAX_THROUGHPUT.maxWriteRequestUnits },
      Replicas: [Match.objectLike({ ReadOnDemandThroughputSettings: { MaxReadRequestUnits: TABLE_MAX_THROUGHPUT.maxReadRequestUnits } })],
    });
  });

  it('streams new item images, from which the outbox Pipe reads events', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', { StreamSpecification: { StreamViewType: STREAM_VIEW_TYPE } });
  });

  it('is deleted with a dev stage and retained (and protected) in prod', () => {
    template.hasResource('AWS::DynamoDB::GlobalTable', { DeletionPolicy: 'Delete', UpdateReplacePolicy: 'Delete' });

    const prod = new DataStack(new App({ builtinCloudFormationValidation: false }), 'Prod', { config: stageConfig('prod') });
    const prodTemplate = Template.fromStack(prod);
    prodTemplate.hasResource('AWS::DynamoDB::GlobalTable', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    prodTemplate.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      TableName: 'options-academy-prod',
      Replicas: [Match.objectLike({ DeletionProtectionEnabled: true })],
    });
  });

  it('rejects a stage name that cannot be part of resource names', () => {
    expect(() => stageConfig('Prod Stage')).toThrow(/Invalid stage/);
  });
});
