import { isExpired } from '../../market/expiry-status';
import { describe } from '../describe';
import { staleOpenOrders } from '../open-orders';
import type { PortfolioView } from '../paper.api';
import { sessionOf } from '../session';
import type { PaperAccount, Position } from '../types';

/**
 * What the settle job has yet to do for an account, as a read shows it: a read never changes state
 * (docs/architecture.md, "The HTTP API"), so an option that has expired or a day order whose session closed stays as
 * it is until the job's next run (weekdays 18:30 New York, and whenever new quotes arrive). Read from the account and
 * its positions alone, so a read costs the same with a hundred resting orders as with none.
 */
export function pendingWork(account: Pick<PaperAccount, 'openOrders'>, positions: readonly Position[], now: Date): PortfolioView['pending'] {
  const orders = staleOpenOrders(account, sessionOf(now));
  return [
    ...positions
      .filter((p) => p.kind === 'option' && p.expiration && isExpired(p.expiration, now))
      .map((p) => ({
        kind: 'settlement' as const,
        text: `${describe(p.symbol)} has expired; it settles at the expiry day's closing price in the next settlement run.`,
      })),
    ...orders.map(({ session, count }) => ({
      kind: 'order_expiry' as const,
      text: `${count === 1 ? 'A day order' : `${count} day orders`} of ${session} did not fill and ${count === 1 ? 'has' : 'have'} expired; the buying power ${count === 1 ? 'it holds' : 'they hold'} is released in the next settlement run.`,
    })),
  ];
}
