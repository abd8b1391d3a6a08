import type { AgentPrincipal } from '../agent/token';
import type { Result } from '../result';
import { agentMayUse } from './agent-orders';
import type { Order } from './order';
import type { OrderVenue } from './order-venue.port';
import { venueOf } from './venue-of';

/** Cancels a resting order on the account the learner chose (the paper account unless another is named); an agent token the paper account's only. */
export async function cancelOrder(
  venues: readonly OrderVenue[],
  userId: string,
  orderId: string,
  accountId?: string,
  agent?: AgentPrincipal,
): Promise<Result<Order>> {
  const venue = venueOf(venues, accountId);
  if (!venue.ok) return venue;
  const allowed = agentMayUse(agent, venue.value.accountId);
  return allowed.ok ? venue.value.cancelOrder(userId, orderId, agent?.name) : allowed;
}
