import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { WatchItem } from '@shared/watchlist/watchlist';
import type { WatchlistRepository } from '@shared/watchlist/watchlist.port';
import { documentClient, tableName } from './client';
import { type TransactItems, transactRetryingConflicts } from './transact';
import { isConditionFailed } from './conditions';
import { queryAll } from './query';
import { userPk } from './profile-repository';

export const WATCH_PREFIX = 'WATCH#';
export const WATCH_COUNT_SK = 'WATCHLIST';

/**
 * The watchlist under USER#<sub>: one item per watched symbol, `WATCH#<symbol>`, so the account export and the account
 * deletion cover it; USER#<sub> / WATCHLIST holds how many there are, changed in the same transaction as an item is
 * added or removed, so the limit is checked and kept atomically (two adds at once never pass it).
 */
export function dynamoWatchlistRepository(db: DynamoDBDocumentClient = documentClient(), table = tableName()): WatchlistRepository {
  const key = (userId: string, id: string) => ({ PK: userPk(userId), SK: `${WATCH_PREFIX}${id}` });
  const counterKey = (userId: string) => ({ PK: userPk(userId), SK: WATCH_COUNT_SK });
  const strip = (item: Record<string, unknown>): WatchItem => ({
    id: item.id as string,
    kind: item.kind as WatchItem['kind'],
    underlying: item.underlying as string,
    order: item.order as number,
    addedAt: item.addedAt as string,
  });
  const get = async (userId: string, id: string) => {
    const out = await db.send(new GetCommand({ TableName: table, Key: key(userId, id), ConsistentRead: true }));
    return out.Item ? strip(out.Item) : null;
  };

  /** The count is made the first time it is needed (an item added before it existed is not possible: it came with the list). */
  async function ensureCounter(userId: string) {
    const out = await db.send(new GetCommand({ TableName: table, Key: counterKey(userId), ConsistentRead: true }));
    if (out.Item) return;
    await db
      .send(
        new PutCommand({ TableName: table, Item: { ...counterKey(userId), entity: 'watchlist-count', n: 0 }, ConditionExpression: 'attribute_not_exists(PK)' }),
      )
      .catch((err: unknown) => {
        if (!isConditionFailed(err)) throw err;
      });
  }

  const transact = (items: TransactItems) => transactRetryingConflicts(db, items);

  return {
    async list(userId) {
      const items = await queryAll(db, table, {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': userPk(userId), ':p': WATCH_PREFIX },
        ConsistentRead: true,
      });
      return items.map(strip);
    },

    async add(userId, item, max) {
      const existing = await get(userId, item.id);
      if (existing) return { outcome: 'exists', item: existing };
      await ensureCounter(userId);
      const out = await transact([
        {
          Update: {
            TableName: table,
            Key: counterKey(userId),
            UpdateExpression: 'ADD n :one',
            ConditionExpression: 'n < :max',
            ExpressionAttributeValues: { ':one': 1, ':max': max },
          },
        },
        { Put: { TableName: table, Item: { ...key(userId, item.id), entity: 'watch', ...item }, ConditionExpression: 'attribute_not_exists(PK)' } },
      ]);
      if (out.length === 0) return { outcome: 'added', item };
      // The item's own condition failed: the same symbol was added at the same moment, in another tab.
      if (out.includes(1)) {
        const raced = await get(userId, item.id);
        if (raced) return { outcome: 'exists', item: raced };
      }
      return { outcome: 'full' };
    },

    async remove(userId, id) {
      await ensureCounter(userId);
      const out = await transact([
        { Delete: { TableName: table, Key: key(userId, id), ConditionExpression: 'attribute_exists(PK)' } },
        { Update: { TableName: table, Key: counterKey(userId), UpdateExpression: 'ADD n :minus', ExpressionAttributeValues: { ':minus': -1 } } },
      ]);
      return out.length === 0;
    },

    async reorder(userId, ids) {
      if (ids.length === 0) return true;
      const out = await transact(
        ids.map((id, i) => ({
          Update: {
            TableName: table,
            Key: key(userId, id),
            UpdateExpression: 'SET #o = :o',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeNames: { '#o': 'order' },
            ExpressionAttributeValues: { ':o': i },
          },
        })),
      );
      return out.length === 0;
    },
  };
}
