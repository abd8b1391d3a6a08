import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { dynamoJournalRepository } from '../../../../functions/adapters/dynamo/journal-repository';

const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const mock = mockClient(db);
const entry = (id: string) => ({ PK: 'USER#u1', SK: `JOURNAL#${id}`, entry: { id } });

describe('the journal repository pages its Queries', () => {
  beforeEach(() => mock.reset());

  it('lists entries from the cursor on, across the pages a kind filter needs, and hands back a cursor while more remain', async () => {
    mock
      .on(QueryCommand)
      .resolvesOnce({ Items: [entry('e9')], LastEvaluatedKey: { PK: 'USER#u1', SK: 'JOURNAL#e8' } })
      .resolvesOnce({ Items: [entry('e7'), entry('e6'), entry('e5')], LastEvaluatedKey: { PK: 'USER#u1', SK: 'JOURNAL#e4' } });
    const page = await dynamoJournalRepository(db, 'tbl').listEntries('u1', { limit: 3, kind: 'trade', cursor: 'e10' });
    expect(page.entries.map((e) => e.id)).toEqual(['e9', 'e7', 'e6']);
    expect(page.cursor).toBe('e6');
    const calls = mock.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(calls[0]!.ExclusiveStartKey).toEqual({ PK: 'USER#u1', SK: 'JOURNAL#e10' });
    expect(calls[1]!.ExclusiveStartKey).toEqual({ PK: 'USER#u1', SK: 'JOURNAL#e8' });
    expect(calls[0]!.FilterExpression).toBe('kind = :k');
  });

  it('answers no cursor on the last page', async () => {
    mock.on(QueryCommand).resolvesOnce({ Items: [entry('e2'), entry('e1')] });
    const page = await dynamoJournalRepository(db, 'tbl').listEntries('u1', { limit: 5 });
    expect(page.entries.map((e) => e.id)).toEqual(['e2', 'e1']);
    expect(page.cursor).toBeNull();
    expect(mock.commandCalls(QueryCommand)[0]!.args[0].input.ExclusiveStartKey).toBeUndefined();
  });

  it('reads every page of the ledger and of the learners with open trades', async () => {
    mock
      .on(QueryCommand)
      .resolvesOnce({ Items: [{ index: 0, rows: '[{"a":1}]' }], LastEvaluatedKey: { PK: 'USER#u1', SK: 'JLEDGER#0000' } })
      .resolvesOnce({ Items: [{ index: 1, rows: '[{"a":2},{"a":3}]' }] })
      .resolvesOnce({ Items: [{ GSI1SK: 'u1' }], LastEvaluatedKey: { GSI1PK: 'JOURNALOPEN', GSI1SK: 'u1' } })
      .resolvesOnce({ Items: [{ GSI1SK: 'u2' }] });
    const repo = dynamoJournalRepository(db, 'tbl');
    expect(await repo.ledger('u1')).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
    expect(await repo.learnersWithOpenTrades()).toEqual(['u1', 'u2']);
    expect(mock.commandCalls(QueryCommand)).toHaveLength(4);
  });
});
