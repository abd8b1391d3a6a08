/**
 * One learner's gamification state as the server keeps it (one item, `USER#<sub>` / `GAME`). Only the engine
 * (engine.ts) changes it, from domain events and the four learner actions (claim, purchase, activate, settings);
 * every list in it is bounded so the item stays small.
 */

export type WidgetCorner = 'top-right' | 'top-left' | 'bottom-right' | 'bottom-left';

export interface GameSettings {
  notifications: boolean;
  sounds: boolean;
  animations: boolean;
  widgetPosition: WidgetCorner;
  /** false: the learner's entries leave every leaderboard (issue 20); true again puts them back. */
  showOnLeaderboards: boolean;
}

export interface CompletedChallenge {
  id: string;
  title: string;
  type: 'daily' | 'weekly' | 'monthly';
  xpReward: number;
  coinReward: number;
  completedAt: string;
}

export interface ActivePowerUp {
  id: string;
  activatedAt: string;
  expiresAt: string;
}

/** The paper run the trading boards and the growth challenge measure (a reset starts a new run: issue 19, Decisions). */
export interface RunStats {
  run: number;
  startingCapital: number;
  realizedPnl: number;
  /** Realized equity peak above the starting capital, and the largest fall from a peak (dollars). */
  peak: number;
  maxDrawdown: number;
  closedTrades: number;
  closedDays: number;
  lastClosedDay: string | null;
}

export interface LifetimeStats {
  /** Trades counted for challenges and achievements: at most TRADES_COUNTED_PER_DAY a New York day. */
  trades: number;
  multiLegTrades: number;
  strategyTypes: string[];
  closedTrades: number;
  wins: number;
  losses: number;
  realizedPnl: number;
  lessons: number;
  /** Lesson ids credited (a lesson earns once however often it is reported). */
  completedLessons: string[];
  lessonsByModule: Record<string, number>;
  completedModules: string[];
  passedQuizzes: string[];
  journalEntries: number;
  /** Streak days ever (New York trading days with an activity). */
  activeDays: number;
  /** No community event exists yet; kept so the community achievements have a source when one does. */
  communityPosts: number;
  /**
   * Competition seasons finished ranked with a written plan on every trade (issue 39's award). Absent in a state stored
   * before the competitions: read as 0.
   */
  plannedSeasons?: number;
}

export interface PeriodStats {
  day: { key: string; trades: number; profitableCloses: number; greeksActivity: number };
  week: { key: string; lessons: number; strategyTypes: string[] };
  month: { key: string; trades: number; closedTrades: number; wins: number; losses: number; realizedPnl: number };
}

export interface GameState {
  userId: string;
  level: number;
  currentXP: number;
  totalXP: number;
  /** XP from lessons, modules and quizzes (the learning_leader board). */
  learningXP: number;
  unlockedAchievements: string[];
  achievementUnlockedAt: Record<string, string>;
  stats: LifetimeStats;
  periods: PeriodStats;
  completedChallenges: CompletedChallenge[];
  claimedChallenges: string[];
  currentStreak: number;
  longestStreak: number;
  lastActiveDay: string | null;
  streakFreezes: number;
  /** New York dates with a trade (the spec's tradingDays), the latest MAX_TRADING_DAYS kept. */
  tradingDays: string[];
  lastTradeDate: string | null;
  optionsCoins: number;
  purchasedRewards: string[];
  powerUpInventory: Record<string, number>;
  activePowerUps: ActivePowerUp[];
  settings: GameSettings;
  run: RunStats;
  createdAt: string;
  updatedAt: string;
}

export const DEFAULT_SETTINGS: GameSettings = { notifications: true, sounds: true, animations: true, widgetPosition: 'top-right', showOnLeaderboards: true };
/** When no AccountOpened was seen (an account opened before gamification existed): the paper engine's largest capital. */
export const DEFAULT_STARTING_CAPITAL = 100_000;
export const MAX_TRADING_DAYS = 400;
export const MAX_CLAIMED_KEPT = 200;
export const MAX_COMPLETED_KEPT = 50;
/** As Duolingo's streak (Duolingo Help Center, "What is a streak?"): one free streak freeze, at most two held. */
export const INITIAL_STREAK_FREEZES = 1;
export const MAX_STREAK_FREEZES = 2;

export function emptyPeriods(): PeriodStats {
  return {
    day: { key: '', trades: 0, profitableCloses: 0, greeksActivity: 0 },
    week: { key: '', lessons: 0, strategyTypes: [] },
    month: { key: '', trades: 0, closedTrades: 0, wins: 0, losses: 0, realizedPnl: 0 },
  };
}

export function newRun(run: number, startingCapital: number): RunStats {
  return { run, startingCapital, realizedPnl: 0, peak: 0, maxDrawdown: 0, closedTrades: 0, closedDays: 0, lastClosedDay: null };
}

export function initialState(userId: string, now: Date): GameState {
  const at = now.toISOString();
  return {
    userId,
    level: 1,
    currentXP: 0,
    totalXP: 0,
    learningXP: 0,
    unlockedAchievements: [],
    achievementUnlockedAt: {},
    stats: {
      trades: 0,
      multiLegTrades: 0,
      strategyTypes: [],
      closedTrades: 0,
      wins: 0,
      losses: 0,
      realizedPnl: 0,
      lessons: 0,
      completedLessons: [],
      lessonsByModule: {},
      completedModules: [],
      passedQuizzes: [],
      journalEntries: 0,
      activeDays: 0,
      communityPosts: 0,
      plannedSeasons: 0,
    },
    periods: emptyPeriods(),
    completedChallenges: [],
    claimedChallenges: [],
    currentStreak: 0,
    longestStreak: 0,
    lastActiveDay: null,
    streakFreezes: INITIAL_STREAK_FREEZES,
    tradingDays: [],
    lastTradeDate: null,
    optionsCoins: 0,
    purchasedRewards: [],
    powerUpInventory: {},
    activePowerUps: [],
    settings: { ...DEFAULT_SETTINGS },
    run: newRun(1, DEFAULT_STARTING_CAPITAL),
    createdAt: at,
    updatedAt: at,
  };
}
