import { domainEvent, type DomainEvent } from '../../events/domain-events';
import { retryOnConflict, RETRY } from '../../paper/use-cases/retry';
import { fail, ok, type Result } from '../../result';
import { LEARNING_TEXTS } from '../learning.errors';
import { defaultProgress, publishedKey, type LearningEvent, type LearningProgress, type ProgressChange } from '../progress';
import type { ProgressExtras, StoredProgress } from '../learning.port';
import type { LearningDeps } from './deps';

/**
 * The learner's progress, or the defaults when none is saved yet (version 0), with the journal's entry count as it is
 * now (spec part 3 §4: the count follows the entries as they are added and deleted; the journal owns it, learning reads it).
 */
export async function readProgress(deps: Pick<LearningDeps, 'repo' | 'journal'>, userId: string): Promise<StoredProgress> {
  const [stored, entries] = await Promise.all([deps.repo.get(userId), deps.journal?.entryCount(userId)]);
  const found = stored ?? { progress: defaultProgress(), version: 0 };
  return entries === undefined ? found : { ...found, progress: { ...found.progress, journalEntries: entries } };
}

function stamp(deps: LearningDeps, userId: string, e: LearningEvent): DomainEvent {
  return e.type === 'LessonCompleted'
    ? domainEvent('LessonCompleted', { userId, ...e.detail }, deps.ids.newId())
    : domainEvent('QuizPassed', { userId, ...e.detail }, deps.ids.newId());
}

/**
 * Reads the progress, decides with a pure rule, and writes the result with its events in one transaction conditional
 * on the version read; a lost race (two completions at once) is decided again from fresh state, so neither is lost
 * and nothing is awarded twice. A decision that changes nothing writes nothing.
 */
export function changeProgress<T extends ProgressChange>(
  deps: LearningDeps,
  userId: string,
  decide: (progress: LearningProgress) => Result<T>,
  /** Extra state the change keeps beside the progress (an exercise's judged orders), from what was read. */
  keep?: (stored: StoredProgress) => Pick<ProgressExtras, 'judgedOrders'>,
): Promise<Result<T>> {
  return retryOnConflict<T>(
    async () => {
      const stored = await readProgress(deps, userId);
      const decision = decide(stored.progress);
      const kept = keep?.(stored);
      const extraChanged = kept !== undefined && JSON.stringify(kept.judgedOrders ?? {}) !== JSON.stringify(stored.judgedOrders ?? {});
      if (!decision.ok || (!decision.value.changed && !extraChanged)) return decision;
      // Each lesson, module and first pass is reported once ever, even when redone after a reset.
      const published = new Set(stored.published ?? []);
      const fresh = decision.value.events.filter((e) => !published.has(publishedKey(e)));
      for (const e of fresh) published.add(publishedKey(e));
      const events = fresh.map((e) => stamp(deps, userId, e));
      const saved = await deps.repo.save(userId, stored.version, decision.value.next, events, {
        published: [...published],
        judgedOrders: kept?.judgedOrders ?? stored.judgedOrders ?? {},
      });
      return saved === 'ok' ? ok(decision.value) : RETRY;
    },
    () => fail('conflict', LEARNING_TEXTS.busy),
    deps.backoff,
  );
}
