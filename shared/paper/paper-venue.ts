import type { OrderVenue } from '../trading/order-venue.port';
import { PAPER_ACCOUNT_ID } from '../trading/order-venue.port';
import { paperEquity } from './read-model/portfolio-view';
import { cancelOrder } from './use-cases/cancel-order';
import type { PaperDeps } from './use-cases/deps';
import { placeOrder } from './use-cases/place-order';
import { listOrders } from './read-model/orders-list';
import { ok } from '../result';

/** The paper account as an order venue: virtual money, the product's own fills and compliance rules. */
export function paperVenue(deps: PaperDeps): OrderVenue {
  return {
    accountId: PAPER_ACCOUNT_ID,
    async summary(userId) {
      const equity = await paperEquity(deps, userId);
      if (equity === null) return null;
      return {
        id: PAPER_ACCOUNT_ID,
        name: 'Paper Trading',
        displayName: 'Paper Trading',
        description: 'Virtual money: practise safely',
        mode: 'paper',
        broker: null,
        balance: equity,
        currency: 'USD',
        isConnected: true,
      };
    },
    placeOrder: (userId, request) => placeOrder(deps, userId, request),
    cancelOrder: (userId, orderId, agent) => cancelOrder(deps, userId, orderId, agent),
    listOrders: async (userId, status) => ok(await listOrders(deps, userId, status)),
  };
}
