import { domainEvent, type DomainEvent } from '../events/domain-events';
import type { IdGenerator } from '../ports/ids.port';
import type { Decision } from './engine';
import type { Order } from '../trading/order';

/** The `agent` field of an order's events: the token's name when an agent token placed the order (consumers of XP skip those). */
export const agentOf = (order: Pick<Order, 'agent'>): { agent?: string } => (order.agent ? { agent: order.agent } : {});

/**
 * The events an order's booking reports, each with a new event id; they are written with the change itself
 * (docs/architecture.md, "Events"). A fill reports OrderFilled, and PositionClosed for every position it takes to zero.
 */
export function orderEvents(ids: IdGenerator, userId: string, order: Order, decision: Decision, at: string, opts: { placed: boolean }): DomainEvent[] {
  const events: DomainEvent[] = [];
  if (opts.placed) {
    events.push(
      domainEvent(
        'OrderPlaced',
        {
          userId,
          orderId: order.orderId,
          clientOrderId: order.clientOrderId,
          type: order.type,
          legs: order.legs.map((l) => ({ contract: l.contract, side: l.side, quantity: l.quantity })),
          strategy: order.strategy,
          status: decision.kind === 'fill' ? 'filled' : 'open',
          placedAt: order.createdAt,
          ...agentOf(order),
        },
        ids.newId(),
      ),
    );
  }
  if (decision.kind !== 'fill') return events;
  events.push(
    domainEvent(
      'OrderFilled',
      {
        userId,
        orderId: order.orderId,
        clientOrderId: order.clientOrderId,
        strategy: order.strategy,
        legs: decision.fills.map((f) => ({ contract: f.contract, side: f.side, quantity: f.quantity, price: f.price })),
        netAmount: decision.totalCost,
        filledAt: at,
        ...agentOf(order),
      },
      ids.newId(),
    ),
  );
  for (const c of decision.changes) {
    if (c.before && !c.after) {
      const fill = decision.fills.find((f) => f.contract === c.symbol);
      events.push(
        domainEvent(
          'PositionClosed',
          { userId, contract: c.symbol, quantity: Math.abs(c.before.quantity), realizedPnl: fill?.realizedPnl ?? 0, closedAt: at, ...agentOf(order) },
          ids.newId(),
        ),
      );
    }
  }
  return events;
}
