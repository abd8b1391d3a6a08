import { mondayOf, monthOf } from '../../market/dates';
import { CHALLENGES, type ChallengeTemplate, type ChallengeType } from '../catalogue';
import { MAX_COMPLETED_KEPT, type GameState } from '../state';

/** The engine never changes the state it is given: it decides on a copy. */
export const clone = (s: GameState): GameState => structuredClone(s);

/** Moves the period counters to the periods of `day`; returns which of them `day` falls in (false for an event older than them). */
export function rollPeriods(s: GameState, day: string): { day: boolean; week: boolean; month: boolean } {
  const p = s.periods;
  const wk = mondayOf(day);
  const mo = monthOf(day);
  if (p.day.key < day) p.day = { key: day, trades: 0, profitableCloses: 0, greeksActivity: 0 };
  if (p.week.key < wk) p.week = { key: wk, lessons: 0, strategyTypes: [] };
  if (p.month.key < mo) p.month = { key: mo, trades: 0, closedTrades: 0, wins: 0, losses: 0, realizedPnl: 0 };
  return { day: p.day.key === day, week: p.week.key === wk, month: p.month.key === mo };
}

export const challengeId = (t: ChallengeTemplate, periodKey: string): string => `${t.templateId}@${periodKey}`;
export const periodKeyOf = (s: GameState, type: ChallengeType): string =>
  type === 'daily' ? s.periods.day.key : type === 'weekly' ? s.periods.week.key : s.periods.month.key;

/** Records challenges of the current periods whose progress has reached its total as completed (claimable once). */
export function completeChallenges(s: GameState, at: string): void {
  for (const t of CHALLENGES) {
    const key = periodKeyOf(s, t.type);
    if (!key) continue;
    const id = challengeId(t, key);
    if (s.completedChallenges.some((c) => c.id === id) || s.claimedChallenges.includes(id)) continue;
    const p = t.progress(s);
    if (p.current < p.total) continue;
    s.completedChallenges = [
      ...s.completedChallenges,
      { id, title: t.title, type: t.type, xpReward: t.xpReward, coinReward: t.coinReward, completedAt: at },
    ].slice(-MAX_COMPLETED_KEPT);
  }
}

export function pruneExpired(s: GameState, now: Date): void {
  const iso = now.toISOString();
  s.activePowerUps = s.activePowerUps.filter((p) => p.expiresAt > iso);
}
