import { ok } from '../../result';
import { purchaseReward } from '../engine/commands';
import { changeState } from './change-state';
import type { GameDeps } from './deps';

/** POST /api/gamification/rewards/{id}/purchase: a reward bought with Options Coins. */
export const purchase = (deps: GameDeps, userId: string, id: string) =>
  changeState(deps, userId, (s, now) => {
    const r = purchaseReward(s, id, now);
    return r.ok ? ok({ state: r.value, awards: [] }) : r;
  });
