import type { GameState } from './state';

/**
 * The catalogue: the spec's 30 achievements and the competitions' Planned Season (issue 39), in the spec's eight categories and five rarities (XP 100-5000, coins 10-500, with the
 * spec's examples: 10 trades 250 XP; 7-, 30- and 100-day streaks 300, 1500 and 5000 XP; profit targets $1,000, $5,000
 * and $10,000; a 70% win rate over 50 trades), the daily, weekly and monthly challenges with the spec's XP and coins,
 * the rewards coins buy and the power-ups (spec part 1 §3, §9; issue 19).
 */
export const ACHIEVEMENT_CATEGORIES = [
  'first_steps',
  'strategy_mastery',
  'greeks_guru',
  'risk_management',
  'profit_milestones',
  'consistency',
  'community',
  'learning',
] as const;
export type AchievementCategory = (typeof ACHIEVEMENT_CATEGORIES)[number];
export const RARITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary'] as const;
export type Rarity = (typeof RARITIES)[number];

export interface Progress {
  current: number;
  total: number;
}

export interface AchievementDefinition {
  id: string;
  name: string;
  description: string;
  category: AchievementCategory;
  rarity: Rarity;
  icon: string;
  xpReward: number;
  coinReward: number;
  requirement: string;
  requirement_value: number;
  hint?: string;
  /** Progress towards it; it unlocks when current reaches total. */
  progress(s: GameState): Progress;
}

const count = (value: number, total: number): Progress => ({ current: Math.min(Math.max(0, Math.floor(value)), total), total });
const lessonsIn = (s: GameState, module: string) => s.stats.lessonsByModule[module] ?? 0;
const has = (list: readonly string[], id: string) => (list.includes(id) ? 1 : 0);

/** Win rate over closed trades as a percentage, counted only once `sample` trades have closed (else 0). */
export function winRateProgress(wins: number, losses: number, closed: number, sample: number, targetPct: number): Progress {
  if (closed < sample || wins + losses === 0) return { current: 0, total: targetPct };
  return count((wins / (wins + losses)) * 100, targetPct);
}

type Def = Omit<AchievementDefinition, 'requirement_value'> & { requirement_value?: number };

const defs: Def[] = [
  // first_steps
  {
    id: 'first-trade',
    name: 'First Trade',
    description: 'Place your first paper trade',
    category: 'first_steps',
    rarity: 'common',
    icon: '🎯',
    xpReward: 100,
    coinReward: 10,
    requirement: 'Fill 1 paper order',
    progress: (s) => count(s.stats.trades, 1),
  },
  {
    id: 'first-lesson',
    name: 'First Lesson',
    description: 'Complete your first lesson',
    category: 'first_steps',
    rarity: 'common',
    icon: '📘',
    xpReward: 100,
    coinReward: 10,
    requirement: 'Complete 1 lesson',
    progress: (s) => count(s.stats.lessons, 1),
  },
  {
    id: 'first-quiz',
    name: 'Quiz Taker',
    description: 'Pass your first quiz',
    category: 'first_steps',
    rarity: 'common',
    icon: '✅',
    xpReward: 100,
    coinReward: 10,
    requirement: 'Pass 1 quiz',
    progress: (s) => count(s.stats.passedQuizzes.length, 1),
  },
  {
    id: 'ten-trades',
    name: 'Getting Started',
    description: 'Complete 10 paper trades',
    category: 'first_steps',
    rarity: 'common',
    icon: '📈',
    xpReward: 250,
    coinReward: 25,
    requirement: '10 trades (at most 10 counted a day)',
    progress: (s) => count(s.stats.trades, 10),
  },
  // strategy_mastery
  {
    id: 'multi-leg',
    name: 'Spread Builder',
    description: 'Fill your first multi-leg order',
    category: 'strategy_mastery',
    rarity: 'uncommon',
    icon: '🧩',
    xpReward: 200,
    coinReward: 20,
    requirement: '1 multi-leg trade',
    progress: (s) => count(s.stats.multiLegTrades, 1),
  },
  {
    id: 'strategy-explorer',
    name: 'Strategy Explorer',
    description: 'Trade 3 different strategy types',
    category: 'strategy_mastery',
    rarity: 'uncommon',
    icon: '🗺️',
    xpReward: 300,
    coinReward: 30,
    requirement: '3 strategy types',
    progress: (s) => count(s.stats.strategyTypes.length, 3),
  },
  {
    id: 'strategy-collector',
    name: 'Strategy Collector',
    description: 'Trade 6 different strategy types',
    category: 'strategy_mastery',
    rarity: 'rare',
    icon: '🗂️',
    xpReward: 750,
    coinReward: 75,
    requirement: '6 strategy types',
    progress: (s) => count(s.stats.strategyTypes.length, 6),
  },
  {
    id: 'strategy-scholar',
    name: 'Strategy Scholar',
    description: 'Complete the Basic and Advanced Strategies modules',
    category: 'strategy_mastery',
    rarity: 'epic',
    icon: '🎓',
    xpReward: 1500,
    coinReward: 150,
    requirement: '2 strategy modules',
    progress: (s) => count(has(s.stats.completedModules, 'basic_strategies') + has(s.stats.completedModules, 'advanced_strategies'), 2),
  },
  // greeks_guru
  {
    id: 'greeks-student',
    name: 'Greeks Student',
    description: 'Complete 3 lessons of Options Greeks',
    category: 'greeks_guru',
    rarity: 'common',
    icon: 'Δ',
    xpReward: 150,
    coinReward: 15,
    requirement: '3 Greeks lessons',
    progress: (s) => count(lessonsIn(s, 'options_greeks'), 3),
  },
  {
    id: 'greeks-quiz',
    name: 'Greeks Tested',
    description: 'Pass the Options Greeks quiz',
    category: 'greeks_guru',
    rarity: 'uncommon',
    icon: 'Γ',
    xpReward: 400,
    coinReward: 40,
    requirement: 'Pass options_greeks.quiz',
    progress: (s) => count(has(s.stats.passedQuizzes, 'options_greeks.quiz'), 1),
  },
  {
    id: 'greeks-graduate',
    name: 'Greeks Guru',
    description: 'Complete the Options Greeks module',
    category: 'greeks_guru',
    rarity: 'rare',
    icon: 'Θ',
    xpReward: 1000,
    coinReward: 100,
    requirement: 'Complete options_greeks',
    progress: (s) => count(has(s.stats.completedModules, 'options_greeks'), 1),
  },
  // risk_management
  {
    id: 'risk-student',
    name: 'Risk Aware',
    description: 'Complete 3 lessons of Risk Management',
    category: 'risk_management',
    rarity: 'common',
    icon: '🛡️',
    xpReward: 150,
    coinReward: 15,
    requirement: '3 risk lessons',
    progress: (s) => count(lessonsIn(s, 'risk_management'), 3),
  },
  {
    id: 'risk-graduate',
    name: 'Risk Manager',
    description: 'Complete the Risk Management module',
    category: 'risk_management',
    rarity: 'rare',
    icon: '🏰',
    xpReward: 1000,
    coinReward: 100,
    requirement: 'Complete risk_management',
    progress: (s) => count(has(s.stats.completedModules, 'risk_management'), 1),
  },
  {
    id: 'adjustment-graduate',
    name: 'Adjuster',
    description: 'Complete the Risk Adjustment module',
    category: 'risk_management',
    rarity: 'rare',
    icon: '🔧',
    xpReward: 1000,
    coinReward: 100,
    requirement: 'Complete risk_adjustment',
    progress: (s) => count(has(s.stats.completedModules, 'risk_adjustment'), 1),
  },
  {
    id: 'journal-reviewer',
    name: 'Reviewer',
    description: 'Write 10 journal entries with a real reflection',
    category: 'risk_management',
    rarity: 'uncommon',
    icon: '🔍',
    xpReward: 500,
    coinReward: 50,
    requirement: '10 journal entries',
    progress: (s) => count(s.stats.journalEntries, 10),
  },
  // profit_milestones
  {
    id: 'profit-1k',
    name: 'First $1,000',
    description: 'Realize $1,000 of paper profit',
    category: 'profit_milestones',
    rarity: 'uncommon',
    icon: '💵',
    xpReward: 500,
    coinReward: 50,
    requirement: '$1,000 realized P&L',
    progress: (s) => count(s.stats.realizedPnl, 1000),
  },
  {
    id: 'profit-5k',
    name: '$5,000 Club',
    description: 'Realize $5,000 of paper profit',
    category: 'profit_milestones',
    rarity: 'rare',
    icon: '💰',
    xpReward: 1500,
    coinReward: 150,
    requirement: '$5,000 realized P&L',
    progress: (s) => count(s.stats.realizedPnl, 5000),
  },
  {
    id: 'profit-10k',
    name: '$10,000 Club',
    description: 'Realize $10,000 of paper profit',
    category: 'profit_milestones',
    rarity: 'epic',
    icon: '🏦',
    xpReward: 3000,
    coinReward: 300,
    requirement: '$10,000 realized P&L',
    progress: (s) => count(s.stats.realizedPnl, 10000),
  },
  {
    id: 'win-rate-70',
    name: 'Sharp Shooter',
    description: 'A 70% win rate over at least 50 closed trades',
    category: 'profit_milestones',
    rarity: 'legendary',
    icon: '🎯',
    xpReward: 4000,
    coinReward: 400,
    requirement: '70% win rate',
    requirement_value: 70,
    hint: 'Counts once 50 trades have closed',
    progress: (s) => winRateProgress(s.stats.wins, s.stats.losses, s.stats.closedTrades, 50, 70),
  },
  // consistency
  {
    id: 'streak-3',
    name: 'On a Roll',
    description: 'A 3-day streak',
    category: 'consistency',
    rarity: 'common',
    icon: '🔥',
    xpReward: 100,
    coinReward: 10,
    requirement: '3-day streak',
    progress: (s) => count(s.longestStreak, 3),
  },
  {
    id: 'streak-7',
    name: 'Week Warrior',
    description: 'A 7-day streak',
    category: 'consistency',
    rarity: 'uncommon',
    icon: '🔥',
    xpReward: 300,
    coinReward: 30,
    requirement: '7-day streak',
    progress: (s) => count(s.longestStreak, 7),
  },
  {
    id: 'streak-30',
    name: 'Monthly Master',
    description: 'A 30-day streak',
    category: 'consistency',
    rarity: 'epic',
    icon: '🌟',
    xpReward: 1500,
    coinReward: 150,
    requirement: '30-day streak',
    progress: (s) => count(s.longestStreak, 30),
  },
  {
    id: 'streak-100',
    name: 'Centurion',
    description: 'A 100-day streak',
    category: 'consistency',
    rarity: 'legendary',
    icon: '👑',
    xpReward: 5000,
    coinReward: 500,
    requirement: '100-day streak',
    progress: (s) => count(s.longestStreak, 100),
  },
  {
    id: 'active-50',
    name: 'Regular',
    description: 'Be active on 50 trading days',
    category: 'consistency',
    rarity: 'rare',
    icon: '📅',
    xpReward: 800,
    coinReward: 80,
    requirement: '50 active days',
    progress: (s) => count(s.stats.activeDays, 50),
  },
  // community (CommunityPostShared: a strategy shared in the community)
  {
    id: 'first-post',
    name: 'Hello, Community',
    description: 'Share your first community post',
    category: 'community',
    rarity: 'common',
    icon: '💬',
    xpReward: 100,
    coinReward: 10,
    requirement: '1 community post',
    progress: (s) => count(s.stats.communityPosts, 1),
  },
  {
    id: 'ten-posts',
    name: 'Social Butterfly',
    description: 'Share 10 community posts',
    category: 'community',
    rarity: 'rare',
    icon: '🦋',
    xpReward: 750,
    coinReward: 75,
    requirement: '10 community posts',
    progress: (s) => count(s.stats.communityPosts, 10),
  },
  // learning
  {
    id: 'first-module',
    name: 'Module Complete',
    description: 'Complete your first learning module',
    category: 'learning',
    rarity: 'common',
    icon: '📗',
    xpReward: 200,
    coinReward: 20,
    requirement: '1 module',
    progress: (s) => count(s.stats.completedModules.length, 1),
  },
  {
    id: 'five-modules',
    name: 'Scholar',
    description: 'Complete 5 learning modules',
    category: 'learning',
    rarity: 'epic',
    icon: '🏛️',
    xpReward: 2500,
    coinReward: 250,
    requirement: '5 modules',
    progress: (s) => count(s.stats.completedModules.length, 5),
  },
  {
    id: 'first-journal',
    name: 'Dear Diary',
    description: 'Write your first journal entry with a reflection',
    category: 'learning',
    rarity: 'common',
    icon: '📝',
    xpReward: 100,
    coinReward: 10,
    requirement: '1 journal entry',
    progress: (s) => count(s.stats.journalEntries, 1),
  },
  {
    id: 'journal-50',
    name: 'Chronicler',
    description: 'Write 50 journal entries with a real reflection',
    category: 'learning',
    rarity: 'epic',
    icon: '📚',
    xpReward: 2000,
    coinReward: 200,
    requirement: '50 journal entries',
    progress: (s) => count(s.stats.journalEntries, 50),
  },
  // competitions (issue 39; CompetitionSeasonAwarded: a season finished ranked with a written plan on every trade). The
  // season's own coins come with each season's award; the achievement unlocks with the first. Its id, name, description
  // and icon are shared/competitions/awards.ts PLANNED_SEASON_ACHIEVEMENT's (a test holds them together).
  {
    id: 'planned-season',
    name: 'Planned Season',
    description: 'Finished a competition season ranked, with a written plan on every trade.',
    icon: '🗺️',
    category: 'risk_management',
    rarity: 'rare',
    xpReward: 500,
    coinReward: 50,
    requirement: '1 competition season finished ranked with a plan on every trade',
    progress: (s) => count(s.stats.plannedSeasons ?? 0, 1),
  },
];

export const ACHIEVEMENTS: readonly AchievementDefinition[] = defs.map((d) => ({ ...d, requirement_value: d.requirement_value ?? requirementOf(d) }));

function requirementOf(d: Def): number {
  // The total a fresh state shows is the requirement (profit targets in dollars, streaks in days...).
  return d.progress({
    stats: { lessonsByModule: {}, completedModules: [], passedQuizzes: [], strategyTypes: [], completedLessons: [] },
  } as unknown as GameState).total;
}

export const achievementById = new Map(ACHIEVEMENTS.map((a) => [a.id, a]));

export type ChallengeType = 'daily' | 'weekly' | 'monthly';

export interface ChallengeTemplate {
  templateId: string;
  title: string;
  description: string;
  type: ChallengeType;
  icon: string;
  xpReward: number;
  coinReward: number;
  requirement: string;
  category: string;
  progress(s: GameState): Progress;
}

/** The spec's challenges (part 1 §9) with its XP and coins. Progress reads the current period's counters. */
export const CHALLENGES: readonly ChallengeTemplate[] = [
  {
    templateId: 'daily-trades',
    title: 'Three Trades',
    description: 'Complete 3 paper trades today',
    type: 'daily',
    icon: '📈',
    xpReward: 100,
    coinReward: 10,
    requirement: '3 trades',
    category: 'trading',
    progress: (s) => count(s.periods.day.trades, 3),
  },
  {
    templateId: 'daily-profitable-close',
    title: 'Green Close',
    description: 'Close a position at a profit today',
    type: 'daily',
    icon: '💚',
    xpReward: 150,
    coinReward: 15,
    requirement: '1 profitable close',
    category: 'trading',
    progress: (s) => count(s.periods.day.profitableCloses, 1),
  },
  {
    templateId: 'daily-greeks',
    title: 'Use the Greeks',
    description: 'Complete an Options Greeks lesson or pass a Greeks check today',
    type: 'daily',
    icon: 'Δ',
    xpReward: 75,
    coinReward: 8,
    requirement: '1 Greeks lesson or check',
    category: 'learning',
    progress: (s) => count(s.periods.day.greeksActivity, 1),
  },
  {
    templateId: 'weekly-streak',
    title: 'Seven-Day Streak',
    description: 'Reach a 7-day streak this week',
    type: 'weekly',
    icon: '🔥',
    xpReward: 500,
    coinReward: 50,
    requirement: '7-day streak',
    category: 'consistency',
    progress: (s) => count(s.currentStreak, 7),
  },
  {
    templateId: 'weekly-lessons',
    title: 'Five Lessons',
    description: 'Complete 5 lessons this week',
    type: 'weekly',
    icon: '📘',
    xpReward: 300,
    coinReward: 30,
    requirement: '5 lessons',
    category: 'learning',
    progress: (s) => count(s.periods.week.lessons, 5),
  },
  {
    templateId: 'weekly-strategies',
    title: 'Three Strategies',
    description: 'Trade 3 different strategy types this week',
    type: 'weekly',
    icon: '🧩',
    xpReward: 400,
    coinReward: 40,
    requirement: '3 strategy types',
    category: 'trading',
    progress: (s) => count(s.periods.week.strategyTypes.length, 3),
  },
  {
    templateId: 'monthly-growth',
    title: '20% Growth',
    description: 'Grow the paper account 20% this month (realized P&L over the starting capital)',
    type: 'monthly',
    icon: '🚀',
    xpReward: 2000,
    coinReward: 200,
    requirement: '20% growth',
    category: 'trading',
    progress: (s) => count((s.periods.month.realizedPnl / s.run.startingCapital) * 100, 20),
  },
  {
    templateId: 'monthly-trades',
    title: 'Hundred Trades',
    description: 'Complete 100 paper trades this month (at most 10 counted a day)',
    type: 'monthly',
    icon: '💯',
    xpReward: 1500,
    coinReward: 150,
    requirement: '100 trades',
    category: 'trading',
    progress: (s) => count(s.periods.month.trades, 100),
  },
  {
    templateId: 'monthly-win-rate',
    title: '65% Win Rate',
    description: 'A 65% win rate this month over at least 10 closed trades',
    type: 'monthly',
    icon: '🏆',
    xpReward: 3000,
    coinReward: 300,
    requirement: '65% win rate',
    category: 'trading',
    progress: (s) => winRateProgress(s.periods.month.wins, s.periods.month.losses, s.periods.month.closedTrades, MONTHLY_WIN_RATE_SAMPLE, 65),
  },
];
export const MONTHLY_WIN_RATE_SAMPLE = 10;

export type RewardKind = 'cosmetic' | 'streak_freeze' | 'power_up';
export interface RewardDefinition {
  id: string;
  name: string;
  description: string;
  kind: RewardKind;
  cost: number;
  icon: string;
}

/** What coins buy: cosmetics, streak freezes and learning power-ups, never anything that changes a trade (issue 19, Decisions). */
export const REWARDS: readonly RewardDefinition[] = [
  {
    id: 'streak-freeze',
    name: 'Streak Freeze',
    description: 'Keeps your streak through one missed trading day (at most 2 held)',
    kind: 'streak_freeze',
    cost: 50,
    icon: '🧊',
  },
  { id: 'xp-boost', name: 'Study Boost', description: 'Double XP from lessons, modules and quizzes for 1 hour', kind: 'power_up', cost: 75, icon: '⚡' },
  { id: 'theme-midnight', name: 'Midnight Theme', description: 'A dark blue widget theme', kind: 'cosmetic', cost: 100, icon: '🌙' },
  { id: 'theme-emerald', name: 'Emerald Theme', description: 'A green widget theme', kind: 'cosmetic', cost: 150, icon: '💎' },
  { id: 'frame-gold', name: 'Gold Profile Frame', description: 'A gold frame around your profile badge', kind: 'cosmetic', cost: 250, icon: '🖼️' },
  { id: 'badge-owl', name: 'Night Owl Badge', description: 'A badge beside your name on the leaderboards', kind: 'cosmetic', cost: 200, icon: '🦉' },
];
export const rewardById = new Map(REWARDS.map((r) => [r.id, r]));

export interface PowerUpDefinition {
  id: string;
  name: string;
  /** Multiplies learning XP only (issue 19, Decisions). */
  learningXpFactor: number;
  durationMinutes: number;
}
export const POWER_UPS: readonly PowerUpDefinition[] = [{ id: 'xp-boost', name: 'Study Boost', learningXpFactor: 2, durationMinutes: 60 }];
export const powerUpById = new Map(POWER_UPS.map((p) => [p.id, p]));
export const MAX_POWER_UPS_HELD = 5;
