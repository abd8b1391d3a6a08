import type { Side } from './book';
import type { DemoAccount, DemoOrder, DemoPosition, DemoSettlement, PositionChange } from './demo-account';

/**
 * Where the demo accounts keep their state: each learner's items in their own partition (so the export and the account
 * deletion cover them), every change of money one conditional transaction: the account's version, a new order's
 * client id, a position's version, a settlement written once.
 */
export interface DemoAccountChange {
  /** The account as read (version 0: not stored yet, created by this change) and as it becomes. */
  account: { expectedVersion: number; next: DemoAccount };
  /** A new order guarded by its client id, or a resting one changing (guarded by its status). */
  order?: { next: DemoOrder; expected: 'new' | 'resting' };
  positions?: readonly PositionChange[];
  /** Settlement records, each written once per (market, side): a second settlement of a position fails as a duplicate. */
  settlements?: readonly DemoSettlement[];
  /** Contracts traded in a market, added to its volume. */
  volume?: { marketId: string; count: number };
}

export interface DemoAccountReset {
  expectedVersion: number;
  next: DemoAccount;
  /** Resting bids as they become (canceled), guarded by their status. */
  cancel: readonly DemoOrder[];
  /** Positions cleared. */
  clear: readonly DemoPosition[];
}

/** `duplicate`: the client id, a resting order's status or a settlement was already written; nothing was. */
export type CommitResult = 'ok' | 'conflict' | 'duplicate';

/** A position found through its market's expiry (the holders of one expiry's markets). */
export interface Holding {
  userId: string;
  marketId: string;
  side: Side;
}

/** A resting bid found across learners, with the expiry of its market (so one making's bids are found without reading each order). */
export interface RestingRef {
  userId: string;
  orderId: string;
  closesAt: string;
  underlying: string;
  expiration: string;
}

export interface DemoAccountRepository {
  /** The account (null before the first order or reset) and its positions, in one consistent read. */
  load(userId: string): Promise<{ account: DemoAccount | null; positions: DemoPosition[] }>;
  getOrder(userId: string, orderId: string): Promise<DemoOrder | null>;
  getOrderByClientId(userId: string, clientOrderId: string): Promise<DemoOrder | null>;
  /** Newest first, at most `limit`. */
  listOrders(userId: string, limit: number): Promise<DemoOrder[]>;
  restingOrders(userId: string): Promise<DemoOrder[]>;
  /** Newest first, at most `limit`. */
  listSettlements(userId: string, limit: number): Promise<DemoSettlement[]>;
  commit(userId: string, change: DemoAccountChange): Promise<CommitResult>;
  reset(userId: string, change: DemoAccountReset): Promise<CommitResult>;
  /** Every position in the markets of one underlying's expiry, without reading anyone else's items. */
  holders(underlying: string, expiration: string): Promise<Holding[]>;
  /** Every resting bid of every learner, earliest close first. */
  allResting(): Promise<RestingRef[]>;
}

/** Contracts traded by learners per market (the list's volume column). */
export interface MarketVolumes {
  volumeOf(marketIds: readonly string[]): Promise<Map<string, number>>;
}
