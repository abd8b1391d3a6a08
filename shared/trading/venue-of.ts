import { fail, ok, type Result } from '../result';
import { PAPER_ACCOUNT_ID, type OrderVenue } from './order-venue.port';

export const NO_SUCH_ACCOUNT = 'No such trading account. Pick one in the account selector.';

/** The venue of the account the learner chose: the paper account unless another is named (so older clients keep working). */
export function venueOf(venues: readonly OrderVenue[], accountId: string = PAPER_ACCOUNT_ID): Result<OrderVenue> {
  const venue = venues.find((v) => v.accountId === accountId);
  return venue ? ok(venue) : fail('not_found', NO_SUCH_ACCOUNT);
}
