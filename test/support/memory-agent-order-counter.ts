import type { AgentOrderCounter } from '@shared/trading/agent-order-counter.port';

/** The agent order counter with the table's condition: an order is counted only while fewer than the limit are. */
export function memoryAgentOrderCounter() {
  const counts = new Map<string, { orders: number; expiresAt: number }>();
  const counter: AgentOrderCounter = {
    async count(tokenId, minute, limit, expiresAt) {
      const key = `${tokenId}|${minute}`;
      const orders = counts.get(key)?.orders ?? 0;
      if (orders >= limit) return 'full';
      counts.set(key, { orders: orders + 1, expiresAt });
      return 'counted';
    },
  };
  return { counter, counts };
}
