import { gunzipSync } from 'node:zlib';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { dynamoIndianChainStore } from '../../../../functions/adapters/dynamo/indian-chain-repository';
import type { StoredIndianChain } from '@shared/market/india/closing-chains.port';
import { nseListedExpiries } from '@shared/market/india/nse-calendar';
import { simulatedNseChain } from '@shared/market/india/simulated-nse-market';

const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const mock = mockClient(db);
const now = Date.parse('2026-11-30T10:15:00Z');

function stored(symbol: string, expiry: string): StoredIndianChain {
  const chain = simulatedNseChain(symbol, '2026-11-30', { expiry })!;
  return {
    underlying: symbol,
    expiry,
    session: chain.session,
    asOf: chain.asOf,
    source: 'simulated',
    standIn: false,
    storedAt: '2026-11-30T10:15:01.000Z',
    chain: { ...chain, expiry },
  };
}

describe('dynamoIndianChainStore', () => {
  beforeEach(() => mock.reset());

  it('stores one expiry as one compressed item under IN#CHAIN#<underlying>, without the US index keys, and reads it back whole', async () => {
    mock.on(BatchWriteCommand).resolves({});
    const store = dynamoIndianChainStore(db, 't', () => now);
    const nifty = stored('NIFTY', '2026-12-01');
    await store.putChains([nifty]);
    const item = mock.commandCalls(BatchWriteCommand)[0]!.args[0].input.RequestItems!.t![0]!.PutRequest!.Item!;
    expect(item).toMatchObject({ PK: 'IN#CHAIN#NIFTY', SK: '2026-12-01', market: 'IN', source: 'simulated', lotSize: 65, count: nifty.chain.quotes.length });
    expect(item.GSI1PK).toBeUndefined();
    // Kept until 30 days after the expiry, as the US chains are.
    expect(item.expiresAt).toBe(Date.parse('2026-12-31T00:00:00Z') / 1000);
    expect(JSON.parse(gunzipSync(item.data as Uint8Array).toString())).toEqual(nifty.chain);

    mock.on(GetCommand).resolves({ Item: item });
    expect(await store.getChain('NIFTY', '2026-12-01')).toEqual(nifty);
  });

  it("keeps every listed expiry's item well under DynamoDB's 400 KB", async () => {
    mock.on(BatchWriteCommand).resolves({});
    const store = dynamoIndianChainStore(db, 't', () => now);
    for (const symbol of ['NIFTY', 'BANKNIFTY', 'TATASTEEL']) {
      const expiries = nseListedExpiries(symbol, '2026-11-30').filter((e) => e.date > '2026-11-30');
      await store.putChains(expiries.map((e) => stored(symbol, e.date)));
    }
    const sizes = mock
      .commandCalls(BatchWriteCommand)
      .flatMap((c) => c.args[0].input.RequestItems!.t!.map((r) => (r.PutRequest!.Item!.data as Uint8Array).length));
    expect(sizes.length).toBe(7 + 3 + 3);
    expect(Math.max(...sizes)).toBeLessThan(100_000);
  });

  it('lists the stored expiries of an underlying, leaving out those past their time', async () => {
    mock.on(QueryCommand).resolves({
      Items: [
        { SK: '2026-10-27', expiresAt: Date.parse('2026-11-26T00:00:00Z') / 1000 },
        { SK: '2026-12-01', expiresAt: Date.parse('2026-12-31T00:00:00Z') / 1000 },
      ],
    });
    expect(await dynamoIndianChainStore(db, 't', () => now).listExpiries('NIFTY')).toEqual(['2026-12-01']);
    expect(mock.commandCalls(QueryCommand)[0]!.args[0].input.ExpressionAttributeValues).toEqual({ ':pk': 'IN#CHAIN#NIFTY' });
  });
});
