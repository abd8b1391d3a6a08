import { retryOnConflict, RETRY } from '../../paper/use-cases/retry';
import { fail, ok, type Result } from '../../result';
import { progressAfterReflection } from '../journal-reflections';
import { LEARNING_TEXTS } from '../learning.errors';
import { readProgress } from './change-progress';
import type { LearningDeps } from './deps';

/** What learning reads of a JournalEntryAdded event. */
export interface CountedReflection {
  userId: string;
  /** How many reflections the journal has counted, this one included (absent on events published before it was carried). */
  counted?: number;
  at: string;
  /** Written by the learner's agent token of this name: it earns no course XP and counts toward no milestone. */
  agent?: string;
}

/**
 * The consumer of JournalEntryAdded (the journal publishes it once per counted reflection): 25 course XP, the course
 * level and achievements that follow, written in one transaction with the consumer's receipt, conditional on the
 * progress's version and on the receipt not existing. A lost race (a lesson completed at the same moment) decides
 * again from fresh state, so neither change is lost; a twin delivery of the same event finds the receipt and adds
 * nothing ('duplicate'). An entry an agent token wrote is skipped without a write ('skipped'): the course rewards the
 * learner's own reflection, and every delivery of such an event changes nothing.
 */
export async function recordReflection(
  deps: Pick<LearningDeps, 'repo' | 'journal' | 'backoff'>,
  event: CountedReflection,
  receipt: unknown,
): Promise<Result<'recorded' | 'duplicate' | 'skipped'>> {
  if (event.agent) return ok('skipped');
  return retryOnConflict<'recorded' | 'duplicate'>(
    async () => {
      const stored = await readProgress(deps, event.userId);
      const next = progressAfterReflection(stored.progress, { counted: event.counted, at: event.at });
      const extras = { published: stored.published ?? [], judgedOrders: stored.judgedOrders ?? {} };
      const saved = await deps.repo.save(event.userId, stored.version, next, [], extras, receipt);
      if (saved === 'conflict') return RETRY;
      return ok(saved === 'ok' ? 'recorded' : 'duplicate');
    },
    () => fail('conflict', LEARNING_TEXTS.busy),
    deps.backoff,
  );
}
