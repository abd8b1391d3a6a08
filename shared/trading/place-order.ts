import type { Result } from '../result';
import type { OrderRequest, PlacedOrder } from './order';
import type { OrderVenue } from './order-venue.port';
import { venueOf } from './venue-of';

/** Places an order on the account the learner chose (the paper account unless another is named). */
export async function placeOrder(venues: readonly OrderVenue[], userId: string, request: OrderRequest & { accountId?: string }): Promise<Result<PlacedOrder>> {
  const { accountId, ...order } = request;
  const venue = venueOf(venues, accountId);
  return venue.ok ? venue.value.placeOrder(userId, order) : venue;
}
