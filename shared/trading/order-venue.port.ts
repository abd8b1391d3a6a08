import type { AccountSummary } from '../paper/paper.api';
import type { Order, OrderRequest } from '../paper/types';
import type { PlacedOrder } from '../paper/use-cases/place-order';
import type { Result } from '../result';

/**
 * Where an order goes: the paper account now, the learner's broker (Alpaca) next. POST /api/orders is one handler and
 * one use case (shared/trading/place-order.ts) whatever account the learner trades; each venue decides and books the
 * order its own way and answers in the same shape.
 */
export interface OrderVenue {
  /** The account id the learner picks in the account selector: 'paper', or a broker account's id. */
  readonly accountId: string;
  /** The account as the selector lists it; null when the learner has not set it up yet. */
  summary(userId: string): Promise<AccountSummary | null>;
  placeOrder(userId: string, request: OrderRequest): Promise<Result<PlacedOrder>>;
  cancelOrder(userId: string, orderId: string): Promise<Result<Order>>;
}

export const PAPER_ACCOUNT_ID = 'paper';
