import { gunzipSync, gzipSync } from 'node:zlib';
import { type DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ExpirySummary, OptionContract } from '@shared/market/chain';
import { addDays, dayNumber, newYorkDate } from '@shared/market/dates';
import type { DailyBar } from '@shared/market/market-data.port';
import type { BarKind, MarketDataStats, MarketStore, StoredChain, StoredTicker, SyncStatus } from '@shared/market/market-store.port';
import { batchWriteAll } from './batch-write';
import { documentClient, isExpired, tableName } from './client';
import { outboxPut } from './outbox';
import { queryAll, queryCount, type QueryInput } from './query';

/**
 * Market data in the single table (docs/architecture.md, "Data model"):
 *   CHAIN#<und>/<expiry>   the whole chain of one expiry, gzip-compressed JSON in one item
 *   EXP#<und>/<expiry>     expiry summary
 *   TICKERS/<ticker>       liquid ticker
 *   HIST#<ticker>/<date>   stock bar, expiresAt = date + 30 days
 *   OHIST#<contract>/<date> option bar, expiresAt = date + 30 days
 *   (a bar of a bulk upload has origin 'upload', its uploadId and no expiresAt: kept for good, never overwritten by
 *   the ingestion for a past date, passed over by the cleanup; the ingestion's bars have origin 'ingest')
 *   MARKET/STATUS          last sync, written in one transaction with the outbox items of the events that report it
 * GSI1 lists every item of a kind by date (GSI1PK = KIND#<kind>), for the admin statistics and cleanup.
 */
export const RETENTION_DAYS = 30;
const DAY_SECONDS = 86_400;
const epochOf = (date: string) => dayNumber(date) * DAY_SECONDS;

export const BAR_PK: Record<BarKind, string> = { stock: 'HIST#', option: 'OHIST#' };
export const KIND = { chain: 'KIND#chain', expiry: 'KIND#expiry', stock: 'KIND#stock-bar', option: 'KIND#option-bar' } as const;

export function dynamoMarketStore(db: DynamoDBDocumentClient = documentClient(), table = tableName(), now: () => number = Date.now): MarketStore {
  const unexpired = async (input: QueryInput) => (await queryAll(db, table, input)).filter((i) => !isExpired(i, now()));

  return {
    async putChains(chains) {
      await batchWriteAll(
        db,
        table,
        chains.map((c) => ({
          PutRequest: {
            Item: {
              PK: `CHAIN#${c.underlying}`,
              SK: c.expiration,
              GSI1PK: KIND.chain,
              GSI1SK: `${c.expiration}#${c.underlying}`,
              underlying: c.underlying,
              expiration: c.expiration,
              underlyingPrice: c.underlyingPrice,
              asOf: c.asOf,
              source: c.source,
              provider: c.provider,
              version: c.version,
              count: c.contracts.length,
              data: gzipSync(JSON.stringify(c.contracts)),
              expiresAt: epochOf(addDays(c.expiration, RETENTION_DAYS)),
            },
          },
        })),
      );
    },

    async getChain(underlying, expiration) {
      const out = await db.send(new GetCommand({ TableName: table, Key: { PK: `CHAIN#${underlying}`, SK: expiration } }));
      const item = out.Item;
      if (!item || isExpired(item, now())) return null;
      return {
        underlying: String(item.underlying),
        expiration: String(item.expiration),
        underlyingPrice: Number(item.underlyingPrice),
        asOf: String(item.asOf),
        source: item.source === 'live' ? 'live' : 'demo',
        provider: String(item.provider),
        version: String(item.version),
        contracts: JSON.parse(gunzipSync(item.data as Uint8Array).toString('utf8')) as OptionContract[],
      } satisfies StoredChain;
    },

    async putExpiries(underlying, summaries) {
      await batchWriteAll(
        db,
        table,
        summaries.map((s) => ({
          PutRequest: {
            Item: {
              PK: `EXP#${underlying}`,
              SK: s.expiration_date,
              GSI1PK: KIND.expiry,
              GSI1SK: `${s.expiration_date}#${underlying}`,
              ...s,
              expiresAt: epochOf(addDays(s.expiration_date, RETENTION_DAYS)),
            },
          },
        })),
      );
    },

    async listExpiries(underlying) {
      const items = await unexpired({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `EXP#${underlying}` } });
      return items.map(({ PK: _pk, SK: _sk, GSI1PK: _g, GSI1SK: _gs, expiresAt: _e, ...s }) => s as unknown as ExpirySummary);
    },

    async putTickers(tickers) {
      await batchWriteAll(
        db,
        table,
        tickers.map((t) => ({ PutRequest: { Item: { PK: 'TICKERS', SK: t.ticker, ...t } } })),
      );
    },

    async listTickers() {
      const items = await unexpired({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': 'TICKERS' } });
      return items.map(({ PK: _pk, SK: _sk, ...t }) => t as unknown as StoredTicker);
    },

    async putBars(kind, ticker, bars) {
      if (!bars.length) return;
      // An uploaded bar of a past date is kept as the operator gave it: the scheduled ingestion does not write over it
      // (today's bar is still the ingestion's to refresh). One Query over the dates written finds them.
      const dates = bars.map((b) => b.date).sort();
      const uploaded = new Set(
        (
          await queryAll(db, table, {
            KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
            FilterExpression: 'origin = :upload',
            ExpressionAttributeValues: { ':pk': `${BAR_PK[kind]}${ticker}`, ':from': dates[0]!, ':to': dates.at(-1)!, ':upload': 'upload' },
            ProjectionExpression: 'SK',
          })
        ).map((i) => String(i.SK)),
      );
      const today = newYorkDate(new Date(now()));
      await batchWriteAll(
        db,
        table,
        bars
          .filter((b) => !(uploaded.has(b.date) && b.date < today))
          .map((b) => ({
            PutRequest: {
              Item: {
                PK: `${BAR_PK[kind]}${ticker}`,
                SK: b.date,
                GSI1PK: KIND[kind],
                GSI1SK: `${b.date}#${ticker}`,
                ticker,
                ...b,
                origin: 'ingest',
                expiresAt: epochOf(addDays(b.date, RETENTION_DAYS)),
              },
            },
          })),
      );
    },

    async getBars(kind, ticker, fromDate) {
      const items = await unexpired({
        KeyConditionExpression: 'PK = :pk AND SK >= :from',
        ExpressionAttributeValues: { ':pk': `${BAR_PK[kind]}${ticker}`, ':from': fromDate },
      });
      return items.map(
        (i) =>
          ({
            date: String(i.date),
            open: Number(i.open),
            high: Number(i.high),
            low: Number(i.low),
            close: Number(i.close),
            volume: Number(i.volume),
          }) satisfies DailyBar,
      );
    },

    async putStatus(status, events = []) {
      const Item = { PK: 'MARKET', SK: 'STATUS', ...status };
      if (!events.length) {
        await db.send(new PutCommand({ TableName: table, Item }));
        return;
      }
      const at = new Date(now());
      await db.send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: table, Item } }, ...events.map((e) => outboxPut(table, e, at))] }));
    },

    async getStatus() {
      const out = await db.send(new GetCommand({ TableName: table, Key: { PK: 'MARKET', SK: 'STATUS' } }));
      if (!out.Item) return null;
      const { PK: _pk, SK: _sk, ...status } = out.Item;
      return status as SyncStatus;
    },

    async stats() {
      const kinds: MarketDataStats['kinds'] = [];
      for (const [kind, pk] of Object.entries(KIND)) {
        const count = await queryCount(db, table, { IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': pk } });
        const edge = async (forward: boolean) => {
          const page = await db.send(
            new QueryCommand({
              TableName: table,
              IndexName: 'GSI1',
              KeyConditionExpression: 'GSI1PK = :pk',
              ExpressionAttributeValues: { ':pk': pk },
              ScanIndexForward: forward,
              Limit: 1,
            }),
          );
          const sk = page.Items?.[0]?.GSI1SK;
          return typeof sk === 'string' ? sk.slice(0, 10) : null;
        };
        kinds.push({ kind, count, oldest: await edge(true), newest: await edge(false) });
      }
      return { kinds };
    },

    async cleanup({ barsBefore, expiriesBefore }) {
      const older = async (pk: string, before: string) => {
        const keys = await queryAll(db, table, {
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK < :before',
          // Uploaded history is kept for good: the retention cleanup passes over it.
          FilterExpression: 'attribute_not_exists(origin) OR origin <> :upload',
          ExpressionAttributeValues: { ':pk': pk, ':before': before, ':upload': 'upload' },
          ProjectionExpression: 'PK, SK',
        });
        await batchWriteAll(
          db,
          table,
          keys.map((Key) => ({ DeleteRequest: { Key } })),
        );
        return keys.length;
      };
      return {
        bars: (await older(KIND.stock, barsBefore)) + (await older(KIND.option, barsBefore)),
        chains: await older(KIND.chain, expiriesBefore),
        expiries: await older(KIND.expiry, expiriesBefore),
      };
    },
  };
}
