import type { CompetitionTrade } from './debrief';

/**
 * The entrants' competition paper accounts as the season's use cases see them (issue 39): join opens one, the board and
 * the close read each one's equity and trades. The accounts themselves are paper accounts kept apart from the learner's
 * own (account.ts), traded through the one order path (POST /api/orders with the account's id); this port is how the
 * season side reaches them without knowing how they are stored.
 */
export interface CompetitionAccountSnapshot {
  seasonId: string;
  /** Cash plus the open positions at their marks (the paper account's own valuation). */
  equity: number;
  cash: number;
  startingCapital: number;
  /** One per opening order, with its plan; realized P&L after commissions. */
  trades: CompetitionTrade[];
  /** The instant the marks refer to (ISO). */
  asOf: string;
}

export interface CompetitionAccounts {
  /**
   * Opens the learner's competition account for the season, at the learner's own options trading level (read from
   * their paper account); an account that exists already is kept as it is (a retried join changes nothing).
   */
  open(userId: string, seasonId: string, at: string): Promise<void>;
  /** The account's equity and trades, read only; null when the learner has no account in the season. */
  snapshot(userId: string, seasonId: string): Promise<CompetitionAccountSnapshot | null>;
  /**
   * The paper account's maintenance on the competition account (orders that may fill now fill, expired contracts
   * settle), then its snapshot. For the season's scheduled jobs only, never a read route.
   */
  maintain(userId: string, seasonId: string): Promise<CompetitionAccountSnapshot | null>;
}
