import { agentNameInWords } from '../agent/token';
import { contractName } from '../format/options';
import { parseOcc } from '../market/occ';
import { formatUsd } from '../format/money';
import type { Order } from '../trading/order';

/** "SPY Nov 27, 2026 $600 Call" for an OCC symbol: the one contract name of every screen (shared/format/options.ts). */
export function describe(symbol: string): string {
  const o = parseOcc(symbol);
  return o ? contractName(o) : symbol;
}

/** "Iron Condor (buy 1 …, sell 1 …), limit at $1.20 credit": an order in the activity list's words. */
export function describeOrder(order: Pick<Order, 'legs' | 'type' | 'limitPrice' | 'strategy'>): string {
  const legs = order.legs.map((l) => `${l.side} ${l.quantity} ${describe(l.contract)}`).join(', ');
  const limit =
    order.limitPrice !== null
      ? ` at ${formatUsd(Math.abs(order.limitPrice))}${order.legs.length > 1 ? (order.limitPrice >= 0 ? ' debit' : ' credit') : ''}`
      : '';
  return `${order.strategy ? `${order.strategy} (${legs})` : legs}, ${order.type}${limit}`;
}

/** An activity line of an order an agent token placed ends "… — placed by agent 'NAME'."; the learner's own are unchanged. */
export function byAgent(text: string, agent: string | undefined): string {
  return agent ? `${text.replace(/\.$/, '')} — ${agentNameInWords(agent)}.` : text;
}
