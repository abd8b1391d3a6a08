import type { ComplianceCheck } from '../compliance/checks';

/**
 * The order vocabulary every venue speaks (the paper account and a broker alike): what the learner asks for, the order
 * as the screens show it, and the answer to a placement. Option prices are per share; a leg's quantity is contracts.
 */
export type Side = 'buy' | 'sell';
export type OrderType = 'market' | 'limit';
export type OrderStatus = 'open' | 'filled' | 'canceled' | 'expired';
/**
 * What an order placed while the market is closed does: wait for the next session and fill at its prices (what a
 * broker does), or fill at once at the last close as a practice shortcut that is labelled as such.
 */
export type WhenClosed = 'next-session' | 'last-close';

/** An order has at most this many legs. */
export const MAX_ORDER_LEGS = 4;

export interface OrderLegInput {
  /** OCC symbol. */
  contract: string;
  side: Side;
  quantity: number;
}

export interface OrderRequest {
  clientOrderId: string;
  type: OrderType;
  /**
   * Per unit, in dollars per share. Single leg: the most to pay (buy) or least to take (sell).
   * Several legs: the net price of one unit of the ratio, positive for a net debit, negative for a net credit.
   */
  limitPrice?: number;
  timeInForce: string;
  legs: OrderLegInput[];
  /** The strategy the builder placed, e.g. 'Iron Condor' (for the journal and the statistics). */
  strategy?: string;
  /**
   * A closing order: each leg must reduce a position the account holds, by no more than it holds. Decided against
   * the positions at the moment it is booked, so two overlapping closes can never cross zero.
   */
  reduceOnly?: boolean;
  /** Placed while the market is closed: wait for the next session (the default) or fill at the last close. */
  whenClosed?: WhenClosed;
  /**
   * The name of the learner's agent token that placed it (the Agent API), set by the server from the verified token and
   * never taken from a request body (the order body's schema has no such field).
   */
  agent?: string;
  /**
   * Set by the server with `agent` (shared/trading/agent-orders.ts): the token's count of orders this minute, added to
   * in the same transaction that books the order, on the condition that the minute is not full. Never from a body.
   */
  agentCount?: AgentOrderCount;
}

/**
 * One more order of an agent token's minute: counted only while fewer than `limit` are (the Agent API's orders a minute
 * per token). `name` and `retryAfter` word the refusal when the minute is full; `expiresAt` (epoch seconds) is when the
 * minute's count may be deleted.
 */
export interface AgentOrderCount {
  tokenId: string;
  name: string;
  minute: string;
  limit: number;
  expiresAt: number;
  retryAfter: number;
}

/** The quote a fill used, recorded with the fill. */
export interface Quote {
  contract: string;
  bid: number | null;
  ask: number | null;
  last: number | null;
  mark: number | null;
  asOf: string;
  underlyingPrice: number;
  delta?: number | null;
  gamma?: number | null;
  theta?: number | null;
  vega?: number | null;
  rho?: number | null;
  impliedVolatility?: number | null;
}

export interface Fill {
  contract: string;
  side: Side;
  quantity: number;
  price: number;
  commission: number;
  effect: 'open' | 'close' | 'close-and-open';
  realizedPnl: number;
  quote: Quote;
}

export interface Order {
  orderId: string;
  clientOrderId: string;
  type: OrderType;
  limitPrice: number | null;
  timeInForce: 'day';
  legs: OrderLegInput[];
  strategy: string | null;
  status: OrderStatus;
  createdAt: string;
  /** New York trading date the order was placed on; a day order expires at that day's close. */
  session: string;
  filledAt: string | null;
  canceledAt: string | null;
  expiredAt: string | null;
  fills: Fill[];
  /** Net price per unit (positive debit, negative credit), when filled. */
  netPrice: number | null;
  /** Cash paid (positive) or received (negative), commissions included, when filled. */
  totalCost: number | null;
  commission: number;
  /** Buying power this order holds while it rests. */
  held: number;
  underlyings: string[];
  run: number;
  /** Why an open order ended, when not by a fill. */
  reason: string | null;
  /**
   * An open order placed while the market was closed, queued for its session: it is decided at that session's first
   * quotes, not before (absent on orders placed while the market was open).
   */
  queued?: boolean;
  /** A closing order (reduce-only): checked again against the positions when a queued one fills. */
  reduceOnly?: boolean;
  /** How the fill was made when that is not the session's own prices, e.g. "Filled at Friday's close (practice shortcut — the market was closed)". */
  fillNote?: string | null;
  /** Placed by the learner's agent token of this name (absent when the learner placed it): "placed by agent 'NAME'". */
  agent?: string;
}

/** The answer to a placement: the order (filled, resting or replayed) and the pre-trade checks it met. */
export interface PlacedOrder {
  order: Order;
  checks: ComplianceCheck[];
  /** What happened because the market is closed (queued for the next session, or filled by the practice shortcut). */
  note?: string;
}
