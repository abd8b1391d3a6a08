import { gunzipSync } from 'node:zlib';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { dynamoMarketStore } from '../../../../functions/adapters/dynamo/market-repository';
import type { StoredChain, SyncStatus } from '@shared/market/market-store.port';
import { domainEvent } from '@shared/events/domain-events';

const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const mock = mockClient(db);
const now = Date.parse('2026-11-23T15:00:00Z');
const chain: StoredChain = {
  underlying: 'SPY',
  expiration: '2026-11-27',
  underlyingPrice: 600,
  asOf: '2026-11-20T21:00:00.000Z',
  source: 'demo',
  provider: 'simulated',
  version: 'v1',
  contracts: [{ contract_ticker: 'SPY261127C00600000' } as never],
};

describe('dynamoMarketStore', () => {
  beforeEach(() => mock.reset());

  it('stores a chain as one compressed item keyed CHAIN#<und>/<expiry>, and reads it back whole', async () => {
    mock.on(BatchWriteCommand).resolves({});
    const store = dynamoMarketStore(db, 't', () => now);
    await store.putChains([chain]);
    const item = mock.commandCalls(BatchWriteCommand)[0]!.args[0].input.RequestItems!.t![0]!.PutRequest!.Item!;
    expect(item).toMatchObject({ PK: 'CHAIN#SPY', SK: '2026-11-27', version: 'v1', count: 1, GSI1PK: 'KIND#chain' });
    expect(JSON.parse(gunzipSync(item.data as Uint8Array).toString())).toEqual(chain.contracts);

    mock.on(GetCommand).resolves({ Item: item });
    expect(await store.getChain('SPY', '2026-11-27')).toEqual(chain);
  });

  it('gives bars an expiresAt 30 days after their date', async () => {
    mock.on(QueryCommand).resolves({ Items: [] });
    mock.on(BatchWriteCommand).resolves({});
    await dynamoMarketStore(db, 't', () => now).putBars('option', 'SPY261127C00600000', [
      { date: '2026-11-20', open: 1, high: 2, low: 0.5, close: 1.5, volume: 10 },
    ]);
    const item = mock.commandCalls(BatchWriteCommand)[0]!.args[0].input.RequestItems!.t![0]!.PutRequest!.Item!;
    expect(item).toMatchObject({
      PK: 'OHIST#SPY261127C00600000',
      SK: '2026-11-20',
      expiresAt: Date.parse('2026-12-20T00:00:00Z') / 1000,
      GSI1PK: 'KIND#option-bar',
      origin: 'ingest',
    });
  });

  it("never writes over an uploaded bar of a past date; today's bar is the ingestion's to refresh", async () => {
    // 2026-11-23 15:00 UTC is 10:00 on Monday 23 November in New York.
    mock.on(QueryCommand).resolves({ Items: [{ SK: '2026-11-20' }, { SK: '2026-11-23' }] });
    mock.on(BatchWriteCommand).resolves({});
    await dynamoMarketStore(db, 't', () => now).putBars('stock', 'SPY', [
      { date: '2026-11-19', open: 1, high: 2, low: 0.5, close: 1.5, volume: 10 },
      { date: '2026-11-20', open: 1, high: 2, low: 0.5, close: 1.5, volume: 10 },
      { date: '2026-11-23', open: 1, high: 2, low: 0.5, close: 1.5, volume: 10 },
    ]);
    const query = mock.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(query).toMatchObject({
      FilterExpression: 'origin = :upload',
      ExpressionAttributeValues: { ':pk': 'HIST#SPY', ':from': '2026-11-19', ':to': '2026-11-23' },
    });
    const written = mock.commandCalls(BatchWriteCommand)[0]!.args[0].input.RequestItems!.t!.map((r) => r.PutRequest!.Item!.SK);
    expect(written).toEqual(['2026-11-19', '2026-11-23']);
  });

  it('passes over uploaded bars in the retention cleanup', async () => {
    mock.on(QueryCommand).resolves({ Items: [] });
    await dynamoMarketStore(db, 't', () => now).cleanup({ barsBefore: '2026-10-24', expiriesBefore: '2026-11-23' });
    const inputs = mock.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(inputs.length).toBeGreaterThan(0);
    for (const input of inputs) expect(input.FilterExpression).toBe('attribute_not_exists(origin) OR origin <> :upload');
  });

  it('treats an item past its expiresAt as gone, as DynamoDB will once TTL catches up', async () => {
    mock.on(GetCommand).resolves({ Item: { PK: 'CHAIN#SPY', SK: '2026-10-01', expiresAt: now / 1000 - 1 } });
    expect(await dynamoMarketStore(db, 't', () => now).getChain('SPY', '2026-10-01')).toBeNull();
  });

  it('writes the sync status and the ChainIngested that reports it in one transaction, the event as an outbox item', async () => {
    mock.on(TransactWriteCommand).resolves({});
    const status: SyncStatus = {
      lastSync: '2026-11-23T23:00:09Z',
      session: '2026-11-23',
      source: 'demo',
      provider: 'simulated',
      contractsStored: 10,
      failures: [],
    };
    const event = domainEvent(
      'ChainIngested',
      {
        runId: 'r',
        source: 'demo',
        underlyings: ['SPY'],
        contractsStored: 10,
        failures: [],
        startedAt: '2026-11-23T23:00:00Z',
        finishedAt: '2026-11-23T23:00:09Z',
      },
      '01JD0000000000000000000009',
    );
    await dynamoMarketStore(db, 't', () => now).putStatus(status, [event]);
    expect(mock.commandCalls(PutCommand)).toHaveLength(0);
    const [put, outbox] = mock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(put!.Put).toMatchObject({ TableName: 't', Item: { PK: 'MARKET', SK: 'STATUS', ...status } });
    expect(outbox!.Put).toMatchObject({
      TableName: 't',
      Item: { PK: 'OUTBOX#01JD0000000000000000000009', SK: 'EVENT', entity: 'outbox', detailType: 'ChainIngested', expiresAt: now / 1000 + 86_400 },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
  });
});
