import { ACHIEVEMENTS } from './catalogue';
import type { GameState } from './state';

/** The spec's ten leaderboard categories (part 1 §3). */
export const LEADERBOARD_CATEGORIES = [
  'global',
  'strategy_master',
  'greeks_guru',
  'profit_king',
  'consistency_champion',
  'risk_manager',
  'learning_leader',
  'social_butterfly',
  'achievement_hunter',
  'streak_champion',
] as const;
export type LeaderboardCategory = (typeof LEADERBOARD_CATEGORIES)[number];

/** profit_king needs this many closed trades over this many New York days in the current run (issue 19, Decisions). */
export const PROFIT_KING_MIN_TRADES = 20;
export const PROFIT_KING_MIN_DAYS = 10;
/** A drawdown floor of 1% of the starting capital, so a run without a drawdown is not divided by zero. */
export const PROFIT_KING_DRAWDOWN_FLOOR = 0.01;

const unlockedIn = (s: GameState, category: string) => ACHIEVEMENTS.filter((a) => a.category === category && s.unlockedAchievements.includes(a.id)).length;

/** The privacy rule of every board (issue 20): a learner hides from leaderboards by turning showOnLeaderboards off. */
export const hidesFromBoards = (settings: Pick<GameState['settings'], 'showOnLeaderboards'>): boolean => settings.showOnLeaderboards === false;

/** The values a learner's board entries hold: none while they hide from leaderboards (their entries leave the index). */
export const visibleBoardValues = (s: GameState): Partial<Record<LeaderboardCategory, number>> => (hidesFromBoards(s.settings) ? {} : boardValues(s));

/**
 * A learner's value on each board, or nothing when they are not on it (a sparse index: absent means rank 0). Every board
 * ranks a result of learning or of risk-aware trading, never raw trade counts or raw P&L (rewarding those pushes churn and variance:
 * Barber and Odean, "Trading Is Hazardous to Your Wealth", 2000; Chapkovski, Khapko and Zoican, Management Science 2024):
 * profit_king is realized return over maximum drawdown (return / max(drawdown, 1% of capital)) with at least 20 closed
 * trades over 10 days in the current run, so a reset leaves it.
 */
export function boardValues(s: GameState): Partial<Record<LeaderboardCategory, number>> {
  const out: Partial<Record<LeaderboardCategory, number>> = {};
  const put = (c: LeaderboardCategory, v: number) => {
    if (Number.isFinite(v) && v > 0) out[c] = v;
  };
  put('global', s.totalXP);
  put('strategy_master', s.stats.strategyTypes.length + unlockedIn(s, 'strategy_mastery'));
  put('greeks_guru', (s.stats.lessonsByModule.options_greeks ?? 0) + s.stats.passedQuizzes.filter((q) => q.startsWith('options_greeks.')).length);
  const r = s.run;
  if (r.closedTrades >= PROFIT_KING_MIN_TRADES && r.closedDays >= PROFIT_KING_MIN_DAYS) {
    const ratio = r.realizedPnl / Math.max(r.maxDrawdown, PROFIT_KING_DRAWDOWN_FLOOR * r.startingCapital);
    if (ratio > 0) out.profit_king = Math.round(ratio * 10_000) / 10_000;
  }
  put('consistency_champion', s.longestStreak);
  put('risk_manager', (s.stats.lessonsByModule.risk_management ?? 0) + (s.stats.lessonsByModule.risk_adjustment ?? 0) + unlockedIn(s, 'risk_management'));
  put('learning_leader', s.learningXP);
  put('social_butterfly', s.stats.communityPosts);
  put('achievement_hunter', s.unlockedAchievements.length);
  put('streak_champion', s.currentStreak);
  return out;
}
