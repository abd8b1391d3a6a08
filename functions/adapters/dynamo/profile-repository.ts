import { randomBytes } from 'node:crypto';
import { type DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ProfileRepository, UserProfile } from '@shared/users/profile';
import { normalizeSettings } from '@shared/users/profile-settings';
import { batchGetAll, sharedBatchedGetter } from './batched-get';
import { documentClient, tableName } from './client';
import { isConditionFailed } from './conditions';

export const userPk = (userId: string) => `USER#${userId}`;
/**
 * The public id's lookup lives on the profile item itself, on GSI1 (`PEOPLE#<publicId>`): one Query finds the profile,
 * and deleting the profile (every `USER#<sub>` item goes) removes the lookup with it; nothing outside the partition.
 */
export const peoplePk = (publicId: string) => `PEOPLE#${publicId}`;

const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
/** 12 characters of a 32-letter alphabet: 60 random bits, unguessable and not the Cognito sub. */
export function newPublicId(): string {
  return [...randomBytes(12)].map((b) => ALPHABET[b % 32]).join('');
}

export function toProfile(a: Record<string, unknown>): UserProfile {
  const publicId = String(a.publicId ?? '');
  return {
    userId: String(a.userId),
    publicId,
    email: String(a.email ?? ''),
    name: String(a.name ?? ''),
    createdAt: String(a.createdAt),
    updatedAt: String(a.updatedAt),
    ...normalizeSettings(a, publicId),
  };
}

export function dynamoProfileRepository(db: DynamoDBDocumentClient = documentClient(), table = tableName()): ProfileRepository {
  // Strongly consistent, batched with the other GetItems of the same moment (batched-get.ts).
  const getItem = sharedBatchedGetter(db, table);
  return {
    async get(userId) {
      const Item = await getItem({ PK: userPk(userId), SK: 'PROFILE' });
      return Item ? toProfile(Item) : null;
    },

    async upsert({ userId, email, name, at }) {
      const publicId = newPublicId();
      const out = await db.send(
        new UpdateCommand({
          TableName: table,
          Key: { PK: userPk(userId), SK: 'PROFILE' },
          // An access token carries no email or name: keep what the ID token stored rather than blank it. The public id
          // and its index key are set once, together, and never change.
          UpdateExpression: [
            'SET #type = :type, userId = :id, updatedAt = :at, createdAt = if_not_exists(createdAt, :at)',
            'publicId = if_not_exists(publicId, :pid), GSI1PK = if_not_exists(GSI1PK, :gpk), GSI1SK = if_not_exists(GSI1SK, :gsk)',
            email ? 'email = :email' : 'email = if_not_exists(email, :empty)',
            name ? '#name = :name' : '#name = if_not_exists(#name, :empty)',
          ].join(', '),
          ExpressionAttributeNames: { '#type': 'type', '#name': 'name' },
          ExpressionAttributeValues: {
            ':type': 'profile',
            ':id': userId,
            ':at': at,
            ':pid': publicId,
            ':gpk': peoplePk(publicId),
            ':gsk': 'PROFILE',
            ...(email && name ? {} : { ':empty': '' }),
            ...(email ? { ':email': email } : {}),
            ...(name ? { ':name': name } : {}),
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return toProfile(out.Attributes ?? {});
    },

    async saveSettings(userId, s, expectedUpdatedAt, at) {
      try {
        const out = await db.send(
          new UpdateCommand({
            TableName: table,
            Key: { PK: userPk(userId), SK: 'PROFILE' },
            UpdateExpression: 'SET displayName = :dn, bio = :bio, avatar = :av, visibility = :vis, display = :disp, updatedAt = :at',
            ConditionExpression: 'attribute_exists(PK) AND updatedAt = :prev',
            ExpressionAttributeValues: {
              ':dn': s.displayName,
              ':bio': s.bio,
              ':av': s.avatar,
              ':vis': s.visibility,
              ':disp': s.display,
              ':at': at,
              ':prev': expectedUpdatedAt,
            },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return toProfile(out.Attributes ?? {});
      } catch (err) {
        if (isConditionFailed(err)) return null;
        throw err;
      }
    },

    async byPublicId(publicId) {
      const out = await db.send(
        new QueryCommand({
          TableName: table,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': peoplePk(publicId) },
          Limit: 1,
        }),
      );
      const item = out.Items?.[0];
      return item ? toProfile(item) : null;
    },

    async many(userIds) {
      const items = await batchGetAll(
        db,
        table,
        [...new Set(userIds)].map((id) => ({ PK: userPk(id), SK: 'PROFILE' })),
      );
      return items.map(toProfile);
    },
  };
}
