/**
 * A frozen year of one underlying's daily history for the course's market-analysis lessons (issue 17; the daily
 * summary of issue 22 in miniature): made by tools/learning-snapshot/make-history.ts from the simulated market's own
 * price path and volatility surface (shared/market/simulated-market.ts closePrice and dayVolLevel,
 * shared/market/vol-surface.ts atmVol), without pricing past chains, and committed, so a lesson's IV rank, realized
 * volatility and moving averages are computed from data of a stated date, never typed.
 */
export interface PriceHistory {
  underlying: string;
  /** The last trading session of the series (YYYY-MM-DD, New York): the same session as the course's chain snapshot. */
  session: string;
  /** Where the data comes from, shown beside every figure taken from it. */
  source: string;
  /** What each column means (shown in the lessons). */
  definitions: { close: string; iv30: string; iv90: string };
  /** Trading days, oldest first, ending with `session`. */
  days: HistoryDay[];
}

export interface HistoryDay {
  /** YYYY-MM-DD, a New York trading day. */
  date: string;
  /** The session's closing price. */
  close: number;
  /** 30-day constant-maturity at-the-money implied volatility at the close (0.15 = 15%). */
  iv30: number;
  /** 90-day constant-maturity at-the-money implied volatility at the close. */
  iv90: number;
}
