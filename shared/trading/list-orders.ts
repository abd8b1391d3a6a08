import type { Result } from '../result';
import type { Order, OrderStatus } from './order';
import type { OrderVenue } from './order-venue.port';
import { venueOf } from './venue-of';

/** The orders of the account the learner chose (the paper account unless another is named), newest first; changes nothing. */
export async function listOrders(venues: readonly OrderVenue[], userId: string, query: { accountId?: string; status?: OrderStatus }): Promise<Result<Order[]>> {
  const venue = venueOf(venues, query.accountId);
  return venue.ok ? venue.value.listOrders(userId, query.status) : venue;
}
