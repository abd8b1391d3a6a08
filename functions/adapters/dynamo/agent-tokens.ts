import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { AgentScope } from '@shared/agent/token';
import { documentClient, tableName } from './client';
import { userPk } from './profile-repository';

/**
 * A learner's personal access tokens, in three kinds of item:
 * - `USER#<sub> / AGENT_TOKEN#<tokenId>`: the token as its owner lists it (name, scopes, last four, hash, created,
 *   expires, last used); the list is a Query on `begins_with(SK, 'AGENT_TOKEN#')`.
 * - `AGENT_TOKEN#<sha256 hex> / AGENT_TOKEN`: the authorizer's lookup by hash (owner, token id, name, scopes, expiry).
 * - `USER#<sub> / AGENT_TOKENS`: `{ count }`, so the cap of tokens a learner holds is a condition of one transaction.
 */
export const AGENT_TOKEN_SK_PREFIX = 'AGENT_TOKEN#';
export const AGENT_TOKEN_COUNTER_SK = 'AGENT_TOKENS';

export const agentTokenKey = (userId: string, tokenId: string) => ({ PK: userPk(userId), SK: `${AGENT_TOKEN_SK_PREFIX}${tokenId}` });
export const agentTokenHashKey = (hash: string) => ({ PK: `${AGENT_TOKEN_SK_PREFIX}${hash}`, SK: 'AGENT_TOKEN' });
export const agentTokenCounterKey = (userId: string) => ({ PK: userPk(userId), SK: AGENT_TOKEN_COUNTER_SK });

/** What the hash item says about a token: whose it is and what it may do. */
export interface AgentTokenByHash {
  userId: string;
  tokenId: string;
  name: string;
  scopes: AgentScope[];
  expiresAt: string;
}

/**
 * The token whose SHA-256 is `hash`, or null when none is stored (never made, revoked, or its account deleted). The
 * expiry is the caller's to compare. A strongly consistent read, so a token works the moment it is created.
 */
export async function findAgentTokenByHash(
  hash: string,
  db: DynamoDBDocumentClient = documentClient(),
  table: string = tableName(),
): Promise<AgentTokenByHash | null> {
  const out = await db.send(new GetCommand({ TableName: table, Key: agentTokenHashKey(hash), ConsistentRead: true }));
  const item = out.Item;
  if (!item) return null;
  return {
    userId: String(item.userId),
    tokenId: String(item.tokenId),
    name: String(item.name),
    scopes: (item.scopes as AgentScope[] | undefined) ?? [],
    expiresAt: String(item.expiresAt),
  };
}
