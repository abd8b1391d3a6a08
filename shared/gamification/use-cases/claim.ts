import { claimChallenge } from '../engine/commands';
import { changeState } from './change-state';
import type { GameDeps } from './deps';

/** POST /api/gamification/challenges/{id}/claim: a completed challenge's reward, once. */
export const claim = (deps: GameDeps, userId: string, id: string) => changeState(deps, userId, (s, now) => claimChallenge(s, id, now));
