import { DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DemoAccount, DemoOrder, DemoPosition } from '@shared/prediction/demo-account';
import { dynamoDemoAccountRepository, volumeOf } from '../../../../functions/adapters/dynamo/demo-account-repository';

const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const mock = mockClient(db);
const repo = dynamoDemoAccountRepository(db, 't');

const account: DemoAccount = { userId: 'u1', balance: 99_000, held: 0, startingBalance: 100_000, createdAt: 'c', resetAt: null, resets: 0, version: 1 };
const order = { id: '01A', clientOrderId: 'client-0001', status: 'filled', closesAt: '2026-12-18T21:00:00.000Z' } as DemoOrder;
const position = { marketId: 'SPY-2026-12-18-ABOVE-600', underlying: 'SPY', expiration: '2026-12-18', side: 'yes', count: 3, version: 0 } as DemoPosition;
const cancelled = (codes: string[]) =>
  new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });

describe('the demo accounts in DynamoDB', () => {
  beforeEach(() => mock.reset());

  it('creates the account with its first order in one transaction: the account absent, the client id new, the position indexed by its expiry', async () => {
    mock.on(TransactWriteCommand).resolves({});
    mock.on(UpdateCommand).resolves({});
    const result = await repo.commit('u1', {
      account: { expectedVersion: 0, next: account },
      order: { next: order, expected: 'new' },
      positions: [{ before: null, after: position }],
      volume: { marketId: position.marketId, count: 3 },
    });
    expect(result).toBe('ok');
    const items = mock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items.map((i) => [i.Put!.Item!.SK, i.Put!.ConditionExpression])).toEqual([
      ['PREDICT#ACCOUNT', 'attribute_not_exists(PK)'],
      ['PREDICT#OCID#client-0001', 'attribute_not_exists(PK)'],
      ['PREDICT#ORDER#01A', 'attribute_not_exists(PK)'],
      ['PREDICT#ACCOUNT#POS#SPY-2026-12-18-ABOVE-600#yes', 'attribute_not_exists(PK)'],
    ]);
    expect(items[0]!.Put!.Item!.PK).toBe('USER#u1');
    expect(items[3]!.Put!.Item).toMatchObject({ GSI1PK: 'PREDICT#HOLDERS#SPY#2026-12-18', GSI1SK: 'u1#SPY-2026-12-18-ABOVE-600#yes', version: 1 });
    // The volume is counted after the fill, outside its transaction.
    expect(mock.commandCalls(UpdateCommand)[0]!.args[0].input).toMatchObject({
      Key: { PK: 'PMARKETS#VOLUME', SK: position.marketId },
      ExpressionAttributeValues: { ':n': 3 },
    });
  });

  it('answers a used client id or a settlement already written as a duplicate, a moved account as a conflict, and counts no volume', async () => {
    mock.on(UpdateCommand).resolves({});
    mock
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled(['None', 'ConditionalCheckFailed', 'None']))
      .rejectsOnce(cancelled(['ConditionalCheckFailed', 'None', 'None']));
    const change = {
      account: { expectedVersion: 1, next: { ...account, version: 2 } },
      order: { next: order, expected: 'new' as const },
      volume: { marketId: 'm', count: 1 },
    };
    expect(await repo.commit('u1', change)).toBe('duplicate');
    expect(await repo.commit('u1', change)).toBe('conflict');
    expect(mock.commandCalls(UpdateCommand)).toHaveLength(0);
    const first = mock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems![0]!.Put!;
    expect([first.ConditionExpression, first.ExpressionAttributeValues]).toEqual(['version = :v', { ':v': 1 }]);
  });

  it("finds every learner's resting bids through the index, each with its market's expiry", async () => {
    mock.on(QueryCommand).resolves({
      Items: [{ PK: 'USER#u1', SK: 'PREDICT#ORDER#01A', id: '01A', closesAt: '2026-12-18T21:00:00.000Z', underlying: 'SPY', expiration: '2026-12-18' }],
    });
    expect(await repo.allResting()).toEqual([
      { userId: 'u1', orderId: '01A', closesAt: '2026-12-18T21:00:00.000Z', underlying: 'SPY', expiration: '2026-12-18' },
    ]);
    expect(mock.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({ IndexName: 'GSI1', ExpressionAttributeValues: { ':pk': 'PREDICT#RESTING' } });
  });

  it('reads the volume of each market asked for, 0 where none was traded', async () => {
    mock.on(BatchGetCommand).resolves({ Responses: { t: [{ PK: 'PMARKETS#VOLUME', SK: 'A', contracts: 12 }] } });
    expect(await volumeOf(['A', 'B'], db, 't')).toEqual(
      new Map([
        ['A', 12],
        ['B', 0],
      ]),
    );
    expect(mock.commandCalls(BatchGetCommand)[0]!.args[0].input.RequestItems!.t!.Keys).toEqual([
      { PK: 'PMARKETS#VOLUME', SK: 'A' },
      { PK: 'PMARKETS#VOLUME', SK: 'B' },
    ]);
  });
});
