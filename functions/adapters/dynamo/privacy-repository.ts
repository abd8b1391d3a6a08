import { BACKTEST_PREFIX, decodeRun } from './backtest-repository';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { NOTIFY_LIST_INDIA } from '@shared/community/notify';
import type { PrivacyStore, Tombstone, UserItem } from '@shared/users/privacy';
import { eraseAgentTokenLookups } from './agent-tokens';
import { eraseCompetitionEntrant } from './competitions-repository';
import { batchWriteAll } from './batch-write';
import { dynamoPostRepository } from './community-posts';
import { sharedBatchedGetter } from './batched-get';
import { documentClient, tableName } from './client';
import { isConditionFailed } from './conditions';
import { outboxPut } from './outbox';
import { userPk } from './profile-repository';

/**
 * The learner's data for export and deletion (issue 20):
 *   DELETED#<sub> / TOMBSTONE   the deletion's tombstone; while the job is not done it sits on GSI1 under `DELETING`,
 *                               where the nightly sweep finds it to resume it; once done it keeps only the sub and the
 *                               times (no e-mail) and expires with the TTL (`expiresAt`, DELETED_MARKER_KEPT_MS)
 *   USER#<sub> / *              everything else the learner has
 *   NOTIFY#<list> / <email>     the notify-me entry, outside their partition (its `userId` says whose)
 *   AGENT_TOKEN#<hash> / …      their personal access tokens' lookups by hash, found through the partition's token items
 */
export const tombstoneKey = (userId: string) => ({ PK: `DELETED#${userId}`, SK: 'TOMBSTONE' });
export const DELETING_GSI = 'DELETING';
const NOTIFY_LISTS = [NOTIFY_LIST_INDIA];

const toTombstone = (i: Record<string, unknown>): Tombstone => ({
  userId: String(i.userId),
  email: String(i.email ?? ''),
  requestedAt: String(i.requestedAt),
  status: i.status === 'deleted' ? 'deleted' : 'deleting',
  completedAt: typeof i.completedAt === 'string' ? i.completedAt : null,
  itemsDeleted: Number(i.itemsDeleted ?? 0),
  steps: Array.isArray(i.steps) ? (i.steps as Tombstone['steps']) : [],
  keptUntil: typeof i.expiresAt === 'number' ? new Date(i.expiresAt * 1000).toISOString() : null,
});

const tombstoneItem = ({ keptUntil, email, ...t }: Tombstone) => ({
  ...tombstoneKey(t.userId),
  entity: 'tombstone',
  ...t,
  // The finished deletion's marker: no e-mail, and the table's TTL removes it.
  ...(t.status === 'deleting' ? { email, GSI1PK: DELETING_GSI, GSI1SK: `${t.requestedAt}#${t.userId}` } : {}),
  ...(t.status === 'deleted' && keptUntil ? { expiresAt: Math.ceil(new Date(keptUntil).getTime() / 1000) } : {}),
});

export function dynamoPrivacyStore(
  db: DynamoDBDocumentClient = documentClient(),
  table = tableName(),
): PrivacyStore & {
  /** Deletions not finished yet, oldest first (the nightly sweep). */
  unfinished(limit: number): Promise<Tombstone[]>;
} {
  const posts = dynamoPostRepository(db, table);
  return {
    async tombstone(userId) {
      // Batched with the other GetItems of the same moment (the deletion's progress reads it with the learner's items).
      const item = await sharedBatchedGetter(db, table)(tombstoneKey(userId));
      return item ? toTombstone(item) : null;
    },
    async createTombstone(t, events = []) {
      const put = { TableName: table, Item: tombstoneItem(t), ConditionExpression: 'attribute_not_exists(PK)' };
      try {
        // The events that finish the deletion leave through the outbox, in the tombstone's own transaction.
        if (events.length) await db.send(new TransactWriteCommand({ TransactItems: [{ Put: put }, ...events.map((e) => outboxPut(table, e))] }));
        else await db.send(new PutCommand(put));
        return t;
      } catch (err) {
        if (!isConditionFailed(err)) throw err;
        const existing = await db.send(new GetCommand({ TableName: table, Key: tombstoneKey(t.userId), ConsistentRead: true }));
        if (!existing.Item) throw err;
        return toTombstone(existing.Item);
      }
    },
    async saveTombstone(t) {
      await db.send(new PutCommand({ TableName: table, Item: tombstoneItem(t) }));
    },
    async userItems(userId, limit, cursor) {
      const out = await db.send(
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': userPk(userId) },
          Limit: limit,
          ConsistentRead: true,
          ...(cursor ? { ExclusiveStartKey: { PK: userPk(userId), SK: cursor } } : {}),
        }),
      );
      return {
        // A saved backtest's run is stored gzipped: the export carries it as the JSON it is.
        items: (out.Items ?? []).map((i) =>
          String(i.SK).startsWith(BACKTEST_PREFIX) && i.run instanceof Uint8Array ? { ...i, run: decodeRun(i) } : i,
        ) as UserItem[],
        cursor: out.LastEvaluatedKey ? String(out.LastEvaluatedKey.SK) : undefined,
      };
    },
    async deleteUserItems(userId, sortKeys) {
      await batchWriteAll(
        db,
        table,
        sortKeys.map((SK) => ({ DeleteRequest: { Key: { PK: userPk(userId), SK } } })),
      );
    },
    async outsideItems(userId, email) {
      if (!email) return [];
      const found = await Promise.all(
        NOTIFY_LISTS.map((list) => db.send(new GetCommand({ TableName: table, Key: { PK: `NOTIFY#${list}`, SK: email }, ConsistentRead: true }))),
      );
      return found.flatMap((o) => (o.Item && o.Item.userId === userId ? [{ list: String(o.Item.PK).slice('NOTIFY#'.length), ...o.Item }] : []));
    },
    async deleteOutsideItems(userId, email) {
      await posts.eraseLearner(userId);
      await eraseAgentTokenLookups(userId, db, table);
      // Competition seasons: the learner's entrant items leave the seasons' partitions.
      await eraseCompetitionEntrant(userId, db, table);
      if (!email) return;
      for (const list of NOTIFY_LISTS) {
        try {
          await db.send(
            new DeleteCommand({
              TableName: table,
              Key: { PK: `NOTIFY#${list}`, SK: email },
              // Only the learner's own entry: another account may have the same address on the list since.
              ConditionExpression: 'attribute_not_exists(PK) OR userId = :me',
              ExpressionAttributeValues: { ':me': userId },
            }),
          );
        } catch (err) {
          if (!isConditionFailed(err)) throw err;
        }
      }
    },
    async unfinished(limit) {
      const out = await db.send(
        new QueryCommand({
          TableName: table,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': DELETING_GSI },
          Limit: limit,
        }),
      );
      return (out.Items ?? []).map(toTombstone);
    },
  };
}
