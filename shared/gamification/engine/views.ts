import { firstOfNextMonth, addDays, mondayOf, newYorkDate, newYorkInstant } from '../../market/dates';
import { ACHIEVEMENTS, achievementById, CHALLENGES, type ChallengeType, type Progress } from '../catalogue';
import type { GameState } from '../state';
import { streakOn } from '../streak';
import { challengeId, clone, periodKeyOf, pruneExpired, rollPeriods } from './periods';

/** What the learner reads of their state: nothing here changes it. */

export type ChallengeStatus = 'in_progress' | 'completed' | 'claimed';
export interface ChallengeView {
  id: string;
  title: string;
  description: string;
  type: ChallengeType;
  icon: string;
  xpReward: number;
  coinReward: number;
  requirement: string;
  category: string;
  expiresAt: string;
  progress: Progress;
  status: ChallengeStatus;
}

/** The end of a challenge's period in New York: the next day's, Monday's or month's midnight there. */
export function challengeExpiry(type: ChallengeType, day: string): Date {
  const end = type === 'daily' ? addDays(day, 1) : type === 'weekly' ? addDays(mondayOf(day), 7) : firstOfNextMonth(day);
  return newYorkInstant(end, 0);
}

/** The state as of `now`: periods rolled to today (a new day's challenges start at 0) and the streak as it stands. */
export function asOf(state: GameState, now: Date): GameState {
  const s = clone(state);
  const today = newYorkDate(now);
  rollPeriods(s, today);
  s.currentStreak = streakOn(s, today);
  pruneExpired(s, now);
  return s;
}

export function currentChallenges(state: GameState, now: Date): ChallengeView[] {
  const s = asOf(state, now);
  const today = newYorkDate(now);
  return CHALLENGES.map((t) => {
    const id = challengeId(t, periodKeyOf(s, t.type));
    const status: ChallengeStatus = s.claimedChallenges.includes(id) ? 'claimed' : s.completedChallenges.some((c) => c.id === id) ? 'completed' : 'in_progress';
    const progress = t.progress(s);
    return {
      id,
      title: t.title,
      description: t.description,
      type: t.type,
      icon: t.icon,
      xpReward: t.xpReward,
      coinReward: t.coinReward,
      requirement: t.requirement,
      category: t.category,
      expiresAt: challengeExpiry(t.type, today).toISOString(),
      progress: status === 'in_progress' ? progress : { current: progress.total, total: progress.total },
      status,
    };
  });
}

export function achievementProgress(state: GameState): Record<string, Progress> {
  return Object.fromEntries(
    ACHIEVEMENTS.map((a) => {
      const p = a.progress(state);
      return [a.id, state.unlockedAchievements.includes(a.id) ? { current: p.total, total: p.total } : p];
    }),
  );
}

export const isAchievementId = (id: string): boolean => achievementById.has(id);
