import { gunzipSync, gzipSync } from 'node:zlib';
import { GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { IndianLiveQuotes, LiveGroup } from '@shared/market/india/live/live-quotes.port';
import type { QuotedContract } from '@shared/market/india/quoted-chain';
import { fail, ok } from '@shared/result';
import { documentClient, isExpired, tableName } from './client';

/**
 * The ticker service's live Indian quotes in the single table (docs/architecture.md, "Data model"):
 *   IN#LIVE#<underlying> / <expiry>   one item per (underlying, expiry) group, overwritten at every flush
 * The key prefix is the one the Fargate task's IAM condition allows (`IN#LIVE#*`): the service may write nothing else.
 * The item holds the spot, asOf, the listed expiries and `data`: the contracts as gzip-compressed JSON rows
 * [tradingsymbol, strike, type, lotSize, bid, ask, last, volume, oi] (a NIFTY weekly's few hundred contracts stay far
 * under DynamoDB's 400 KB item), as the US chains are kept (market-repository.ts). `expiresAt` (the table's TTL
 * attribute) is a day after the write: a group the service stopped writing goes away, and reads skip it once past.
 */
export const LIVE_PK_PREFIX = 'IN#LIVE#';
export const LIVE_TTL_SECONDS = 86_400;

export const livePk = (underlying: string): string => `${LIVE_PK_PREFIX}${underlying}`;

type Row = [string, number, 'CE' | 'PE', number, number, number, number, number, number];

const toRow = (c: QuotedContract): Row => [c.tradingsymbol, c.strike, c.type, c.lotSize, c.bid, c.ask, c.last, c.volume, c.oi];
const fromRow = ([tradingsymbol, strike, type, lotSize, bid, ask, last, volume, oi]: Row): QuotedContract => ({
  tradingsymbol,
  strike,
  type,
  lotSize,
  bid,
  ask,
  last,
  volume,
  oi,
});

/** The item of a group, as written. */
export function liveItem(group: LiveGroup, nowMs: number): Record<string, unknown> {
  return {
    PK: livePk(group.underlying),
    SK: group.expiry,
    underlying: group.underlying,
    expiry: group.expiry,
    expiries: group.expiries,
    spot: group.spot,
    asOf: group.asOf,
    count: group.contracts.length,
    data: gzipSync(JSON.stringify(group.contracts.map(toRow))),
    expiresAt: Math.floor(nowMs / 1000) + LIVE_TTL_SECONDS,
  };
}

function groupOf(item: Record<string, unknown>): LiveGroup {
  return {
    underlying: String(item.underlying),
    expiry: String(item.expiry),
    expiries: Array.isArray(item.expiries) ? item.expiries.map(String) : [],
    spot: typeof item.spot === 'number' ? item.spot : null,
    asOf: String(item.asOf),
    contracts: (JSON.parse(gunzipSync(item.data as Uint8Array).toString('utf8')) as Row[]).map(fromRow),
  };
}

const unavailable = (operation: string, err: unknown) =>
  fail('unavailable', 'The live Indian quotes could not be reached.', { operation, reason: (err as Error).message });

export function dynamoIndianLiveQuotes(db: DynamoDBDocumentClient = documentClient(), table = tableName(), now: () => number = Date.now): IndianLiveQuotes {
  return {
    async put(group) {
      try {
        await db.send(new PutCommand({ TableName: table, Item: liveItem(group, now()) }));
        return ok(undefined);
      } catch (err) {
        return unavailable('put', err);
      }
    },
    async get({ underlying, expiry, from }) {
      try {
        if (expiry) {
          const out = await db.send(new GetCommand({ TableName: table, Key: { PK: livePk(underlying), SK: expiry } }));
          return ok(out.Item && !isExpired(out.Item, now()) ? groupOf(out.Item) : null);
        }
        // The earliest expiry on or after the day; a past expiry's item (kept until its TTL) sorts before and is skipped.
        const out = await db.send(
          new QueryCommand({
            TableName: table,
            KeyConditionExpression: 'PK = :pk AND SK >= :from',
            ExpressionAttributeValues: { ':pk': livePk(underlying), ':from': from },
            Limit: 1,
          }),
        );
        const item = out.Items?.[0];
        return ok(item && !isExpired(item, now()) ? groupOf(item) : null);
      } catch (err) {
        return unavailable('get', err);
      }
    },
  };
}
