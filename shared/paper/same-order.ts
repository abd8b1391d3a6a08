import type { Order, OrderRequest } from '../trading/order';

/**
 * Whether a request is the order already booked under its client order id: the same legs (contract, side, quantity,
 * in order), type and limit. A retry is; a different order reusing the id is not, and is refused (issue 16).
 */
export function isSameOrder(order: Pick<Order, 'type' | 'limitPrice' | 'legs'>, request: Pick<OrderRequest, 'type' | 'limitPrice' | 'legs'>): boolean {
  if (order.type !== request.type) return false;
  if (request.type === 'limit' && order.limitPrice !== (request.limitPrice ?? null)) return false;
  if (order.legs.length !== request.legs.length) return false;
  return order.legs.every((l, i) => {
    const r = request.legs[i]!;
    return l.contract.toUpperCase() === r.contract.toUpperCase() && l.side === r.side && l.quantity === r.quantity;
  });
}
