import { ok, type Result } from '../../result';
import type { Applied } from '../engine/grant';
import { alreadyClaimed, rewardsBusy } from '../gamification.errors';
import type { StoredGame } from '../gamification.port';
import { visibleBoardValues } from '../leaderboards';
import type { GameState } from '../state';
import { loadOrNew, MAX_ATTEMPTS, type GameDeps } from './deps';

/** A learner's write (claim, purchase, activate, settings): load, decide, conditional commit, retry on a lost race. */
export async function changeState(deps: GameDeps, userId: string, decide: (s: GameState, now: Date) => Result<Applied>): Promise<Result<StoredGame>> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const stored = await loadOrNew(deps, userId);
    const decided = decide(stored.state, deps.clock.now());
    if (!decided.ok) return decided;
    const { state, awards } = decided.value;
    const outcome = await deps.repo.commit(userId, stored.version, state, awards, {
      boards: { before: stored.version === 0 ? {} : visibleBoardValues(stored.state), after: visibleBoardValues(state) },
    });
    if (outcome === 'ok') {
      const written = { state, version: stored.version + 1 };
      // The learner's next read in this function shows their own write at once.
      deps.cache?.rememberState(userId, written);
      return ok(written);
    }
    // An award key of a claim exists only when the claim committed: the claim was made.
    if (outcome === 'award_exists') return alreadyClaimed();
    await deps.backoff?.(attempt);
  }
  return rewardsBusy();
}
