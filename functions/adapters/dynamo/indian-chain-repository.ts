import { gunzipSync, gzipSync } from 'node:zlib';
import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { IndianClosingChainStore, StoredIndianChain } from '@shared/market/india/closing-chains.port';
import type { IndianChain } from '@shared/market/india/indian-chain-source.port';
import { addDays, dayNumber } from '@shared/market/dates';
import { batchWriteAll } from './batch-write';
import { documentClient, isExpired, tableName } from './client';
import { RETENTION_DAYS } from './market-repository';
import { queryAll } from './query';

/**
 * The Indian closing chains in the single table (issue 38), apart from the US market's:
 *   IN#CHAIN#<underlying>/<expiry>   one expiry's chain at a session's close, gzip-compressed JSON in one item, like the
 *                                    US CHAIN# items (market-repository.ts), with its source ('kite' or 'simulated')
 * Every Indian item has a partition key starting `IN#` (the ticker service writes IN#LIVE#<underlying>) and no GSI1
 * keys, so the US lists (TICKERS, EXP#, CHAIN#, the KIND# index of the admin statistics and cleanup) never meet one.
 * Kept, like the US chains, until 30 days after the expiry (`expiresAt`, the table's TTL).
 */
export const INDIAN_CHAIN_PK = (underlying: string): string => `IN#CHAIN#${underlying}`;

/** DynamoDB's item limit is 400 KB; one expiry's compressed chain is far below it (simulated: 10–60 KB; a near NIFTY weekly about 20 KB). */
const MAX_DATA_BYTES = 350_000;

const epochOf = (date: string) => dayNumber(date) * 86_400;

export function dynamoIndianChainStore(
  db: DynamoDBDocumentClient = documentClient(),
  table = tableName(),
  now: () => number = Date.now,
): IndianClosingChainStore {
  return {
    async putChains(chains: readonly StoredIndianChain[]) {
      const items = chains.map((c) => {
        const data = gzipSync(JSON.stringify(c.chain));
        if (data.length > MAX_DATA_BYTES) throw new Error(`The ${c.underlying} ${c.expiry} chain is ${data.length} bytes compressed, too large for one item`);
        return {
          PutRequest: {
            Item: {
              PK: INDIAN_CHAIN_PK(c.underlying),
              SK: c.expiry,
              market: 'IN',
              underlying: c.underlying,
              expiry: c.expiry,
              session: c.session,
              asOf: c.asOf,
              source: c.source,
              standIn: c.standIn,
              storedAt: c.storedAt,
              spot: c.chain.spot,
              lotSize: c.chain.lotSize,
              count: c.chain.quotes.length,
              data,
              expiresAt: epochOf(addDays(c.expiry, RETENTION_DAYS)),
            },
          },
        };
      });
      await batchWriteAll(db, table, items);
    },

    async getChain(underlying, expiry) {
      const out = await db.send(new GetCommand({ TableName: table, Key: { PK: INDIAN_CHAIN_PK(underlying), SK: expiry } }));
      const item = out.Item;
      if (!item || isExpired(item, now())) return null;
      return {
        underlying: String(item.underlying),
        expiry: String(item.expiry),
        session: String(item.session),
        asOf: String(item.asOf),
        source: item.source === 'kite' ? 'kite' : 'simulated',
        standIn: item.standIn === true,
        storedAt: String(item.storedAt),
        chain: JSON.parse(gunzipSync(item.data as Uint8Array).toString('utf8')) as IndianChain,
      };
    },

    async listExpiries(underlying) {
      const items = await queryAll(db, table, {
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': INDIAN_CHAIN_PK(underlying) },
        ProjectionExpression: 'SK, expiresAt',
      });
      return items.filter((i) => !isExpired(i, now())).map((i) => String(i.SK));
    },
  };
}
