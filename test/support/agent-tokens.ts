import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { AgentScope } from '@shared/agent/token';
import { hashAgentToken, newAgentTokenSecret } from '../../functions/adapters/agent-token-crypto';
import { agentTokenHashKey, agentTokenKey } from '../../functions/adapters/dynamo/agent-tokens';
import type { StackInfo } from './local-stack';

/** A document client on a local stack's DynamoDB Local. */
export const localTable = (stack: StackInfo) =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: stack.endpoints.dynamodb, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  );

/**
 * A personal access token of a learner's, stored as the token routes store it (the owner's item and the lookup by
 * hash, with the adapter's own keys), for tests and benches that need tokens without the page that makes them.
 */
export async function storeAgentToken(
  db: DynamoDBDocumentClient,
  table: string,
  userId: string,
  opts: { scopes: AgentScope[]; name?: string; expiresAt?: string },
) {
  const secret = newAgentTokenSecret();
  const hash = hashAgentToken(secret);
  const tokenId = ulid();
  const common = {
    tokenId,
    name: opts.name ?? `bot-${tokenId.slice(-6).toLowerCase()}`,
    scopes: opts.scopes,
    expiresAt: opts.expiresAt ?? new Date(Date.now() + 30 * 86_400_000).toISOString(),
  };
  await db.send(
    new PutCommand({
      TableName: table,
      Item: { ...agentTokenKey(userId, tokenId), ...common, lastFour: secret.slice(-4), hash, createdAt: new Date().toISOString() },
    }),
  );
  await db.send(new PutCommand({ TableName: table, Item: { ...agentTokenHashKey(hash), userId, ...common } }));
  return {
    secret,
    tokenId,
    name: common.name,
    /** Deletes both items, as a revocation does (the counter of the learner's tokens is not kept here). */
    async revoke() {
      await db.send(new DeleteCommand({ TableName: table, Key: agentTokenKey(userId, tokenId) }));
      await db.send(new DeleteCommand({ TableName: table, Key: agentTokenHashKey(hash) }));
    },
  };
}
