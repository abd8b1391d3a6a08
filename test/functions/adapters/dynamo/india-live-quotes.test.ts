import { gunzipSync } from 'node:zlib';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { dynamoIndianLiveQuotes, LIVE_TTL_SECONDS } from '../../../../functions/adapters/dynamo/india-live-quotes';
import type { LiveGroup } from '@shared/market/india/live/live-quotes.port';

const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const mock = mockClient(db);
const NOW = Date.parse('2026-11-30T05:00:00Z');

const group: LiveGroup = {
  underlying: 'NIFTY',
  expiry: '2026-12-01',
  expiries: ['2026-12-01', '2026-12-08', '2026-12-29'],
  spot: 24_012.5,
  asOf: '2026-11-30T05:00:00.000Z',
  contracts: [
    { tradingsymbol: 'NIFTY26D0124000CE', strike: 24_000, type: 'CE', lotSize: 65, bid: 150, ask: 150.5, last: 150.2, volume: 1300, oi: 13_000 },
    { tradingsymbol: 'NIFTY26D0124000PE', strike: 24_000, type: 'PE', lotSize: 65, bid: 0, ask: 0, last: 0, volume: 0, oi: 0 },
  ],
};

describe('the live Indian quotes in the table', () => {
  beforeEach(() => mock.reset());

  it('writes one item per group under IN#LIVE#<underlying> / <expiry>, the contracts gzip-compressed, with a TTL a day on', async () => {
    mock.on(PutCommand).resolves({});
    const put = await dynamoIndianLiveQuotes(db, 'tbl', () => NOW).put(group);
    expect(put.ok).toBe(true);
    const item = mock.commandCalls(PutCommand)[0]!.args[0].input.Item!;
    expect(item).toMatchObject({
      PK: 'IN#LIVE#NIFTY',
      SK: '2026-12-01',
      underlying: 'NIFTY',
      expiry: '2026-12-01',
      expiries: group.expiries,
      spot: 24_012.5,
      asOf: group.asOf,
      count: 2,
      expiresAt: NOW / 1000 + LIVE_TTL_SECONDS,
    });
    expect(JSON.parse(gunzipSync(item.data as Uint8Array).toString('utf8'))).toEqual([
      ['NIFTY26D0124000CE', 24_000, 'CE', 65, 150, 150.5, 150.2, 1300, 13_000],
      ['NIFTY26D0124000PE', 24_000, 'PE', 65, 0, 0, 0, 0, 0],
    ]);
    expect(mock.commandCalls(PutCommand)[0]!.args[0].input.TableName).toBe('tbl');
  });

  it('reads back what it wrote; without an expiry, the earliest on or after the day', async () => {
    mock.on(PutCommand).resolves({});
    const store = dynamoIndianLiveQuotes(db, 'tbl', () => NOW);
    await store.put(group);
    const item = mock.commandCalls(PutCommand)[0]!.args[0].input.Item!;
    mock.on(GetCommand).resolves({ Item: item });
    mock.on(QueryCommand).resolves({ Items: [item] });
    expect(await store.get({ underlying: 'NIFTY', expiry: '2026-12-01', from: '2026-11-30' })).toEqual({ ok: true, value: group });
    expect(mock.commandCalls(GetCommand)[0]!.args[0].input.Key).toEqual({ PK: 'IN#LIVE#NIFTY', SK: '2026-12-01' });
    expect(await store.get({ underlying: 'NIFTY', from: '2026-11-30' })).toEqual({ ok: true, value: group });
    expect(mock.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({
      KeyConditionExpression: 'PK = :pk AND SK >= :from',
      ExpressionAttributeValues: { ':pk': 'IN#LIVE#NIFTY', ':from': '2026-11-30' },
      Limit: 1,
    });
  });

  it('skips an item past its TTL, and answers a failure (not a throw) when the table cannot be reached', async () => {
    mock.on(GetCommand).resolves({ Item: { PK: 'IN#LIVE#NIFTY', SK: '2026-12-01', expiresAt: NOW / 1000 - 1 } });
    const store = dynamoIndianLiveQuotes(db, 'tbl', () => NOW);
    expect(await store.get({ underlying: 'NIFTY', expiry: '2026-12-01', from: '2026-11-30' })).toEqual({ ok: true, value: null });
    mock.on(PutCommand).rejects(new Error('ProvisionedThroughputExceededException'));
    const put = await store.put(group);
    expect(put.ok).toBe(false);
    if (!put.ok) expect(put.error).toMatchObject({ code: 'unavailable', details: { operation: 'put' } });
  });
});
