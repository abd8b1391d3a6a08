import { hasWrittenPlan } from '../journal/entries';
import type { JournalTrade } from '../journal/trades';
import { newYorkDate } from '../market/dates';
import { SCORE_RULE, type Drawdown, type EquityPoint, type Eligibility, type ScoreFigures } from './score';

/** A trade's journal entry as far as its plan goes (the journal's own rule reads it: hasWrittenPlan). */
export type TradePlan = Parameters<typeof hasWrittenPlan>[0];

/** A trade of the competition account, as the journal keeps it (one trade per opening order, however its legs end). */
export interface CompetitionTrade extends Pick<JournalTrade, 'id' | 'strategy' | 'underlying' | 'openedAt' | 'closedAt' | 'realizedPnl'> {
  /** The most it could lose at entry, positive (the journal's entry.maxLoss); null when unlimited. */
  maxLoss: number | null;
  /** Its journal entry's thesis, planned exit and time of writing; null without an entry. */
  plan: TradePlan;
}

export interface DebriefTrade {
  id: string;
  strategy: string;
  underlying: string;
  openedAt: string;
  /** Null: still open when the season closed (its value is in the final equity). */
  closedAt: string | null;
  realizedPnl: number;
  maxLoss: number | null;
  /** maxLoss as a share of the account's equity at the last close before it opened (the starting capital on day one). */
  riskShare: number | null;
  /** A written plan (a thesis and a planned exit) before it closed, or before the season closed for an open trade. */
  planned: boolean;
}

/**
 * The lessons a debrief may link (ids of shared/learning's course; a test checks each exists), and the rule that picks
 * one: the first of these that holds.
 * 1. The biggest risk was above 5% of the account (the course's cap on ALL open risk at once; it sizes one trade to 1%):
 *    position sizing.
 * 2. A trade had no written plan: journaling (write the plan before the trade).
 * 3. The max drawdown reached 10% of the starting capital: expectancy and the risk of ruin.
 * 4. More than 2 closed trades a trading day on average: psychology and overtrading.
 * 5. Not ranked (too few closed trades or days): expectancy (a few trades say little about an edge).
 * 6. Otherwise: the trading plan, the capstone, to keep doing what worked.
 */
export const DEBRIEF_LESSONS = {
  sizing: 'risk_management.position-sizing',
  journaling: 'risk_management.journaling',
  expectancy: 'risk_management.expectancy',
  overtrading: 'risk_management.psychology-overtrading',
  plan: 'risk_management.trading-plan',
} as const;
export const LESSON_RULE = { maxRiskShare: 0.05, maxDrawdown: 0.1, maxTradesPerDay: 2 } as const;

export interface Debrief {
  userId: string;
  seasonId: string;
  trades: DebriefTrade[];
  score: ScoreFigures;
  ranked: boolean;
  /** What the page shows beside an unranked result; null when ranked. */
  note: string | null;
  /** Best and worst closed trade by realized P&L (null without a closed trade). */
  bestTrade: DebriefTrade | null;
  worstTrade: DebriefTrade | null;
  maxDrawdown: Drawdown | null;
  /** The trade with the largest max loss relative to the account when it opened. */
  biggestRisk: DebriefTrade | null;
  planned: { withPlan: number; trades: number };
  lesson: { id: string; why: string };
}

const pct = (x: number) => `${Math.round(x * 1000) / 10}%`;

/** The equity the account had when a trade opened: the last close before its New York date, else the starting capital. */
function equityBefore(startingCapital: number, path: readonly EquityPoint[], openedAt: string): number {
  const day = newYorkDate(openedAt);
  let equity = startingCapital;
  for (const p of path) if (p.date < day) equity = p.equity;
  return equity;
}

const byOpening = (a: CompetitionTrade, b: CompetitionTrade) =>
  a.openedAt < b.openedAt ? -1 : a.openedAt > b.openedAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** Which of several trades wins on a figure, the earlier-opened one on a tie (trades are in opening order). */
function extreme(trades: readonly DebriefTrade[], value: (t: DebriefTrade) => number): DebriefTrade | null {
  let best: DebriefTrade | null = null;
  for (const t of trades) if (!best || value(t) > value(best)) best = t;
  return best;
}

export interface DebriefInput {
  userId: string;
  seasonId: string;
  /** The season's trading days, for the trades-a-day figure. */
  tradingDays: number;
  /** The season's close (ISO): an open trade's plan must have been written before it. */
  closesAt: string;
  startingCapital: number;
  /** The season's daily closing equity, oldest first. */
  path: readonly EquityPoint[];
  trades: readonly CompetitionTrade[];
  score: ScoreFigures;
  eligibility: Eligibility;
}

/** One entrant's debrief: their trades, what drove the score, the biggest risk, and one lesson by the rule above. */
export function debriefOf(input: DebriefInput): Debrief {
  const trades: DebriefTrade[] = [...input.trades].sort(byOpening).map((t) => {
    const equity = equityBefore(input.startingCapital, input.path, t.openedAt);
    return {
      id: t.id,
      strategy: t.strategy,
      underlying: t.underlying,
      openedAt: t.openedAt,
      closedAt: t.closedAt,
      realizedPnl: t.realizedPnl,
      maxLoss: t.maxLoss,
      riskShare: t.maxLoss === null ? null : equity > 0 ? t.maxLoss / equity : null,
      planned: hasWrittenPlan(t.plan, t.closedAt ?? input.closesAt),
    };
  });
  const closed = trades.filter((t) => t.closedAt !== null);
  const bestTrade = extreme(closed, (t) => t.realizedPnl);
  const worstTrade = extreme(closed, (t) => -t.realizedPnl);
  const biggestRisk = extreme(
    trades.filter((t) => t.riskShare !== null),
    (t) => t.riskShare!,
  );
  const withPlan = trades.filter((t) => t.planned).length;
  const base = {
    userId: input.userId,
    seasonId: input.seasonId,
    trades,
    score: input.score,
    ranked: input.eligibility.ranked,
    note: input.eligibility.note,
    bestTrade,
    worstTrade,
    maxDrawdown: input.score.maxDrawdown,
    biggestRisk,
    planned: { withPlan, trades: trades.length },
  };
  return { ...base, lesson: lessonFor({ ...base, closedTrades: closed.length, tradingDays: input.tradingDays }) };
}

function lessonFor(d: Omit<Debrief, 'lesson'> & { closedTrades: number; tradingDays: number }): Debrief['lesson'] {
  const risk = d.biggestRisk?.riskShare ?? 0;
  if (d.biggestRisk && risk > LESSON_RULE.maxRiskShare)
    return {
      id: DEBRIEF_LESSONS.sizing,
      why: `Your biggest position, the ${d.biggestRisk.strategy} on ${d.biggestRisk.underlying}, could lose ${pct(risk)} of your account: more than the ${pct(LESSON_RULE.maxRiskShare)} the course allows for all open trades together.`,
    };
  const unplanned = d.planned.trades - d.planned.withPlan;
  if (unplanned > 0)
    return {
      id: DEBRIEF_LESSONS.journaling,
      why: `${unplanned} of your ${d.planned.trades} trades had no written plan (a thesis and a planned exit) before they closed.`,
    };
  if (d.maxDrawdown && d.maxDrawdown.fraction >= LESSON_RULE.maxDrawdown)
    return {
      id: DEBRIEF_LESSONS.expectancy,
      why: `Your account fell ${pct(d.maxDrawdown.fraction)} of its starting capital from a high: the expectancy lesson shows how a run of losses grows with the size of each.`,
    };
  if (d.tradingDays > 0 && d.closedTrades / d.tradingDays > LESSON_RULE.maxTradesPerDay)
    return {
      id: DEBRIEF_LESSONS.overtrading,
      why: `You closed ${d.closedTrades} trades in ${d.tradingDays} trading days; each paid a commission and the spread, and the score does not reward the count.`,
    };
  if (!d.ranked)
    return {
      id: DEBRIEF_LESSONS.expectancy,
      why: `Without ${SCORE_RULE.minClosedTrades} closed trades on at least ${SCORE_RULE.minTradingDays} trading days, a result says little about an edge: the expectancy lesson shows why a sample matters.`,
    };
  return {
    id: DEBRIEF_LESSONS.plan,
    why: 'Sized risk, a plan on every trade and a shallow drawdown: the trading plan lesson helps you keep doing what worked.',
  };
}
