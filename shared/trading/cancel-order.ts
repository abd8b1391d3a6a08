import type { Result } from '../result';
import type { Order } from './order';
import type { OrderVenue } from './order-venue.port';
import { venueOf } from './venue-of';

/** Cancels a resting order on the account the learner chose (the paper account unless another is named). */
export async function cancelOrder(venues: readonly OrderVenue[], userId: string, orderId: string, accountId?: string): Promise<Result<Order>> {
  const venue = venueOf(venues, accountId);
  return venue.ok ? venue.value.cancelOrder(userId, orderId) : venue;
}
