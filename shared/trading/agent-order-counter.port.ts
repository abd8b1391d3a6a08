/**
 * Where the orders an agent token places are counted (the Agent API's limit of orders a minute per token): one item per
 * token and minute, added to with a condition so that two orders at the same moment are counted exactly
 * (functions/adapters/dynamo/agent-order-counter.ts). A value, never a throw, for a full minute.
 */
export interface AgentOrderCounter {
  /**
   * Counts one order of `tokenId` in `minute` unless `limit` are counted there already: `counted`, or `full` (nothing
   * counted). The item may be deleted after `expiresAt` (epoch seconds).
   */
  count(tokenId: string, minute: string, limit: number, expiresAt: number): Promise<'counted' | 'full'>;
}
