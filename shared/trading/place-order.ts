import type { OrderRequest } from '../paper/types';
import { fail } from '../result';
import { PAPER_ACCOUNT_ID, type OrderVenue } from './order-venue.port';

/** Places an order on the account the learner chose (the paper account unless another is named). */
export async function placeOrder(venues: readonly OrderVenue[], userId: string, request: OrderRequest & { accountId?: string }) {
  const { accountId = PAPER_ACCOUNT_ID, ...order } = request;
  const venue = venues.find((v) => v.accountId === accountId);
  if (!venue) return fail('not_found', 'No such trading account. Pick one in the account selector.');
  return venue.placeOrder(userId, order);
}
