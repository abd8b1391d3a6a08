import type { ContractType } from '../market/market-data.port';

/** Paper trading (issue 6; spec part 3 §3–§9). Money in US dollars; option prices per share; 100 shares a contract. */
export const CONTRACT_MULTIPLIER = 100;

/** How a marketable order fills: at the far side (buy at ask, sell at bid), at the mid, or the mid plus a share of the half-spread. */
export type FillModel = 'bid-ask' | 'mid' | 'mid-plus';
export type OptionsLevel = 0 | 1 | 2 | 3;
export const STARTING_CAPITALS = [10_000, 25_000, 100_000] as const;
export type StartingCapital = (typeof STARTING_CAPITALS)[number];
export const DEFAULT_STARTING_CAPITAL: StartingCapital = 100_000;

/** At most this many orders rest at once on one paper account. */
export const MAX_OPEN_ORDERS = 100;

export interface AccountSettings {
  optionsLevel: OptionsLevel;
  fillModel: FillModel;
  /** For 'mid-plus': the share of the half-spread paid beyond the mid, 0–1. */
  midShare: number;
  /** Dollars per contract, 0 allowed. */
  commissionPerContract: number;
}

export const DEFAULT_SETTINGS: AccountSettings = { optionsLevel: 2, fillModel: 'bid-ask', midShare: 0.25, commissionPerContract: 0.65 };

export interface PaperAccount {
  userId: string;
  startingCapital: number;
  cash: number;
  /** Realized P&L of the current run, commissions included (the ledger's figure; the portfolio shows it before fees). */
  realizedPnl: number;
  /** Commissions paid in the current run (issue 24: a fee, shown apart from realized P&L); absent on older accounts until their next trade. */
  feesPaid?: number;
  /** Buying power held by resting limit orders. */
  heldForOrders: number;
  /** 1 for the first run; a reset starts the next one and keeps the old one as history. */
  run: number;
  createdAt: string;
  settings: AccountSettings;
  /** New York dates of day trades, one entry per day trade, pruned to the last two weeks. */
  dayTrades: string[];
  /** Equity when the current New York trading day was first seen, for day P&L. */
  sessionStart: { date: string; equity: number } | null;
  /**
   * Resting orders by the session they belong to, kept in every transaction that opens or ends one: the cap on open
   * orders is checked against it atomically, and a read sees day orders whose session has closed without reading them.
   */
  openOrders?: Record<string, number>;
  /** Optimistic-concurrency counter: every change is conditional on it. */
  version: number;
}

export interface Position {
  /** OCC symbol, or the ticker for shares. */
  symbol: string;
  kind: 'option' | 'stock';
  underlying: string;
  optionType?: ContractType;
  strike?: number;
  expiration?: string;
  /** Signed: positive long, negative short. Contracts for options, shares for stock. */
  quantity: number;
  /** Average price per share (per contract share for options). */
  avgPrice: number;
  openedAt: string;
  /** New York date of the latest opening fill, for day-trade counting. */
  openedDate: string;
  /**
   * The strategy the position belongs to: the order of several legs (or named by the builder) that opened it, or the
   * group the learner moved it to. The portfolio shows a strategy's legs together and closes them as one order.
   */
  group?: StrategyGroup | null;
  /** The name of the learner's agent token whose order opened it (absent when the learner opened it), as on that order. */
  agent?: string;
  version: number;
}

export interface StrategyGroup {
  /** The opening order's id, or a new id when the learner makes a group. */
  id: string;
  name: string;
}

/** A line of the portfolio's activity list. */
export interface Activity {
  id: string;
  at: string;
  kind:
    | 'fill'
    | 'expired_worthless'
    | 'exercised'
    | 'assigned'
    | 'cash_settled'
    | 'auto_closed'
    | 'forced_sale'
    | 'order_canceled'
    | 'order_expired'
    | 'account_reset'
    | 'account_opened';
  text: string;
  symbol?: string;
  cashDelta: number;
  /** P&L realized by closing positions, before fees: an opening trade realizes nothing. */
  realizedPnl: number;
  /** Commission paid, shown as a fee (issue 24); the account's realized P&L is net of it. */
  fee?: number;
  orderId?: string;
  /** The name of the learner's agent token that did it (the Agent API); absent when the learner did. */
  agent?: string;
}
