import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ProfileRepository, UserProfile } from '@shared/users/profile';
import { documentClient, tableName } from './client';

export const userPk = (userId: string) => `USER#${userId}`;

export function dynamoProfileRepository(db: DynamoDBDocumentClient = documentClient(), table = tableName()): ProfileRepository {
  return {
    async get(userId) {
      const { Item } = await db.send(new GetCommand({ TableName: table, Key: { PK: userPk(userId), SK: 'PROFILE' }, ConsistentRead: true }));
      return Item ? toProfile(Item) : null;
    },

    async upsert({ userId, email, name, at }) {
      const out = await db.send(
        new UpdateCommand({
          TableName: table,
          Key: { PK: userPk(userId), SK: 'PROFILE' },
          // An access token carries no email or name: keep what the ID token stored rather than blank it.
          UpdateExpression: [
            'SET #type = :type, userId = :id, updatedAt = :at, createdAt = if_not_exists(createdAt, :at)',
            email ? 'email = :email' : 'email = if_not_exists(email, :empty)',
            name ? '#name = :name' : '#name = if_not_exists(#name, :empty)',
          ].join(', '),
          ExpressionAttributeNames: { '#type': 'type', '#name': 'name' },
          ExpressionAttributeValues: {
            ':type': 'profile',
            ':id': userId,
            ':at': at,
            ...(email && name ? {} : { ':empty': '' }),
            ...(email ? { ':email': email } : {}),
            ...(name ? { ':name': name } : {}),
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return toProfile(out.Attributes ?? {});
    },
  };
}

const toProfile = (a: Record<string, unknown>): UserProfile => ({
  userId: String(a.userId),
  email: String(a.email ?? ''),
  name: String(a.name ?? ''),
  createdAt: String(a.createdAt),
  updatedAt: String(a.updatedAt),
});
