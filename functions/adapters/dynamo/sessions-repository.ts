import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { SignOutStore } from '@shared/users/sessions';
import { sharedBatchedGetter } from './batched-get';
import { documentClient, tableName } from './client';
import { userPk } from './profile-repository';

/**
 * USER#<sub> / SESSIONS: when the learner last signed out everywhere (or changed the password), read with the tombstone
 * by every signed-in request's check (account-standing.ts). An item of the learner's partition: it is exported with the
 * rest and goes with an account deletion.
 */
export const sessionsKey = (userId: string) => ({ PK: userPk(userId), SK: 'SESSIONS' });

export function dynamoSignOutStore(db: DynamoDBDocumentClient = documentClient(), table = tableName()): SignOutStore {
  return {
    async signedOutAt(userId) {
      // Batched with the other GetItems of the same moment.
      const item = await sharedBatchedGetter(db, table)(sessionsKey(userId));
      return typeof item?.signedOutAtMs === 'number' ? item.signedOutAtMs : null;
    },
    async recordSignOut(userId, atMs, reason) {
      try {
        await db.send(
          new UpdateCommand({
            TableName: table,
            Key: sessionsKey(userId),
            UpdateExpression: 'SET entity = :e, signedOutAtMs = :t, signedOutAt = :iso, reason = :r',
            ConditionExpression: 'attribute_not_exists(signedOutAtMs) OR signedOutAtMs < :t',
            ExpressionAttributeValues: { ':e': 'sessions', ':t': atMs, ':iso': new Date(atMs).toISOString(), ':r': reason },
          }),
        );
      } catch (err) {
        // A later sign-out is already recorded: it refuses at least as much.
        if (!(err instanceof ConditionalCheckFailedException)) throw err;
      }
    },
  };
}
