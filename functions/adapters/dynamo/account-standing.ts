import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { agentTokenKey } from './agent-tokens';
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
  /**
   * Asked with a personal access token's id: when the token expires (epoch milliseconds), or null when its item is gone
   * (revoked, or its account deleted). Absent when no token was asked about.
   */
  agentTokenExpiresAt?: number | null;
}

/**
 * A learner's standing in one strongly consistent BatchGetItem of small items: the tombstone (DELETED#<sub>), the
 * sessions item (USER#<sub> / SESSIONS) and, for a request made with a personal access token, that token's item
 * (USER#<sub> / AGENT_TOKEN#<tokenId>).
 */
export function dynamoAccountStanding(db: DynamoDBDocumentClient = documentClient(), table = tableName()) {
  return async (userId: string, agentTokenId?: string): Promise<AccountStanding> => {
    const tombstone = tombstoneKey(userId);
    const sessions = sessionsKey(userId);
    const token = agentTokenId === undefined ? null : agentTokenKey(userId, agentTokenId);
    const items = await batchGetAll(db, table, token ? [tombstone, sessions, token] : [tombstone, sessions], { consistent: true });
    const itemOf = (key: { PK: string; SK: string }) => items.find((item) => item.PK === key.PK && item.SK === key.SK);
    const sessionsItem = itemOf(sessions);
    const standing: AccountStanding = {
      deleted: itemOf(tombstone) !== undefined,
      signedOutAt: typeof sessionsItem?.signedOutAtMs === 'number' ? sessionsItem.signedOutAtMs : null,
    };
    if (token) {
      const tokenItem = itemOf(token);
      const expiresAt = typeof tokenItem?.expiresAt === 'string' ? Date.parse(tokenItem.expiresAt) : NaN;
      // An item without a readable expiry is treated as gone: a token is never trusted for longer than it says.
      standing.agentTokenExpiresAt = Number.isFinite(expiresAt) ? expiresAt : null;
    }
    return standing;
  };
}
