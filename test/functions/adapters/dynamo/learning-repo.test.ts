import { DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { dynamoLearningRepository } from '../../../../functions/adapters/dynamo/learning-repo';
import { domainEvent } from '@shared/events/domain-events';
import { defaultProgress } from '@shared/learning/progress';

const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const mock = mockClient(db);
const NOW = new Date('2026-11-25T15:00:00.000Z');
const repo = () => dynamoLearningRepository(db, 'tbl', () => NOW);
const event = domainEvent(
  'LessonCompleted',
  { userId: 'u1', moduleId: 'options_basics', lessonId: 'options_basics.why-options', at: NOW.toISOString() },
  '01KAAAAAAAAAAAAAAAAAAAAAAA',
);
const canceled = (code: string) => new TransactionCanceledException({ message: 'canceled', $metadata: {}, CancellationReasons: [{ Code: code }] });

describe('dynamoLearningRepository', () => {
  beforeEach(() => mock.reset());

  it('reads the one progress item USER#<sub>/LEARN, consistently', async () => {
    mock.on(GetCommand).resolves({ Item: { PK: 'USER#u1', SK: 'LEARN', progress: defaultProgress(), version: 3 } });
    expect(await repo().get('u1')).toEqual({ progress: defaultProgress(), version: 3, published: [], judgedOrders: {} });
    expect(mock.commandCalls(GetCommand)[0]!.args[0].input).toMatchObject({ Key: { PK: 'USER#u1', SK: 'LEARN' }, ConsistentRead: true });
    mock.on(GetCommand).resolves({});
    expect(await repo().get('u1')).toBeNull();
  });

  it('writes the progress conditional on its version with the events as outbox items, in one transaction', async () => {
    mock.on(TransactWriteCommand).resolves({});
    expect(
      await repo().save('u1', 3, defaultProgress(), [event], {
        published: ['lesson:options_basics.why-options'],
        judgedOrders: { 'options_basics.first-trade': ['01ORDER'] },
      }),
    ).toBe('ok');
    const items = mock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items).toHaveLength(2);
    expect(items[0]!.Put).toMatchObject({
      Item: {
        PK: 'USER#u1',
        SK: 'LEARN',
        version: 4,
        progress: defaultProgress(),
        published: ['lesson:options_basics.why-options'],
        judgedOrders: { 'options_basics.first-trade': ['01ORDER'] },
        updatedAt: NOW.toISOString(),
      },
      ConditionExpression: 'version = :v',
      ExpressionAttributeValues: { ':v': 3 },
    });
    expect(items[1]!.Put).toMatchObject({
      Item: { PK: 'OUTBOX#01KAAAAAAAAAAAAAAAAAAAAAAA', detailType: 'LessonCompleted' },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
  });

  it('creates the item only if none exists', async () => {
    mock.on(TransactWriteCommand).resolves({});
    await repo().save('u1', 0, defaultProgress(), []);
    expect(mock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems![0]!.Put).toMatchObject({
      Item: { version: 1 },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
  });

  it('answers conflict when the version moved or another transaction was in the way, and rethrows anything else', async () => {
    mock.on(TransactWriteCommand).rejects(canceled('ConditionalCheckFailed'));
    expect(await repo().save('u1', 3, defaultProgress(), [])).toBe('conflict');
    mock.on(TransactWriteCommand).rejects(canceled('TransactionConflict'));
    expect(await repo().save('u1', 3, defaultProgress(), [])).toBe('conflict');
    mock.on(TransactWriteCommand).rejects(new Error('throttled'));
    await expect(repo().save('u1', 3, defaultProgress(), [])).rejects.toThrow('throttled');
  });

  it("writes a consumer's receipt in the progress's transaction, and answers duplicate when the receipt exists already", async () => {
    const receipt = {
      Put: { TableName: 'tbl', Item: { PK: 'EVENT#e1', SK: 'CONSUMED#learningJournalEntryAdded' }, ConditionExpression: 'attribute_not_exists(PK)' },
    };
    mock.on(TransactWriteCommand).resolves({});
    expect(await repo().save('u1', 3, defaultProgress(), [], {}, receipt)).toBe('ok');
    expect(mock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems).toEqual([expect.objectContaining({ Put: expect.anything() }), receipt]);
    const receiptFailed = new TransactionCanceledException({
      message: 'canceled',
      $metadata: {},
      CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
    });
    mock.on(TransactWriteCommand).rejects(receiptFailed);
    expect(await repo().save('u1', 3, defaultProgress(), [], {}, receipt)).toBe('duplicate');
    mock
      .on(TransactWriteCommand)
      .rejects(
        new TransactionCanceledException({ message: 'canceled', $metadata: {}, CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }] }),
      );
    expect(await repo().save('u1', 3, defaultProgress(), [], {}, receipt)).toBe('conflict');
  });
});
