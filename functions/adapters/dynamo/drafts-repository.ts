import { type DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Draft, DraftRepository } from '@shared/drafts/drafts';
import { documentClient, tableName } from './client';
import { type TransactItems, transactRetryingConflicts } from './transact';
import { isConditionFailed } from './conditions';
import { userPk } from './profile-repository';

/**
 * Drafts under USER#<sub> / DRAFT#<id>; one Query lists them. USER#<sub> / DRAFTS holds how many there are, changed in
 * the same transaction as a draft is created or deleted, so the cap is checked and kept atomically.
 */
export function dynamoDraftRepository(db: DynamoDBDocumentClient = documentClient(), table = tableName()): DraftRepository {
  const key = (userId: string, draftId: string) => ({ PK: userPk(userId), SK: `DRAFT#${draftId}` });
  const counterKey = (userId: string) => ({ PK: userPk(userId), SK: 'DRAFTS' });
  const strip = (item: Record<string, unknown>): Draft => {
    const { PK: _pk, SK: _sk, entity: _e, ...draft } = item;
    return draft as unknown as Draft;
  };
  const query = (userId: string, select?: 'COUNT') =>
    db.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': userPk(userId), ':p': 'DRAFT#' },
        ScanIndexForward: false,
        ConsistentRead: true,
        ...(select ? { Select: select } : {}),
      }),
    );
  /** Drafts saved before the count existed are counted once, when the learner next creates or deletes one. */
  async function ensureCounter(userId: string) {
    const out = await db.send(new GetCommand({ TableName: table, Key: counterKey(userId), ConsistentRead: true }));
    if (out.Item) return;
    const n = (await query(userId, 'COUNT')).Count ?? 0;
    await db
      .send(new PutCommand({ TableName: table, Item: { ...counterKey(userId), entity: 'draft-count', n }, ConditionExpression: 'attribute_not_exists(PK)' }))
      .catch((err: unknown) => {
        if (!isConditionFailed(err)) throw err;
      });
  }
  /** Runs a transaction; false when one of its conditions failed (a conflict on the count is tried again). */
  const transact = async (items: TransactItems) => (await transactRetryingConflicts(db, items)).length === 0;
  return {
    async list(userId) {
      return ((await query(userId)).Items ?? []).map(strip);
    },
    async get(userId, draftId) {
      const out = await db.send(new GetCommand({ TableName: table, Key: key(userId, draftId) }));
      return out.Item ? strip(out.Item) : null;
    },
    async create(userId, draft, max) {
      await ensureCounter(userId);
      return transact([
        {
          Update: {
            TableName: table,
            Key: counterKey(userId),
            UpdateExpression: 'ADD n :one',
            ConditionExpression: 'n < :max',
            ExpressionAttributeValues: { ':one': 1, ':max': max },
          },
        },
        { Put: { TableName: table, Item: { ...key(userId, draft.draftId), entity: 'draft', ...draft }, ConditionExpression: 'attribute_not_exists(PK)' } },
      ]);
    },
    async update(userId, draft) {
      return db
        .send(
          new PutCommand({ TableName: table, Item: { ...key(userId, draft.draftId), entity: 'draft', ...draft }, ConditionExpression: 'attribute_exists(PK)' }),
        )
        .then(() => true)
        .catch((err: unknown) => {
          if (isConditionFailed(err)) return false;
          throw err;
        });
    },
    async delete(userId, draftId) {
      await ensureCounter(userId);
      return transact([
        { Delete: { TableName: table, Key: key(userId, draftId), ConditionExpression: 'attribute_exists(PK)' } },
        { Update: { TableName: table, Key: counterKey(userId), UpdateExpression: 'ADD n :minus', ExpressionAttributeValues: { ':minus': -1 } } },
      ]);
    },
  };
}
