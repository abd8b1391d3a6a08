import { formatNumber } from '@shared/format/number';
import { LEADERBOARD_CATEGORIES, PROFIT_KING_MIN_DAYS, PROFIT_KING_MIN_TRADES, type LeaderboardCategory } from '@shared/gamification/leaderboards';

/** What each of the spec's ten boards ranks (shared/gamification/leaderboards.ts computes the values), in words for the page. */
export const BOARDS: Record<LeaderboardCategory, { title: string; measures: string; unit: string; decimals?: number }> = {
  global: { title: 'Global', measures: 'Total XP earned', unit: 'XP' },
  strategy_master: { title: 'Strategy Master', measures: 'Strategy types traded plus strategy achievements', unit: 'points' },
  greeks_guru: { title: 'Greeks Guru', measures: 'Options Greeks lessons completed and checks passed', unit: 'points' },
  profit_king: {
    title: 'Profit King',
    measures: `Realized return over maximum drawdown in the current paper run, from ${PROFIT_KING_MIN_TRADES} closed trades over ${PROFIT_KING_MIN_DAYS} days (never raw profit)`,
    unit: '× drawdown',
    decimals: 2,
  },
  consistency_champion: { title: 'Consistency Champion', measures: 'Longest streak of active trading days', unit: 'days' },
  risk_manager: { title: 'Risk Manager', measures: 'Risk-management lessons completed plus risk achievements', unit: 'points' },
  learning_leader: { title: 'Learning Leader', measures: 'XP from lessons, modules and quizzes', unit: 'XP' },
  social_butterfly: { title: 'Social Butterfly', measures: 'Community contributions', unit: 'posts' },
  achievement_hunter: { title: 'Achievement Hunter', measures: 'Achievements unlocked', unit: 'achievements' },
  streak_champion: { title: 'Streak Champion', measures: 'Current streak of active trading days', unit: 'days' },
};

export const BOARD_ORDER: readonly LeaderboardCategory[] = LEADERBOARD_CATEGORIES;

export const isBoard = (c: string | null): c is LeaderboardCategory => !!c && (LEADERBOARD_CATEGORIES as readonly string[]).includes(c);

export const formatBoardValue = (category: LeaderboardCategory, value: number): string =>
  `${formatNumber(value, { digits: BOARDS[category].decimals ?? 0 })} ${BOARDS[category].unit}`;
