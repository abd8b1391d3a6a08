import { z } from 'zod';
import { defineApi } from '../api/contract';

/**
 * The gamification routes (issue 19). The browser's only writes are claim, purchase, activate and settings: XP, coins,
 * achievements and ranks come from the domain events, on the server.
 */
const Progress = z.object({ current: z.number(), total: z.number() });
const Challenge = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.enum(['daily', 'weekly', 'monthly']),
  icon: z.string(),
  xpReward: z.number().int(),
  coinReward: z.number().int(),
  requirement: z.string(),
  category: z.string(),
  expiresAt: z.string(),
  progress: Progress,
  status: z.enum(['in_progress', 'completed', 'claimed']),
});
const Settings = z.object({
  notifications: z.boolean(),
  sounds: z.boolean(),
  animations: z.boolean(),
  widgetPosition: z.enum(['top-right', 'top-left', 'bottom-right', 'bottom-left']),
  showOnLeaderboards: z.boolean(),
});

export const GamificationState = z
  .object({
    level: z.number().int(),
    levelName: z.string(),
    currentXP: z.number(),
    totalXP: z.number(),
    xpToNextLevel: z.number(),
    xpForNextLevel: z.number(),
    rank: z.object({ id: z.string(), name: z.string(), minLevel: z.number(), maxLevel: z.number(), color: z.string(), theme: z.string(), focus: z.string() }),
    unlockedFeatures: z.array(z.string()),
    nextUnlocks: z.object({ level: z.number(), features: z.array(z.string()) }).nullable(),
    achievements: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        description: z.string(),
        category: z.string(),
        rarity: z.string(),
        icon: z.string(),
        xpReward: z.number(),
        coinReward: z.number(),
        requirement: z.string(),
        requirement_value: z.number(),
        hint: z.string().optional(),
      }),
    ),
    unlockedAchievements: z.array(z.string()),
    achievementProgress: z.record(z.string(), Progress),
    dailyChallenges: z.array(Challenge),
    weeklyChallenges: z.array(Challenge),
    monthlyChallenges: z.array(Challenge),
    challengeProgress: z.record(z.string(), Progress),
    completedChallenges: z.array(z.string()),
    claimedChallenges: z.array(z.string()),
    currentStreak: z.number().int(),
    longestStreak: z.number().int(),
    streakFreezes: z.number().int(),
    /** The New York trading day of the learner's last streak activity (a trade, lesson, passed quiz or journal entry). */
    lastActiveDay: z.string().nullable(),
    tradingDays: z.array(z.string()),
    lastTradeDate: z.string().nullable(),
    optionsCoins: z.number().int(),
    rewards: z.array(z.object({ id: z.string(), name: z.string(), description: z.string(), kind: z.string(), cost: z.number(), icon: z.string() })),
    purchasedRewards: z.array(z.string()),
    powerUpInventory: z.record(z.string(), z.number()),
    activePowerUps: z.array(z.object({ id: z.string(), activatedAt: z.string(), expiresAt: z.string() })),
    settings: Settings,
    userRanks: z.record(z.string(), z.number()),
    /** The state's version: a learner passes the highest one seen as `minVersion`, so no read shows them an older state. */
    version: z.number().int().min(0),
  })
  .loose();

export const FeedAward = z.object({
  id: z.string(),
  key: z.string(),
  source: z.string(),
  label: z.string(),
  icon: z.string(),
  baseXp: z.number(),
  multiplier: z.number(),
  boost: z.number(),
  xp: z.number(),
  coins: z.number(),
  learning: z.boolean(),
  quiet: z.boolean(),
  at: z.string(),
  achievementId: z.string().optional(),
  challengeId: z.string().optional(),
  levelUp: z.object({ from: z.number(), to: z.number() }).optional(),
  /** The version the learner's state reached with this award (absent on awards older than the field). */
  stateVersion: z.number().int().optional(),
});

const Ulid = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'must be an award id from a previous answer');
const Slug = z.string().regex(/^[a-z0-9_-]{1,40}$/, 'must be an id such as xp-boost');
const ChallengeId = z.string().regex(/^[a-z0-9-]{1,40}@\d{4}-\d{2}(-\d{2})?$/, 'must be a challenge id such as daily-trades@2026-11-25');

export const SettingsPatch = Settings.partial()
  .strict()
  .refine((s) => Object.keys(s).length > 0, 'must change at least one setting');

export const gamificationApi = defineApi({
  'GET /api/gamification/state': {
    auth: 'user',
    summary: "The learner's level, XP, rank, achievements, challenges, streak, coins, rewards, power-ups, settings and global rank",
    // The highest state version the learner has seen (a state's `version`, an award's `stateVersion`): never answered older.
    query: z.object({ minVersion: z.coerce.number().int().min(1).max(1_000_000_000).optional() }).strict(),
    response: GamificationState,
  },
  'GET /api/gamification/awards': {
    auth: 'user',
    summary: 'The awards feed, oldest first: after the cursor, or the latest ones; the cursor to ask with next time',
    query: z.object({ after: Ulid.optional(), limit: z.coerce.number().int().min(1).max(100).default(20) }).strict(),
    response: z.object({ awards: z.array(FeedAward), cursor: z.string().nullable() }),
  },
  'POST /api/gamification/challenges/{id}/claim': {
    auth: 'user',
    summary: "Claim a completed challenge's coins and XP, once",
    params: z.object({ id: ChallengeId }),
    response: z.object({ state: GamificationState }),
    errors: [404, 409],
  },
  'POST /api/gamification/rewards/{id}/purchase': {
    auth: 'user',
    summary: "Buy a reward with Options Coins ('Insufficient Options Coins' when short; nothing is deducted)",
    params: z.object({ id: Slug }),
    response: z.object({ state: GamificationState }),
    errors: [404, 409],
  },
  'POST /api/gamification/power-ups/{id}/activate': {
    auth: 'user',
    summary: 'Activate a held power-up until its expiry (XP boosts apply to learning XP only)',
    params: z.object({ id: Slug }),
    response: z.object({ state: GamificationState }),
    errors: [404, 409],
  },
  'PUT /api/gamification/settings': {
    auth: 'user',
    summary: 'Change the gamification settings: notifications, sounds, animations, widget corner, leaderboard visibility',
    body: SettingsPatch,
    response: z.object({ state: GamificationState }),
  },
  'GET /api/gamification/leaderboards/{category}': {
    auth: 'user',
    summary: "A leaderboard's top entries (rank, display name, value) and the caller's own rank (0 when not on it)",
    params: z.object({ category: z.string().regex(/^[a-z_]{1,40}$/, 'must be a leaderboard category such as global') }),
    query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }).strict(),
    response: z.object({
      category: z.string(),
      entries: z.array(z.object({ rank: z.number().int(), displayName: z.string(), publicId: z.string().nullable(), value: z.number(), isYou: z.boolean() })),
      userRank: z.number().int(),
      userValue: z.number().nullable(),
    }),
    errors: [404],
  },
});
