import type { OptionContract } from '../market/chain';

/**
 * A frozen end-of-day chain for the course's worked examples and chain-reading tasks (issue 17): made by
 * tools/learning-snapshot/make-snapshot.ts from the simulated market with the ingestion's own chain builder, and
 * committed, so a lesson's figures are computed from real market data of a stated date, never typed.
 */
export interface ChainSnapshot {
  underlying: string;
  /** The trading session (YYYY-MM-DD, New York) whose close the quotes are. */
  session: string;
  /** ISO instant of the quotes (the session's close). */
  asOf: string;
  underlyingPrice: number;
  /** Continuous risk-free rate and dividend yield the market priced with. */
  r: number;
  q: number;
  exerciseStyle: 'american' | 'european';
  /** Where the data comes from, shown beside every figure taken from it. */
  source: string;
  expiries: { expiration: string; daysToExpiry: number; contracts: OptionContract[] }[];
}
