import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { batchWriteAll } from '../../../../functions/adapters/dynamo/batch-write';

const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const mock = mockClient(db);
const noSleep = async () => undefined;
const puts = (n: number) => Array.from({ length: n }, (_, i) => ({ PutRequest: { Item: { PK: 'P', SK: String(i) } } }));

describe('batchWriteAll', () => {
  beforeEach(() => mock.reset());

  it('writes in chunks of 25', async () => {
    mock.on(BatchWriteCommand).resolves({});
    const result = await batchWriteAll(db, 't', puts(60), noSleep);
    const sizes = mock.commandCalls(BatchWriteCommand).map((c) => c.args[0].input.RequestItems!.t!.length);
    expect(sizes).toEqual([25, 25, 10]);
    expect(result).toMatchObject({ written: 60, batches: 3, retries: 0 });
  });

  it('retries unprocessed items until they are written', async () => {
    const first = puts(3);
    mock
      .on(BatchWriteCommand)
      .resolvesOnce({ UnprocessedItems: { t: first.slice(1) } })
      .resolvesOnce({ UnprocessedItems: { t: first.slice(2) } })
      .resolves({});
    const result = await batchWriteAll(db, 't', first, noSleep);
    const sizes = mock.commandCalls(BatchWriteCommand).map((c) => c.args[0].input.RequestItems!.t!.length);
    expect(sizes).toEqual([3, 2, 1]);
    expect(result.retries).toBe(2);
  });

  it('fails loudly rather than reporting a partial write as done', async () => {
    mock.on(BatchWriteCommand).resolves({ UnprocessedItems: { t: puts(1) } });
    await expect(batchWriteAll(db, 't', puts(1), noSleep)).rejects.toThrow(/unprocessed/);
  });
});
