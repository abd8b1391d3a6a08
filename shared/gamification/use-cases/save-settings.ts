import { ok } from '../../result';
import { updateSettings } from '../engine/commands';
import type { GameSettings } from '../state';
import { changeState } from './change-state';
import type { GameDeps } from './deps';

/** PUT /api/gamification/settings. */
export async function saveSettings(deps: GameDeps, userId: string, patch: Partial<GameSettings>) {
  const saved = await changeState(deps, userId, (s, now) => ok({ state: updateSettings(s, patch, now), awards: [] }));
  // Leaving the boards or coming back shows on this function's next board read, not after the boards' TTL.
  if (saved.ok && patch.showOnLeaderboards !== undefined) deps.cache?.forgetBoards();
  return saved;
}
