import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { dynamoLearnerCounter, dynamoSiteStats, statsShardKey } from '../../../../functions/adapters/dynamo/site-stats-repository';

const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const mock = mockClient(db);

describe('the site counters', () => {
  beforeEach(() => mock.reset());

  it('sums the shards, learners from activeLearners (the sign-ups once counted in learners are not carried over)', async () => {
    mock.on(BatchGetCommand).resolves({
      Responses: {
        tbl: [
          { PK: 'STATS', SK: 'SHARD#0', learners: 500, activeLearners: 2, paperTrades: 7 },
          { PK: 'STATS', SK: 'SHARD#3', activeLearners: 1, paperTrades: 1, strategiesBuilt: 4 },
        ],
      },
    });
    expect(await dynamoSiteStats(db, 'tbl').read()).toEqual({ learners: 3, paperTrades: 8, strategiesBuilt: 4 });
  });

  it('counts a learner with the marker and their shard in one transaction, the marker only if it does not exist', async () => {
    mock.on(TransactWriteCommand).resolves({});
    const counter = dynamoLearnerCounter(db, 'tbl');
    expect(counter.markerKey('u1')).toEqual({ PK: 'USER#u1', SK: 'COUNTED#LEARNER' });
    await counter.countOnce('u1', { eventId: 'e1', detailType: 'OrderPlaced', countedAt: '2026-11-23T15:00:00.000Z' });
    const [put, update] = mock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(put!.Put).toEqual({
      TableName: 'tbl',
      Item: {
        PK: 'USER#u1',
        SK: 'COUNTED#LEARNER',
        type: 'learnerCounted',
        userId: 'u1',
        eventId: 'e1',
        detailType: 'OrderPlaced',
        countedAt: '2026-11-23T15:00:00.000Z',
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
    expect(put!.Put!.Item).not.toHaveProperty('expiresAt');
    expect(update!.Update).toMatchObject({
      TableName: 'tbl',
      Key: statsShardKey('u1'),
      UpdateExpression: 'ADD #c :by',
      ExpressionAttributeNames: { '#c': 'activeLearners' },
      ExpressionAttributeValues: { ':by': 1 },
    });
  });
});
