import { ok } from '../../result';
import { activatePowerUp } from '../engine/commands';
import { changeState } from './change-state';
import type { GameDeps } from './deps';

/** POST /api/gamification/power-ups/{id}/activate: a held power-up, active until its expiry. */
export const activate = (deps: GameDeps, userId: string, id: string) =>
  changeState(deps, userId, (s, now) => {
    const r = activatePowerUp(s, id, now);
    return r.ok ? ok({ state: r.value, awards: [] }) : r;
  });
