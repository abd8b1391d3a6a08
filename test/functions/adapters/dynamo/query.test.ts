import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryAll, queryCount, queryPages } from '../../../../functions/adapters/dynamo/query';

const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const mock = mockClient(db);
const input = { KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': 'P' } };

/** Three pages of two items each, chained by LastEvaluatedKey. */
function threePages() {
  mock
    .on(QueryCommand)
    .resolvesOnce({ Items: [{ n: 1 }, { n: 2 }], Count: 2, LastEvaluatedKey: { PK: 'P', SK: '2' } })
    .resolvesOnce({ Items: [{ n: 3 }, { n: 4 }], Count: 2, LastEvaluatedKey: { PK: 'P', SK: '4' } })
    .resolvesOnce({ Items: [{ n: 5 }, { n: 6 }], Count: 2 });
}

describe('dynamo query helpers', () => {
  beforeEach(() => mock.reset());

  it('queryAll follows LastEvaluatedKey to the last page, each page starting where the previous one stopped', async () => {
    threePages();
    const items = await queryAll(db, 'tbl', input);
    expect(items.map((i) => i.n)).toEqual([1, 2, 3, 4, 5, 6]);
    const calls = mock.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(calls.map((c) => c.ExclusiveStartKey)).toEqual([undefined, { PK: 'P', SK: '2' }, { PK: 'P', SK: '4' }]);
    expect(calls.every((c) => c.TableName === 'tbl' && c.KeyConditionExpression === 'PK = :pk')).toBe(true);
  });

  it('queryAll with a limit asks for no page after it holds that many items', async () => {
    threePages();
    const items = await queryAll(db, 'tbl', input, { limit: 3 });
    expect(items.map((i) => i.n)).toEqual([1, 2, 3, 4]);
    expect(mock.commandCalls(QueryCommand)).toHaveLength(2);
  });

  it('queryAll answers [] for a query that matches nothing', async () => {
    mock.on(QueryCommand).resolves({});
    expect(await queryAll(db, 'tbl', input)).toEqual([]);
  });

  it('queryPages yields each page as DynamoDB answered it, and stops when the caller stops', async () => {
    threePages();
    const seen: number[] = [];
    for await (const page of queryPages(db, 'tbl', input)) {
      seen.push(page.Items!.length);
      break;
    }
    expect(seen).toEqual([2]);
    expect(mock.commandCalls(QueryCommand)).toHaveLength(1);
  });

  it("queryPages with a start key asks for the first page after it (a caller's cursor), then follows the pages", async () => {
    threePages();
    const pages: number[] = [];
    for await (const page of queryPages(db, 'tbl', input, { startKey: { PK: 'P', SK: '0' } })) pages.push(page.Items!.length);
    expect(pages).toEqual([2, 2, 2]);
    const starts = mock.commandCalls(QueryCommand).map((c) => c.args[0].input.ExclusiveStartKey);
    expect(starts).toEqual([
      { PK: 'P', SK: '0' },
      { PK: 'P', SK: '2' },
      { PK: 'P', SK: '4' },
    ]);
  });

  it('queryCount sums the counts of every page and asks only for the count', async () => {
    threePages();
    expect(await queryCount(db, 'tbl', input)).toBe(6);
    expect(mock.commandCalls(QueryCommand).every((c) => c.args[0].input.Select === 'COUNT')).toBe(true);
  });

  it('a failed page fails the whole read', async () => {
    mock
      .on(QueryCommand)
      .resolvesOnce({ Items: [{ n: 1 }], LastEvaluatedKey: { PK: 'P', SK: '1' } })
      .rejectsOnce(new Error('throttled'));
    await expect(queryAll(db, 'tbl', input)).rejects.toThrow('throttled');
  });
});
