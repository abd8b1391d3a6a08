import type { Result } from '../result';
import type { Order, OrderRequest, OrderStatus, PlacedOrder } from './order';
import type { AccountSummary } from './trading.api';

/**
 * Where an order goes: the paper account, or the learner's broker (Alpaca). POST /api/orders, DELETE /api/orders/{id}
 * and GET /api/orders are one handler and one use case each (shared/trading/) whatever account the learner trades;
 * each venue decides and books the order its own way and answers in trading's vocabulary (shared/trading/order.ts).
 */
export interface OrderVenue {
  /** The account id the learner picks in the account selector: 'paper', or a broker account's id. */
  readonly accountId: string;
  /** The account as the selector lists it; null when the learner has not set it up yet. */
  summary(userId: string): Promise<AccountSummary | null>;
  /**
   * `request.agent` names the learner's agent token that placed it (admitted by shared/trading/agent-orders.ts);
   * `request.agentCount`, the token's count of orders this minute, is booked with the order or the order is refused.
   */
  placeOrder(userId: string, request: OrderRequest): Promise<Result<PlacedOrder>>;
  /** `agent`: the name of the learner's agent token that cancels it, when a token does. */
  cancelOrder(userId: string, orderId: string, agent?: string): Promise<Result<Order>>;
  /** The account's orders, newest first, as stored (a read: it changes nothing, a broker's are those of its last sync). */
  listOrders(userId: string, status?: OrderStatus): Promise<Result<Order[]>>;
}

export const PAPER_ACCOUNT_ID = 'paper';
