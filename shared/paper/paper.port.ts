import type { ComplianceCheck } from '../compliance/checks';
import type { SiteCounter } from '../ports/site-stats.port';
import type { DomainEvent } from '../events/domain-events';
import type { PositionChange } from './engine';
import type { Activity, PaperAccount, Position } from './types';
import type { AgentOrderCount, Order, OrderStatus, Quote } from '../trading/order';

/**
 * Where the paper account keeps its state. Every change is one conditional transaction (docs/architecture.md, "Data
 * model"), and the domain events that report it are written in that same transaction (the outbox), so an event
 * exists exactly when its change does.
 */
export interface AccountChange {
  /** The account as read (its version is the condition) and as it should become. */
  account: { expectedVersion: number; next: PaperAccount };
  /** A new order guarded by its client order id, or an existing one moving from an expected status. */
  order?: { next: Order; expected: OrderStatus | 'new' };
  positions?: readonly PositionChange[];
  activity?: readonly Activity[];
  /** The compliance checks of the order, logged in the same transaction. */
  compliance?: readonly ComplianceLogEntry[];
  /** Site statistics to add to, in the same transaction (the learner's shard of the counters). */
  counters?: Partial<Record<SiteCounter, number>>;
  /** The events reporting this change, written as outbox items in the same transaction. */
  events?: readonly DomainEvent[];
  /** An agent token's new order: one more of its minute, counted in the same transaction unless the minute is full. */
  agentCount?: AgentOrderCount;
}

export interface AccountReset {
  expectedVersion: number;
  next: PaperAccount;
  clear: readonly Position[];
  activity: Activity;
  events: readonly DomainEvent[];
}

/** `limited`: the agent token's minute was full (`agentCount`), nothing was written. */
export type CommitResult = 'ok' | 'conflict' | 'duplicate' | 'limited';

export interface ComplianceLogEntry {
  compliance_type: string;
  check_result: 'passed' | 'warning' | 'failed';
  details: Record<string, unknown>;
  action_taken: 'approved' | 'blocked';
  trade_date: string;
  created_at: string;
}

export interface DisclosureAck {
  disclosure_type: string;
  disclosure_version: string;
  acknowledged_at: string;
}

export interface PaperAccountRepository {
  getAccount(userId: string): Promise<PaperAccount | null>;
  /** Creates the account; false when one exists already. */
  createAccount(account: PaperAccount, activity: Activity, events: readonly DomainEvent[]): Promise<boolean>;
  getPositions(userId: string): Promise<Position[]>;
  /** The account and its positions in one consistent read (what every order needs). */
  getAccountAndPositions(userId: string): Promise<{ account: PaperAccount | null; positions: Position[] }>;
  getOrder(userId: string, orderId: string): Promise<Order | null>;
  getOrderByClientId(userId: string, clientOrderId: string): Promise<Order | null>;
  listOrders(userId: string, opts?: { status?: OrderStatus; limit?: number }): Promise<Order[]>;
  listActivity(userId: string, limit: number): Promise<Activity[]>;
  commit(userId: string, change: AccountChange): Promise<CommitResult>;
  /** Starts a new run: the old positions leave the book, orders and activity stay as history. */
  reset(userId: string, change: AccountReset): Promise<CommitResult>;
  logCompliance(userId: string, entries: readonly ComplianceLogEntry[]): Promise<void>;
  complianceLog(userId: string, fromDate: string): Promise<ComplianceLogEntry[]>;
  acknowledge(userId: string, ack: DisclosureAck): Promise<void>;
  disclosures(userId: string): Promise<DisclosureAck[]>;
  /** Users with open orders, and users holding options expiring on a date (for the scheduled jobs). */
  usersWithOpenOrders(): Promise<string[]>;
  usersWithExpiringPositions(date: string): Promise<string[]>;
}

/** An underlying's price and the instant it refers to (ISO). */
export interface UnderlyingQuote {
  price: number;
  asOf: string;
}

/** Quotes for orders and marks, from the latest stored chain (or the simulated market). */
export interface QuoteSource {
  quotes(contracts: readonly string[]): Promise<Map<string, Quote>>;
  underlyingPrices(underlyings: readonly string[]): Promise<Map<string, number>>;
  /** The same prices with the instant each refers to, for a share order that must fill at a session's own price. */
  underlyingQuotes(underlyings: readonly string[]): Promise<Map<string, UnderlyingQuote>>;
  /** The underlying's close on a New York date, for settling an expiry. */
  closeOn(underlying: string, date: string): Promise<number | undefined>;
  /** An option contract's close on a New York date (its daily bar), for Day P&L's baseline. */
  contractCloseOn(contract: string, date: string): Promise<number | undefined>;
}

export type { ComplianceCheck };
