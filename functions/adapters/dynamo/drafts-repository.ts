import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Draft, DraftRepository } from '@shared/drafts/drafts';
import { documentClient, tableName } from './client';
import { userPk } from './profile-repository';

/** Drafts under USER#<sub> / DRAFT#<id>; one Query lists them. */
export function dynamoDraftRepository(db: DynamoDBDocumentClient = documentClient(), table = tableName()): DraftRepository {
  const key = (userId: string, draftId: string) => ({ PK: userPk(userId), SK: `DRAFT#${draftId}` });
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
        ...(select ? { Select: select } : {}),
      }),
    );
  return {
    async list(userId) {
      return ((await query(userId)).Items ?? []).map(strip);
    },
    async get(userId, draftId) {
      const out = await db.send(new GetCommand({ TableName: table, Key: key(userId, draftId) }));
      return out.Item ? strip(out.Item) : null;
    },
    async count(userId) {
      return (await query(userId, 'COUNT')).Count ?? 0;
    },
    async put(userId, draft) {
      await db.send(new PutCommand({ TableName: table, Item: { ...key(userId, draft.draftId), entity: 'draft', ...draft } }));
    },
    async delete(userId, draftId) {
      const out = await db.send(new DeleteCommand({ TableName: table, Key: key(userId, draftId), ReturnValues: 'ALL_OLD' }));
      return !!out.Attributes;
    },
  };
}
