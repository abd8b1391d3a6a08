import { domainEvent } from '../../events/domain-events';
import { ok, type Result } from '../../result';
import { describeOrder } from '../describe';
import { cents } from '../../kernel/money';
import { countOpenOrder } from '../open-orders';
import { accountChanged, noAccount, noSuchOrder, orderNotOpen } from '../paper.errors';
import type { Order } from '../../trading/order';
import type { PaperDeps } from './deps';
import { retryOnConflict, RETRY } from './retry';

/** Cancels an open order at the learner's request (or their agent token's, named), releasing the buying power it held. */
export async function cancelOrder(deps: PaperDeps, userId: string, orderId: string, agent?: string): Promise<Result<Order>> {
  const order = await deps.repo.getOrder(userId, orderId);
  if (!order) return noSuchOrder();
  if (order.status !== 'open') return orderNotOpen(order.status);
  return agent
    ? endOpenOrder(deps, userId, order, 'canceled', `Canceled by your agent '${agent}'.`, agent)
    : endOpenOrder(deps, userId, order, 'canceled', 'Canceled by you.');
}

/** Ends a resting order without a fill (canceled, or expired at its session's close), releasing its hold. */
export function endOpenOrder(
  deps: PaperDeps,
  userId: string,
  order: Order,
  status: 'canceled' | 'expired',
  reason: string,
  /** The agent token that canceled it, by name. */
  agent?: string,
): Promise<Result<Order>> {
  return retryOnConflict(
    async () => {
      const account = await deps.repo.getAccount(userId);
      if (!account) return noAccount();
      const at = deps.clock.now().toISOString();
      const next: Order = { ...order, status, held: 0, reason, ...(status === 'canceled' ? { canceledAt: at } : { expiredAt: at }) };
      const result = await deps.repo.commit(userId, {
        account: {
          expectedVersion: account.version,
          next: {
            ...account,
            heldForOrders: cents(Math.max(0, account.heldForOrders - order.held)),
            openOrders: countOpenOrder(account, order.session, -1),
            version: account.version + 1,
          },
        },
        order: { next, expected: 'open' },
        activity: [
          {
            id: deps.ids.newId(),
            at,
            kind: status === 'canceled' ? 'order_canceled' : 'order_expired',
            orderId: order.orderId,
            cashDelta: 0,
            realizedPnl: 0,
            text: `${status === 'canceled' ? (agent ? `Canceled by agent '${agent}'` : 'Canceled') : 'Expired'}: ${describeOrder(order)}.`,
            ...(agent ? { agent } : {}),
          },
        ],
        events: [domainEvent('OrderEnded', { userId, orderId: order.orderId, status, reason, at, ...(agent ? { agent } : {}) }, deps.ids.newId())],
      });
      if (result === 'ok') return ok(next);
      if (result === 'duplicate') return orderNotOpen();
      return RETRY;
    },
    () => accountChanged('while the order was being updated'),
    deps.backoff,
  );
}
