/**
 * Where an agent token's attempts that booked nothing are counted (the Agent API's limit of orders a minute per token;
 * a booked order is counted in its own transaction, `AccountChange.agentCount`): the same item per token and minute,
 * added to with a condition so that two at the same moment are counted exactly
 * (functions/adapters/dynamo/agent-order-counter.ts). A value, never a throw, for a full minute.
 */
export interface AgentOrderCounter {
  /**
   * Counts one order of `tokenId` in `minute` unless `limit` are counted there already: `counted`, or `full` (nothing
   * counted). The item may be deleted after `expiresAt` (epoch seconds).
   */
  count(tokenId: string, minute: string, limit: number, expiresAt: number): Promise<'counted' | 'full'>;
}
