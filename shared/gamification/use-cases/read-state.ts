import type { StoredGame } from '../gamification.port';
import { visibleBoardValues } from '../leaderboards';
import { gamificationView, type GamificationView } from '../view';
import { currentState, rankOn } from './current-state';
import type { GameDeps } from './deps';

/**
 * The learner's state as the browser reads it, with its version and their global rank. `minVersion` is the highest
 * version the learner has seen (from a state or an award in the feed): a cached state older than that is not served.
 */
export async function readState(deps: GameDeps, userId: string, minVersion = 0): Promise<GamificationView & { version: number }> {
  const stored = await currentState(deps, userId, minVersion);
  const global = await rankOn(deps, 'global', userId, visibleBoardValues(stored.state).global);
  return { ...gamificationView(stored.state, deps.clock.now(), { global }), version: stored.version };
}

/** A write's answer: the new state's view and version (global rank left out: the boards are read apart). */
export const view = (deps: GameDeps, stored: StoredGame) => ({ ...gamificationView(stored.state, deps.clock.now(), {}), version: stored.version });
