import { ACHIEVEMENTS, REWARDS, type Progress } from './catalogue';
import type { Award } from './engine/grant';
import { achievementProgress, asOf, currentChallenges, type ChallengeView } from './engine/views';
import { levelDefinition, nextUnlocks, rankTierOf, xpToLevelUp } from './levels';
import type { LeaderboardCategory } from './leaderboards';
import { DEFAULT_SETTINGS, type GameState } from './state';

/**
 * The state as the browser reads it (GET /api/gamification/state): the spec's Gamification state fields by their spec
 * names (part 1 §3) plus xpToNextLevel, as of `now` (today's challenges, the streak as it stands, live power-ups).
 */
export function gamificationView(state: GameState, now: Date, userRanks: Partial<Record<LeaderboardCategory, number>>) {
  const s = asOf(state, now);
  const challenges = currentChallenges(state, now);
  const byType = (t: ChallengeView['type']) => challenges.filter((c) => c.type === t);
  const tier = rankTierOf(s.level);
  const next = nextUnlocks(s.level);
  return {
    userId: s.userId,
    level: s.level,
    levelName: levelDefinition(s.level).name,
    currentXP: s.currentXP,
    totalXP: s.totalXP,
    xpToNextLevel: Math.max(0, xpToLevelUp(s.level) - s.currentXP),
    xpForNextLevel: xpToLevelUp(s.level),
    rank: { id: tier.id, name: tier.name, minLevel: tier.minLevel, maxLevel: tier.maxLevel, color: tier.color, theme: tier.theme, focus: tier.focus },
    unlockedFeatures: levelDefinition(s.level).unlockedFeatures,
    nextUnlocks: next,
    achievements: ACHIEVEMENTS.map(({ progress: _p, ...a }) => a),
    unlockedAchievements: s.unlockedAchievements,
    achievementProgress: achievementProgress(s),
    dailyChallenges: byType('daily'),
    weeklyChallenges: byType('weekly'),
    monthlyChallenges: byType('monthly'),
    challengeProgress: Object.fromEntries(challenges.map((c) => [c.id, c.progress])) as Record<string, Progress>,
    completedChallenges: s.completedChallenges.map((c) => c.id),
    claimedChallenges: s.claimedChallenges,
    currentStreak: s.currentStreak,
    longestStreak: s.longestStreak,
    streakFreezes: s.streakFreezes,
    lastActiveDay: s.lastActiveDay,
    tradingDays: s.tradingDays,
    lastTradeDate: s.lastTradeDate,
    optionsCoins: s.optionsCoins,
    rewards: REWARDS,
    purchasedRewards: s.purchasedRewards,
    powerUpInventory: s.powerUpInventory,
    activePowerUps: s.activePowerUps,
    settings: { ...DEFAULT_SETTINGS, ...s.settings },
    userRanks,
  };
}
export type GamificationView = ReturnType<typeof gamificationView>;

/** An award as the feed shows it (the toasts read it): no internals beyond what the learner earned and why. */
export interface FeedAward extends Award {
  id: string;
  /** The version the learner's state reached with this award. */
  stateVersion?: number;
}
