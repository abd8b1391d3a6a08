import { domainEvent, type DomainEvent } from '../events/domain-events';
import { orderCost } from '../paper/order-cost';
import type { IdGenerator } from '../ports/ids.port';
import type { BrokerOrderRecord } from './broker.port';
import type { BrokerEnvironment } from './credentials-form';

/**
 * The domain events of an order filled on the learner's Alpaca account: the same OrderPlaced and OrderFilled the paper
 * account publishes (shared/paper/paper.events.ts), marked `live` with the broker and environment, so the journal and
 * the statistics can keep live trades apart from paper ones. null while the order has not filled.
 */
export function liveFillEvents(ids: IdGenerator, userId: string, environment: BrokerEnvironment, order: BrokerOrderRecord): DomainEvent[] | null {
  if (order.status !== 'filled' || order.filled_avg_price === null) return null;
  const live = { broker: 'alpaca' as const, environment };
  const units = order.filled_qty;
  const legs = order.legs.length
    ? order.legs.map((l) => ({
        contract: l.symbol,
        side: l.side === 'sell' ? ('sell' as const) : ('buy' as const),
        quantity: l.ratio_qty * units,
        price: l.filled_avg_price ?? 0,
      }))
    : [{ contract: order.symbol, side: order.side === 'sell' ? ('sell' as const) : ('buy' as const), quantity: units, price: order.filled_avg_price }];
  // Cash paid (positive) or received (negative): an mleg's average is already the signed net price per unit.
  const perUnit = order.legs.length ? order.filled_avg_price : order.side === 'sell' ? -order.filled_avg_price : order.filled_avg_price;
  const at = order.filled_at ?? order.submitted_at ?? new Date(0).toISOString();
  const clientOrderId = order.client_order_id.replace(/^oa-/, '') || order.alpaca_order_id;
  return [
    domainEvent(
      'OrderPlaced',
      {
        userId,
        orderId: order.alpaca_order_id,
        clientOrderId,
        type: order.order_type === 'limit' ? 'limit' : 'market',
        legs: legs.map(({ price: _p, ...l }) => l),
        strategy: order.strategy,
        status: 'filled',
        placedAt: order.submitted_at ?? at,
        live,
      },
      ids.newId(),
    ),
    domainEvent(
      'OrderFilled',
      {
        userId,
        orderId: order.alpaca_order_id,
        clientOrderId,
        strategy: order.strategy,
        legs,
        netAmount: orderCost([{ side: 'buy', quantity: units, price: perUnit }], 0).totalCost,
        filledAt: at,
        live,
      },
      ids.newId(),
    ),
  ];
}
