import { newYorkDate } from '../market/dates';

/**
 * The competition score (issue 39): risk-adjusted, never raw return, and a function of the competition account's daily
 * closing equity alone. Winner-take-all stock games reward variance, leverage and churn (Tony Isola, "Confessions of a
 * Stock Market Game Winner", 2015, on state-game winners' margin and churn; Barber and Odean, "Trading Is Hazardous to
 * Your Wealth", Journal of Finance 2000), so:
 *
 *   R = (final equity − starting capital) / starting capital
 *   D = the largest fall of the daily closing equity from an earlier high (the starting capital counts as the first
 *       high), in dollars, divided by the starting capital
 *   score = R / max(D, 2%)   when R > 0
 *   score = R / 2%           when R ≤ 0 (a loss is never made to look better by a deeper fall on the way)
 *
 * Both R and D are shares of the same starting capital, so scaling every position by k scales both by k and leaves the
 * score unchanged while D is above the floor: size does not win. The number of trades appears nowhere.
 */
export const SCORE_RULE = {
  /** A drawdown below this share of the starting capital counts as this: one tiny dip cannot make a huge score. */
  drawdownFloor: 0.02,
  /** Ranked only with at least this many closed trades… */
  minClosedTrades: 5,
  /** …closed on at least this many different trading days (New York dates). */
  minTradingDays: 3,
} as const;

/** One trading day's closing equity of the competition account, after the settle job (marks at the close). */
export interface EquityPoint {
  date: string;
  equity: number;
}

export interface Drawdown {
  /** Dollars, positive. */
  amount: number;
  /** Share of the starting capital. */
  fraction: number;
  /** The day of the high it fell from; null for the starting capital (before the first day). */
  peakDate: string | null;
  /** The day of the lowest close below that high. */
  troughDate: string;
}

export interface ScoreFigures {
  startingCapital: number;
  finalEquity: number;
  /** R: share of the starting capital gained (negative for a loss). */
  return: number;
  /** The largest fall, or null when the equity never closed below an earlier high. */
  maxDrawdown: Drawdown | null;
  /** What R is divided by: max(D, floor) for a gain, the floor otherwise. */
  divisor: number;
  /** True when the floor, not the drawdown, is the divisor. */
  floorApplied: boolean;
  /** Rounded to 4 decimals; ranks compare this figure, so equal rounded scores tie. */
  score: number;
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000 + 0;

/**
 * The score of an equity path: the closing equity of each trading day, oldest first (sorted here by date), starting
 * from `startingCapital`. An empty path (no day closed yet) scores 0.
 */
export function scoreOf(startingCapital: number, path: readonly EquityPoint[]): ScoreFigures {
  if (!(startingCapital > 0)) throw new Error('scoreOf: the starting capital must be positive');
  const days = [...path].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let peak = startingCapital;
  let peakDate: string | null = null;
  let worst: Drawdown | null = null;
  for (const { date, equity } of days) {
    if (equity > peak) {
      peak = equity;
      peakDate = date;
      continue;
    }
    const amount = peak - equity;
    if (amount > 0 && (!worst || amount > worst.amount)) worst = { amount, fraction: amount / startingCapital, peakDate, troughDate: date };
  }
  const finalEquity = days.length ? days[days.length - 1]!.equity : startingCapital;
  const R = (finalEquity - startingCapital) / startingCapital;
  const floor = SCORE_RULE.drawdownFloor;
  const D = worst?.fraction ?? 0;
  const divisor = R > 0 ? Math.max(D, floor) : floor;
  return { startingCapital, finalEquity, return: R, maxDrawdown: worst, divisor, floorApplied: divisor === floor && D < floor, score: round4(R / divisor) };
}

/** What the minimum-sample rule counts: closed trades, and the New York dates they closed on. */
export interface Sample {
  closedTrades: number;
  tradingDays: number;
}

/** The sample of a list of trades: only closed ones count, each on the New York date it closed. */
export function sampleOf(trades: readonly { closedAt: string | null }[]): Sample {
  const closed = trades.filter((t): t is { closedAt: string } => t.closedAt !== null);
  return { closedTrades: closed.length, tradingDays: new Set(closed.map((t) => newYorkDate(t.closedAt))).size };
}

export interface Eligibility {
  ranked: boolean;
  /** What is still missing to be ranked (0 when nothing). */
  needs: { closedTrades: number; tradingDays: number };
  /** The line the board shows beside an unranked entrant; null when ranked. */
  note: string | null;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The minimum-sample rule: ranked with at least 5 closed trades over at least 3 trading days. An unranked entrant is
 * shown with what they still need ("Not ranked yet: needs 2 more closed trades, on 1 more trading day."), or once the
 * season has closed, with what they had ("Not ranked: 3 closed trades on 2 trading days; ranking needs 5 closed trades
 * on at least 3 trading days.").
 */
export function eligibility(sample: Sample, closed = false): Eligibility {
  const trades = Math.max(0, SCORE_RULE.minClosedTrades - sample.closedTrades);
  const days = Math.max(0, SCORE_RULE.minTradingDays - sample.tradingDays);
  if (trades === 0 && days === 0) return { ranked: true, needs: { closedTrades: 0, tradingDays: 0 }, note: null };
  const needs = { closedTrades: trades, tradingDays: days };
  if (closed) {
    const had = `${plural(sample.closedTrades, 'closed trade', 'closed trades')} on ${plural(sample.tradingDays, 'trading day', 'trading days')}`;
    return {
      ranked: false,
      needs,
      note: `Not ranked: ${had}; ranking needs ${SCORE_RULE.minClosedTrades} closed trades on at least ${SCORE_RULE.minTradingDays} trading days.`,
    };
  }
  const moreDays = plural(days, 'more trading day', 'more trading days');
  const what =
    trades > 0 && days > 0
      ? `${plural(trades, 'more closed trade', 'more closed trades')}, on ${moreDays}`
      : trades > 0
        ? plural(trades, 'more closed trade', 'more closed trades')
        : `trades closed on ${moreDays}`;
  return { ranked: false, needs, note: `Not ranked yet: needs ${what}.` };
}
