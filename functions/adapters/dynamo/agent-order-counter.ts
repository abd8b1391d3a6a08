import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AgentOrderCounter } from '@shared/trading/agent-order-counter.port';
import type { AgentOrderCount } from '@shared/trading/order';
import { documentClient, tableName } from './client';
import { isConditionFailed } from './conditions';

/** The count of one agent token's orders in one minute (UTC, `2026-11-30T14:05`). */
export const agentOrderCountKey = (tokenId: string, minute: string) => ({ PK: `AGENT_TOKEN_RATE#${tokenId}`, SK: minute });

/**
 * One more order in a token's minute, on the condition that fewer than the limit are counted: the UpdateItem of the
 * counter below, or an item of the order's own TransactWriteItems (functions/adapters/dynamo/paper-account-repository.ts).
 */
export function agentOrderCountUpdate(table: string, count: Pick<AgentOrderCount, 'tokenId' | 'minute' | 'limit' | 'expiresAt'>) {
  return {
    TableName: table,
    Key: agentOrderCountKey(count.tokenId, count.minute),
    UpdateExpression: 'SET entity = :e, expiresAt = :exp ADD orders :one',
    ConditionExpression: 'attribute_not_exists(orders) OR orders < :limit',
    ExpressionAttributeValues: { ':e': 'agent-order-count', ':exp': count.expiresAt, ':one': 1, ':limit': count.limit },
  };
}

/**
 * AGENT_TOKEN_RATE#<tokenId> / <minute>: `{ orders, expiresAt }`. One UpdateItem adds an order on the condition that
 * fewer than the limit are counted, so concurrent orders of one token are counted exactly (a refused order changes
 * nothing); the table's TTL removes the item shortly after its minute. A booked order counts in its own transaction;
 * this counts the attempts that booked nothing.
 */
export function dynamoAgentOrderCounter(db: DynamoDBDocumentClient = documentClient(), table = tableName()): AgentOrderCounter {
  return {
    async count(tokenId, minute, limit, expiresAt) {
      try {
        await db.send(new UpdateCommand(agentOrderCountUpdate(table, { tokenId, minute, limit, expiresAt })));
        return 'counted';
      } catch (err) {
        if (isConditionFailed(err)) return 'full';
        throw err;
      }
    },
  };
}
