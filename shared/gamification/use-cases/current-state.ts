import type { StoredGame } from '../gamification.port';
import type { LeaderboardCategory } from '../leaderboards';
import { loadOrNew, type GameDeps } from './deps';

/** The learner's state, from the warm cache when it holds one at least `minVersion` new, else from the table. */
export async function currentState(deps: GameDeps, userId: string, minVersion: number): Promise<StoredGame> {
  const cached = deps.cache?.state(userId, minVersion);
  if (cached) return cached;
  const stored = await loadOrNew(deps, userId);
  if (stored.version > 0) deps.cache?.rememberState(userId, stored);
  return stored;
}

/** The learner's rank on a board, from the warm cache when it holds one for this value. */
export async function rankOn(deps: GameDeps, category: LeaderboardCategory, userId: string, value: number | undefined): Promise<number> {
  const cached = deps.cache?.rank(category, userId, value);
  if (cached !== undefined) return cached;
  const rank = await deps.repo.rankOf(category, userId, value);
  deps.cache?.rememberRank(category, userId, value, rank);
  return rank;
}
