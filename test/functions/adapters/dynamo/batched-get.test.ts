import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { batchGetAll, batchedGetter } from '../../../../functions/adapters/dynamo/batched-get';

const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const mock = mockClient(db);
const noSleep = async () => undefined;
const key = (sk: string) => ({ PK: 'USER#u1', SK: sk });
const item = (sk: string, n: number) => ({ ...key(sk), n });

describe('batchedGetter', () => {
  beforeEach(() => mock.reset());

  it('sends a get asked alone as a strongly consistent GetItem', async () => {
    mock.on(GetCommand).resolves({ Item: item('PAPER#ACCOUNT', 1) });
    const get = batchedGetter(db, 't', noSleep);
    expect(await get(key('PAPER#ACCOUNT'))).toEqual(item('PAPER#ACCOUNT', 1));
    expect(mock.commandCalls(GetCommand)[0]!.args[0].input).toEqual({ TableName: 't', Key: key('PAPER#ACCOUNT'), ConsistentRead: true });
    expect(mock.commandCalls(BatchGetCommand)).toHaveLength(0);
  });

  it('sends the gets of one moment as one consistent BatchGetItem and gives each its own item, whatever the order', async () => {
    mock.on(BatchGetCommand).resolves({ Responses: { t: [item('BROKER#live', 3), item('PAPER#ACCOUNT', 1)] } });
    const get = batchedGetter(db, 't', noSleep);
    const [account, paperLink, liveLink, again] = await Promise.all([
      get(key('PAPER#ACCOUNT')),
      get(key('BROKER#paper')),
      get(key('BROKER#live')),
      get(key('PAPER#ACCOUNT')),
    ]);
    expect([account, paperLink, liveLink, again]).toEqual([item('PAPER#ACCOUNT', 1), undefined, item('BROKER#live', 3), item('PAPER#ACCOUNT', 1)]);
    expect(again).not.toBe(account);
    const calls = mock.commandCalls(BatchGetCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args[0].input.RequestItems!.t).toEqual({ Keys: [key('PAPER#ACCOUNT'), key('BROKER#paper'), key('BROKER#live')], ConsistentRead: true });
    expect(mock.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('asks again for the keys DynamoDB left unprocessed', async () => {
    mock
      .on(BatchGetCommand)
      .resolvesOnce({ Responses: { t: [item('A', 1)] }, UnprocessedKeys: { t: { Keys: [key('B')] } } })
      .resolves({ Responses: { t: [item('B', 2)] } });
    const get = batchedGetter(db, 't', noSleep);
    expect(await Promise.all([get(key('A')), get(key('B'))])).toEqual([item('A', 1), item('B', 2)]);
    expect(mock.commandCalls(BatchGetCommand).map((c) => c.args[0].input.RequestItems!.t!.Keys)).toEqual([[key('A'), key('B')], [key('B')]]);
  });

  it('fails every get of the batch when the read fails, and the next moment reads afresh', async () => {
    mock
      .on(BatchGetCommand)
      .rejectsOnce(new Error('throttled'))
      .resolves({ Responses: { t: [item('A', 1)] } });
    const get = batchedGetter(db, 't', noSleep);
    const both = await Promise.allSettled([get(key('A')), get(key('B'))]);
    expect(both.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await Promise.all([get(key('A')), get(key('B'))])).toEqual([item('A', 1), undefined]);
  });

  it('splits more than 100 keys into batches of 100', async () => {
    mock.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: { SK: string }[] }> }) => ({
      Responses: { t: input.RequestItems.t!.Keys.map((k) => item(k.SK, Number(k.SK))) },
    }));
    const get = batchedGetter(db, 't', noSleep);
    const got = await Promise.all(Array.from({ length: 150 }, (_, i) => get(key(String(i)))));
    expect(got.map((g) => g?.n)).toEqual(Array.from({ length: 150 }, (_, i) => i));
    expect(mock.commandCalls(BatchGetCommand).map((c) => c.args[0].input.RequestItems!.t!.Keys!.length)).toEqual([100, 50]);
  });

  it('gives up after eight attempts with keys still unprocessed, rather than answer as if they were absent', async () => {
    mock.on(BatchGetCommand).resolves({ UnprocessedKeys: { t: { Keys: [key('A')] } } });
    const get = batchedGetter(db, 't', noSleep);
    const both = await Promise.allSettled([get(key('A')), get(key('B'))]);
    expect(both.every((r) => r.status === 'rejected' && /unprocessed/.test(String(r.reason)))).toBe(true);
  });
});

describe('batchGetAll', () => {
  beforeEach(() => mock.reset());

  it('reads eventually consistent unless asked, reads a key given twice once, and chunks by 100', async () => {
    mock.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: { SK: string }[] }> }) => ({
      Responses: { t: input.RequestItems.t!.Keys.map((k) => item(k.SK, Number(k.SK))) },
    }));
    const keys = [...Array.from({ length: 120 }, (_, i) => key(String(i))), key('7')];
    const got = await batchGetAll(db, 't', keys, { sleep: noSleep });
    expect(got.map((g) => g.n).sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: 120 }, (_, i) => i));
    const inputs = mock.commandCalls(BatchGetCommand).map((c) => c.args[0].input.RequestItems!.t!);
    expect(inputs.map((i) => [i.Keys!.length, i.ConsistentRead])).toEqual([
      [100, undefined],
      [20, undefined],
    ]);
    await batchGetAll(db, 't', [key('1')], { consistent: true, sleep: noSleep });
    expect(mock.commandCalls(BatchGetCommand)[2]!.args[0].input.RequestItems!.t!.ConsistentRead).toBe(true);
  });

  it('asks again, backing off, for unprocessed keys, and fails rather than answer without them', async () => {
    const slept: number[] = [];
    const sleep = async (ms: number) => void slept.push(ms);
    mock
      .on(BatchGetCommand)
      .resolvesOnce({ Responses: { t: [item('A', 1)] }, UnprocessedKeys: { t: { Keys: [key('B')] } } })
      .resolvesOnce({ Responses: { t: [item('B', 2)] } });
    expect(await batchGetAll(db, 't', [key('A'), key('B')], { sleep })).toEqual([item('A', 1), item('B', 2)]);
    expect(slept).toEqual([100]);
    mock.reset();
    mock.on(BatchGetCommand).resolves({ UnprocessedKeys: { t: { Keys: [key('A')] } } });
    await expect(batchGetAll(db, 't', [key('A')], { sleep })).rejects.toThrow('BatchGetItem left 1 keys unprocessed after 8 attempts');
  });

  it('sends nothing for no keys', async () => {
    expect(await batchGetAll(db, 't', [], { sleep: noSleep })).toEqual([]);
    expect(mock.commandCalls(BatchGetCommand)).toHaveLength(0);
  });
});
