import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AgentTokenRepository, StoredAgentToken } from '@shared/agent/agent-tokens.port';
import type { AgentScope } from '@shared/agent/token';
import { documentClient, tableName } from './client';
import { type TransactItems, transactRetryingConflicts } from './transact';
import { batchWriteAll } from './batch-write';
import { isConditionFailed } from './conditions';
import { userPk } from './profile-repository';
import { queryAll } from './query';

/**
 * A learner's personal access tokens, in three kinds of item:
 * - `USER#<sub> / AGENT_TOKEN#<tokenId>`: the token as its owner lists it (name, scopes, last four, hash, created,
 *   expires, last used); the list is a Query on `begins_with(SK, 'AGENT_TOKEN#')`.
 * - `AGENT_TOKEN#<sha256 hex> / AGENT_TOKEN`: the authorizer's lookup by hash (owner, token id, name, scopes, expiry).
 * - `USER#<sub> / AGENT_TOKENS`: `{ count }`, so the cap of tokens a learner holds is a condition of one transaction.
 * A token is created and revoked with all three in one TransactWriteItems. `expiresAt` is an ISO time here, never the
 * table's TTL (a number): an expired token stays listed, and counted, until its owner revokes it.
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

/** How often, at most, a token's "last used" time is written: once a minute is precise enough for the list. */
export const LAST_USED_EVERY_MS = 60_000;

/**
 * Records that a token was used at `at`, at most once a minute per token: the write's condition refuses it when the
 * stored time is less than a minute old, so a busy agent costs one write a minute. Answers whether it wrote; a revoked
 * token is not brought back.
 */
export async function touchAgentTokenLastUsed(
  userId: string,
  tokenId: string,
  at: Date | string,
  db: DynamoDBDocumentClient = documentClient(),
  table: string = tableName(),
): Promise<boolean> {
  const when = typeof at === 'string' ? new Date(at) : at;
  try {
    await db.send(
      new UpdateCommand({
        TableName: table,
        Key: agentTokenKey(userId, tokenId),
        UpdateExpression: 'SET lastUsedAt = :at',
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(lastUsedAt) OR lastUsedAt <= :before)',
        ExpressionAttributeValues: { ':at': when.toISOString(), ':before': new Date(when.getTime() - LAST_USED_EVERY_MS).toISOString() },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailed(err)) return false;
    throw err;
  }
}

const toStored = (item: Record<string, unknown>): StoredAgentToken => ({
  tokenId: String(item.tokenId),
  name: String(item.name),
  scopes: (item.scopes as AgentScope[] | undefined) ?? [],
  lastFour: String(item.lastFour),
  hash: String(item.hash),
  createdAt: String(item.createdAt),
  expiresAt: String(item.expiresAt),
  ...(typeof item.lastUsedAt === 'string' ? { lastUsedAt: item.lastUsedAt } : {}),
});

export function dynamoAgentTokenRepository(db: DynamoDBDocumentClient = documentClient(), table = tableName()): AgentTokenRepository {
  const transact = (items: TransactItems) => transactRetryingConflicts(db, items);

  return {
    async list(userId) {
      const items = await queryAll(db, table, {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': userPk(userId), ':p': AGENT_TOKEN_SK_PREFIX },
        ScanIndexForward: false,
        ConsistentRead: true,
      });
      return items.map(toStored);
    },

    async create(userId, token, max) {
      const failed = await transact([
        {
          Update: {
            TableName: table,
            Key: agentTokenCounterKey(userId),
            UpdateExpression: 'SET #entity = :entity ADD #count :one',
            ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
            ExpressionAttributeNames: { '#entity': 'entity', '#count': 'count' },
            ExpressionAttributeValues: { ':entity': 'agent-token-count', ':one': 1, ':max': max },
          },
        },
        {
          Put: {
            TableName: table,
            Item: { ...agentTokenKey(userId, token.tokenId), entity: 'agent-token', ...token },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          Put: {
            TableName: table,
            Item: {
              ...agentTokenHashKey(token.hash),
              entity: 'agent-token-hash',
              userId,
              tokenId: token.tokenId,
              name: token.name,
              scopes: token.scopes,
              expiresAt: token.expiresAt,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      ]);
      if (failed.length === 0) return true;
      if (failed.includes(0)) return false;
      // A token id or a 256-bit hash already taken: not a learner's mistake.
      throw new Error('An agent token with this id or hash exists already.');
    },

    async revoke(userId, tokenId) {
      const found = await db.send(new GetCommand({ TableName: table, Key: agentTokenKey(userId, tokenId), ConsistentRead: true }));
      if (!found.Item) return false;
      const hash = String(found.Item.hash);
      const failed = await transact([
        { Delete: { TableName: table, Key: agentTokenKey(userId, tokenId), ConditionExpression: 'attribute_exists(PK)' } },
        {
          Delete: {
            TableName: table,
            Key: agentTokenHashKey(hash),
            ConditionExpression: 'attribute_not_exists(PK) OR userId = :me',
            ExpressionAttributeValues: { ':me': userId },
          },
        },
        {
          Update: {
            TableName: table,
            Key: agentTokenCounterKey(userId),
            UpdateExpression: 'ADD #count :minus',
            ExpressionAttributeNames: { '#count': 'count' },
            ExpressionAttributeValues: { ':minus': -1 },
          },
        },
      ]);
      // Revoked meanwhile by another request: the token is gone all the same, but this request did not find it.
      return failed.length === 0;
    },
  };
}

/**
 * Deletes the lookups by hash of every token the learner holds (the account's deletion: those items are outside the
 * learner's partition, and found through its token items, so this runs before the partition goes). Idempotent.
 */
export async function eraseAgentTokenLookups(userId: string, db: DynamoDBDocumentClient = documentClient(), table: string = tableName()): Promise<number> {
  const items = await queryAll(db, table, {
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
    ExpressionAttributeValues: { ':pk': userPk(userId), ':p': AGENT_TOKEN_SK_PREFIX },
    ProjectionExpression: '#hash',
    ExpressionAttributeNames: { '#hash': 'hash' },
    ConsistentRead: true,
  });
  const hashes = items.map((i) => i.hash).filter((h): h is string => typeof h === 'string');
  await batchWriteAll(
    db,
    table,
    hashes.map((hash) => ({ DeleteRequest: { Key: agentTokenHashKey(hash) } })),
  );
  return hashes.length;
}
