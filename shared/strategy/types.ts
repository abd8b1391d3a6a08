import type { OptionType } from '../pricing';

/**
 * Shapes of the strategy domain (spec part 3 §3–§5). Money in US dollars; premiums per share;
 * 100 shares a contract; dates 'YYYY-MM-DD' (New York trading dates).
 */
export type Action = 'buy' | 'sell';
export type { OptionType };

/** One leg of a strategy as the builder holds it. */
export interface StrategyLeg {
  action: Action;
  optionType: OptionType;
  strike: number;
  /** Per share, what the leg was (or would be) traded at. */
  premium: number;
  /** Contracts per lot: the leg's share of the ratio (a 1×2 ratio spread has 1 and 2). */
  quantity: number;
  /** YYYY-MM-DD */
  expiration: string;
  underlying: string;
  contractTicker?: string;
  /** Unknown is null or absent, never 0. */
  openInterest?: number | null;
  volume?: number | null;
  /** Annualised implied volatility (0.25 = 25%), used to value the leg before its expiry. */
  iv?: number | null;
}

/** Expiry figures for one lot of the strategy, in dollars (premium × quantity × 100). */
export interface ExpiryAnalysis {
  /** Best P&L; Infinity when unlimited. */
  maxProfit: number;
  /** Worst P&L (negative for a loss); -Infinity when unlimited. */
  maxLoss: number;
  /** Prices where the P&L is zero, ascending. */
  breakevens: number[];
  /** Cash at the opening: positive = credit received, negative = debit paid. */
  netPremium: number;
}

/** Interest rate and dividend yield, continuously compounded (0.04 = 4%). */
export interface Rates {
  r: number;
  q: number;
}
