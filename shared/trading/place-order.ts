import type { AgentPrincipal } from '../agent/token';
import type { Result } from '../result';
import { placeAs, type AgentOrderDeps } from './agent-orders';
import type { OrderRequest, PlacedOrder } from './order';
import type { OrderVenue } from './order-venue.port';
import { venueOf } from './venue-of';

/**
 * Places an order on the account the learner chose (the paper account unless another is named). With an agent token
 * (`by.agent`) the order is admitted first (shared/trading/agent-orders.ts: the paper account only, a limit a minute)
 * and marked with the token's name; the venue then decides it as any other order, and books the token's count of orders
 * this minute (`agentCount`) with it.
 */
export async function placeOrder(
  venues: readonly OrderVenue[],
  userId: string,
  request: OrderRequest & { accountId?: string },
  by: { agent?: AgentPrincipal; limits?: AgentOrderDeps } = {},
): Promise<Result<PlacedOrder>> {
  const { accountId, agent: _ignored, agentCount: _neither, ...order } = request;
  const venue = venueOf(venues, accountId);
  if (!venue.ok) return venue;
  const agent = by.agent;
  return placeAs(by.limits, agent, venue.value.accountId, (count) =>
    venue.value.placeOrder(userId, agent ? { ...order, agent: agent.name, ...(count ? { agentCount: count } : {}) } : order),
  );
}
