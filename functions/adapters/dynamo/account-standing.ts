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

/** One read of a learner's standing: with each token asked about, its expiry (epoch milliseconds) or null once gone. */
export interface StandingRead {
  deleted: boolean;
  signedOutAt: number | null;
  agentTokens?: Record<string, number | null>;
}

/**
 * A learner's standing in one strongly consistent BatchGetItem of small items: the tombstone (DELETED#<sub>), the
 * sessions item (USER#<sub> / SESSIONS) and, for requests made with personal access tokens, those tokens' items
 * (USER#<sub> / AGENT_TOKEN#<tokenId>; a learner has at most 10).
 */
export function dynamoAccountStanding(db: DynamoDBDocumentClient = documentClient(), table = tableName()) {
  return async (userId: string, agentTokenIds: readonly string[] = []): Promise<StandingRead> => {
    const tombstone = tombstoneKey(userId);
    const sessions = sessionsKey(userId);
    const tokens = agentTokenIds.map((id) => ({ id, key: agentTokenKey(userId, id) }));
    const items = await batchGetAll(db, table, [tombstone, sessions, ...tokens.map((t) => t.key)], { consistent: true });
    const itemOf = (key: { PK: string; SK: string }) => items.find((item) => item.PK === key.PK && item.SK === key.SK);
    const sessionsItem = itemOf(sessions);
    const standing: StandingRead = {
      deleted: itemOf(tombstone) !== undefined,
      signedOutAt: typeof sessionsItem?.signedOutAtMs === 'number' ? sessionsItem.signedOutAtMs : null,
    };
    if (tokens.length) {
      standing.agentTokens = {};
      for (const { id, key } of tokens) {
        const tokenItem = itemOf(key);
        const expiresAt = typeof tokenItem?.expiresAt === 'string' ? Date.parse(tokenItem.expiresAt) : NaN;
        // An item without a readable expiry is treated as gone: a token is never trusted for longer than it says.
        standing.agentTokens[id] = Number.isFinite(expiresAt) ? expiresAt : null;
      }
    }
    return standing;
  };
}
