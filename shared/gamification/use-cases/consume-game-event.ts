import { byAgentToken, type GameEvent } from '../engine/events';
import type { Award } from '../engine/grant';
import { apply } from '../engine/reducer';
import { visibleBoardValues } from '../leaderboards';
import { loadOrNew, MAX_ATTEMPTS, type GameDeps } from './deps';

/**
 * Applies a domain event to its learner's state and commits the state, its awards and the consumer's receipt in one
 * conditional transaction; a lost race (another event of the same learner committed first) reloads and applies again,
 * so no XP is lost. An award key already used by an earlier event reporting the same fact records the receipt only.
 * An event of the learner's agent token (`agent`) is skipped without a write: it earns nothing, so every delivery of
 * it changes nothing, and the learner's state is not even created for it.
 */
export async function consumeGameEvent(
  deps: GameDeps,
  event: GameEvent,
  receipt: unknown,
): Promise<{ status: 'consumed' | 'duplicate' | 'skipped'; awards: Award[] }> {
  if (byAgentToken(event)) return { status: 'skipped', awards: [] };
  const userId = event.detail.userId;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const stored = await loadOrNew(deps, userId);
    const { state, awards } = apply(stored.state, event, deps.clock.now());
    const boards = { before: stored.version === 0 ? {} : visibleBoardValues(stored.state), after: visibleBoardValues(state) };
    const outcome = await deps.repo.commit(userId, stored.version, state, awards, { receipt, boards });
    if (outcome === 'ok') return { status: 'consumed', awards };
    if (outcome === 'award_exists') {
      const again = await deps.repo.commit(userId, stored.version, stored.state, [], { receipt, boards: { before: boards.before, after: boards.before } });
      if (again === 'ok') return { status: 'duplicate', awards: [] };
    }
    await deps.backoff?.(attempt);
  }
  throw new Error(`Gamification state of ${userId} kept changing under ${event.type}; the event will be retried`);
}
