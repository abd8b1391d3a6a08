import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchGetAll } from './batched-get';
import { documentClient, tableName } from './client';
import { tombstoneKey } from './privacy-repository';
import { sessionsKey } from './sessions-repository';

/** What every signed-in request checks of its learner: whether the account is deleted, and their last sign-out everywhere. */
export interface AccountStanding {
  /** The deletion's tombstone exists (the deletion is running or done). */
  deleted: boolean;
  /** The latest sign-out everywhere or password change, in epoch milliseconds, or null. */
  signedOutAt: number | null;
}

/**
 * A learner's standing in one strongly consistent BatchGetItem of two small items: the tombstone (DELETED#<sub>) and
 * the sessions item (USER#<sub> / SESSIONS).
 */
export function dynamoAccountStanding(db: DynamoDBDocumentClient = documentClient(), table = tableName()) {
  return async (userId: string): Promise<AccountStanding> => {
    const tombstone = tombstoneKey(userId);
    const items = await batchGetAll(db, table, [tombstone, sessionsKey(userId)], { consistent: true });
    const sessions = items.find((item) => item.PK !== tombstone.PK);
    return {
      deleted: items.some((item) => item.PK === tombstone.PK),
      signedOutAt: typeof sessions?.signedOutAtMs === 'number' ? sessions.signedOutAtMs : null,
    };
  };
}
