import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { emptyBook, type JournalBook } from '@shared/journal/book';
import type { JournalEntry } from '@shared/journal/journal.api';
import type { JournalRepository, LedgerChunk, StoredTrade } from '@shared/journal/journal.port';
import type { ClosedTradeRow } from '@shared/journal/stats';
import type { JournalTrade } from '@shared/journal/trades';
import { batchGetAll, sharedBatchedGetter } from './batched-get';
import { documentClient, tableName } from './client';
import { outboxPut } from './outbox';
import { userPk } from './profile-repository';
import { queryAll, queryPages } from './query';

/**
 * The journal in the one table (docs/architecture.md, "Data model"), all under the learner's USER#<sub>:
 * - JBOOK: the book, whose version every journal change is conditional on;
 * - JTRADE#<opening order id>: a journal trade; JLEDGER#<nnnn>: up to 500 closed trades as compact rows (JSON text),
 *   so the statistics read a few items with one Query; JOURNAL#<ulid>: an entry; JAWARD#<key>: an entry's XP, once ever.
 */
const BOOK_SK = 'JBOOK';
const TRADE = 'JTRADE#';
const LEDGER = 'JLEDGER#';
const ENTRY = 'JOURNAL#';
const AWARD = 'JAWARD#';
const OPEN_BOOKS = 'JOURNALOPEN';
const chunkSk = (index: number) => `${LEDGER}${String(index).padStart(4, '0')}`;

export function dynamoJournalRepository(
  db: DynamoDBDocumentClient = documentClient(),
  table = tableName(),
  now: () => Date = () => new Date(),
): JournalRepository {
  const key = (userId: string, sk: string) => ({ PK: userPk(userId), SK: sk });
  // Strongly consistent, batched with the other GetItems of the same moment (batched-get.ts).
  const getItem = sharedBatchedGetter(db, table);
  const get = (userId: string, sk: string) => getItem(key(userId, sk));
  const parseChunk = (item: Record<string, unknown>): LedgerChunk => ({
    index: item.index as number,
    rows: JSON.parse(item.rows as string) as ClosedTradeRow[],
  });
  const entryOf = (item: Record<string, unknown>) => item.entry as JournalEntry;

  return {
    async getBook(userId) {
      const item = await get(userId, BOOK_SK);
      return item ? { ...(item.book as JournalBook), version: item.version as number } : emptyBook();
    },

    async getTrades(userId, ids) {
      const out = new Map<string, StoredTrade>();
      const items = await batchGetAll(
        db,
        table,
        [...new Set(ids)].map((id) => key(userId, `${TRADE}${id}`)),
        { consistent: true },
      );
      for (const item of items) {
        const trade = item.trade as JournalTrade;
        out.set(trade.id, { trade, ledgerChunk: (item.ledgerChunk as number | null | undefined) ?? null });
      }
      return out;
    },

    async getChunk(userId, index) {
      const item = await get(userId, chunkSk(index));
      return item ? parseChunk(item) : null;
    },

    async ledger(userId) {
      const items = await queryAll(db, table, {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': userPk(userId), ':p': LEDGER },
      });
      return items.flatMap((item) => parseChunk(item).rows);
    },

    async getEntry(userId, id) {
      const item = await get(userId, `${ENTRY}${id}`);
      return item ? entryOf(item) : null;
    },

    async listEntries(userId, opts) {
      const entries: JournalEntry[] = [];
      let more = false;
      let pages = 0;
      // A kind filter may need several pages to fill one (DynamoDB filters after it reads `Limit` items).
      for await (const page of queryPages(
        db,
        table,
        {
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
          ExpressionAttributeValues: { ':pk': userPk(userId), ':p': ENTRY, ...(opts.kind ? { ':k': opts.kind } : {}) },
          ...(opts.kind ? { FilterExpression: 'kind = :k' } : {}),
          ScanIndexForward: false,
          Limit: opts.limit,
        },
        { startKey: opts.cursor ? key(userId, `${ENTRY}${opts.cursor}`) : undefined },
      )) {
        const found = (page.Items ?? []).map(entryOf);
        const room = opts.limit - entries.length;
        entries.push(...found.slice(0, room));
        more = found.length > room || page.LastEvaluatedKey !== undefined;
        if (++pages >= 20 || entries.length >= opts.limit) break;
      }
      const last = entries.at(-1);
      return { entries, cursor: more && last ? last.id : null };
    },

    async hasAward(userId, awardKey) {
      return (await get(userId, `${AWARD}${awardKey}`)) !== undefined;
    },

    async learnersWithOpenTrades() {
      const items = await queryAll(db, table, {
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': OPEN_BOOKS },
      });
      return items.map((item) => String(item.GSI1SK));
    },

    async commit(userId, w) {
      const at = now();
      const pk = userPk(userId);
      const items: Record<string, unknown>[] = [
        {
          Put: {
            TableName: table,
            Item: {
              PK: pk,
              SK: BOOK_SK,
              entity: 'journal-book',
              book: { ...w.book, version: w.expectedVersion + 1 },
              version: w.expectedVersion + 1,
              updatedAt: at.toISOString(),
              // Sparse: only a book holding an open trade is listed, for the daily marks.
              ...(Object.keys(w.book.open).length ? { GSI1PK: OPEN_BOOKS, GSI1SK: userId } : {}),
            },
            ...(w.expectedVersion === 0
              ? { ConditionExpression: 'attribute_not_exists(PK)' }
              : { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': w.expectedVersion } }),
          },
        },
      ];
      for (const t of w.trades ?? []) {
        items.push({
          Put: {
            TableName: table,
            Item: { PK: pk, SK: `${TRADE}${t.trade.id}`, entity: 'journal-trade', status: t.trade.status, trade: t.trade, ledgerChunk: t.ledgerChunk },
          },
        });
      }
      for (const c of w.chunks ?? []) {
        items.push({
          Put: { TableName: table, Item: { PK: pk, SK: chunkSk(c.index), entity: 'journal-ledger', index: c.index, rows: JSON.stringify(c.rows) } },
        });
      }
      if (w.putEntry) {
        items.push({
          Put: { TableName: table, Item: { PK: pk, SK: `${ENTRY}${w.putEntry.id}`, entity: 'journal-entry', kind: w.putEntry.kind, entry: w.putEntry } },
        });
      }
      if (w.deleteEntry) {
        items.push({ Delete: { TableName: table, Key: key(userId, `${ENTRY}${w.deleteEntry}`), ConditionExpression: 'attribute_exists(PK)' } });
      }
      if (w.award) {
        items.push({
          Put: {
            TableName: table,
            Item: { PK: pk, SK: `${AWARD}${w.award}`, entity: 'journal-award', awardedAt: at.toISOString() },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        });
      }
      for (const e of w.events ?? []) items.push(outboxPut(table, e, at));
      const receiptAt = w.receipt === undefined ? -1 : items.push(w.receipt as Record<string, unknown>) - 1;
      try {
        await db.send(new TransactWriteCommand({ TransactItems: items as never }));
        return 'ok';
      } catch (err) {
        if (!(err instanceof TransactionCanceledException)) throw err;
        const codes = (err.CancellationReasons ?? []).map((r) => r.Code);
        if (receiptAt >= 0 && codes[receiptAt] === 'ConditionalCheckFailed') return 'duplicate';
        if (codes.includes('ConditionalCheckFailed') || codes.includes('TransactionConflict')) return 'conflict';
        throw err;
      }
    },
  };
}
