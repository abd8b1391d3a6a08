import { fail, ok, type Result } from '../../result';
import { retryOnConflict, RETRY } from '../../paper/use-cases/retry';
import { LEARNING_TEXTS } from '../learning.errors';
import { defaultProgress, type LearningProgress } from '../progress';
import { readProgress } from './change-progress';
import type { LearningDeps } from './deps';

/**
 * POST /api/learning/reset ("Reset learning data", spec part 3 §4): progress returns to the defaults (current module
 * options_basics, level 1, 0 XP). The browser asks for the confirmation. What was reported stays reported: redoing the course publishes no event again.
 */
export function resetProgress(deps: LearningDeps, userId: string): Promise<Result<LearningProgress>> {
  return retryOnConflict(
    async () => {
      const stored = await readProgress(deps, userId);
      const next = defaultProgress();
      if (stored.version === 0) return ok(next);
      return (await deps.repo.save(userId, stored.version, next, [], { published: stored.published ?? [], judgedOrders: stored.judgedOrders ?? {} })) === 'ok'
        ? ok(next)
        : RETRY;
    },
    () => fail('conflict', LEARNING_TEXTS.busy),
    deps.backoff,
  );
}
