import { isExpired } from '../../market/expiry-status';
import { describe, describeOrder } from '../describe';
import type { PortfolioView } from '../paper.api';
import { sessionOf } from '../session';
import type { Order, Position } from '../types';

/**
 * What the settle job has yet to do for an account, as a read shows it: a read never changes state
 * (docs/architecture.md, "Reads do not write"), so an option that has expired or a day order whose session closed
 * stays as it is until the job's next run (weekdays 18:30 New York, and whenever new quotes arrive).
 */
export function pendingWork(positions: readonly Position[], openOrders: readonly Order[], now: Date): PortfolioView['pending'] {
  const session = sessionOf(now);
  return [
    ...positions
      .filter((p) => p.kind === 'option' && p.expiration && isExpired(p.expiration, now))
      .map((p) => ({
        kind: 'settlement' as const,
        text: `${describe(p.symbol)} has expired; it settles at the expiry day's closing price in the next settlement run.`,
      })),
    ...openOrders
      .filter((o) => o.status === 'open' && o.session < session)
      .map((o) => ({
        kind: 'order_expiry' as const,
        text: `${describeOrder(o)}: a day order that did not fill expires at the close; its buying power is released in the next settlement run.`,
      })),
  ];
}
