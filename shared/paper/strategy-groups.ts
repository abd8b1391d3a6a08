import type { PositionChange } from './engine';
import type { Position, StrategyGroup } from './types';
import type { Order } from '../trading/order';

/**
 * Strategy groups (issue 24): the legs an order of several legs opens belong together, under the order's strategy
 * name ('Custom' when the builder gave none); a single-leg order without a strategy name opens a position of its own.
 * A position that already has a group keeps it when another order adds to it.
 */
export function groupOfOrder(order: Pick<Order, 'orderId' | 'strategy' | 'legs'>): StrategyGroup | null {
  if (order.legs.length < 2 && !order.strategy) return null;
  return { id: order.orderId, name: order.strategy ?? 'Custom' };
}

/** The position changes of a fill, with new positions put in the order's group. */
export function withGroups(changes: readonly PositionChange[], group: StrategyGroup | null): PositionChange[] {
  if (!group) return [...changes];
  return changes.map((c) => (c.after && !c.before?.group && !c.after.group ? { ...c, after: { ...c.after, group } } : c));
}

/**
 * The position changes of a fill, with the positions the order opened marked with the agent token that placed it (as
 * the order is): a position the learner opened keeps no mark when a token's order adds to it, nor the reverse.
 */
export function withAgent(changes: readonly PositionChange[], agent: string | undefined): PositionChange[] {
  if (!agent) return [...changes];
  return changes.map((c) => (c.after && !c.before ? { ...c, after: { ...c.after, agent } } : c));
}

export interface StrategyGroupSummary {
  id: string;
  name: string;
  symbols: string[];
}

/** The groups among the positions, in the order their first leg appears. */
export function strategyGroups(positions: readonly Position[]): StrategyGroupSummary[] {
  const groups = new Map<string, StrategyGroupSummary>();
  for (const p of positions) {
    if (!p.group) continue;
    const g = groups.get(p.group.id) ?? { id: p.group.id, name: p.group.name, symbols: [] };
    g.symbols.push(p.symbol);
    groups.set(p.group.id, g);
  }
  return [...groups.values()];
}
