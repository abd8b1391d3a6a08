import type { DomainEvent } from '@shared/events/domain-events';
import type { LearningRepository, StoredProgress } from '@shared/learning/learning.port';
import { defaultProgress, type LearningProgress } from '@shared/learning/progress';

/**
 * An in-memory LearningRepository with the DynamoDB one's semantics: a save is conditional on the version read, and
 * its events are kept only with the change (the outbox). `beforeNextSave` lets a test commit another change between a
 * use case's read and its save, as a concurrent request would.
 */
export function memoryLearningRepo() {
  const items = new Map<string, StoredProgress>();
  const events: DomainEvent[] = [];
  /** The event receipts committed with the saves (a receipt is any value; the test's own key). */
  const receipts = new Set<unknown>();
  let interloper: { userId: string; change: (p: LearningProgress) => LearningProgress } | undefined;
  const repo: LearningRepository & {
    events: DomainEvent[];
    receipts: Set<unknown>;
    saves: number;
    conflicts: number;
    beforeNextSave(userId: string, change: (p: LearningProgress) => LearningProgress): void;
  } = {
    events,
    receipts,
    saves: 0,
    conflicts: 0,
    beforeNextSave(userId, change) {
      interloper = { userId, change };
    },
    async get(userId) {
      const item = items.get(userId);
      return item ? structuredClone(item) : null;
    },
    async save(userId, expectedVersion, next, evs, extras = {}, receipt) {
      if (interloper) {
        const { userId: u, change } = interloper;
        interloper = undefined;
        const current = items.get(u) ?? { progress: defaultProgress(), version: 0 };
        items.set(u, { ...current, progress: change(structuredClone(current.progress)), version: current.version + 1 });
      }
      // The receipt's condition is checked with the version's, in one transaction: a twin delivery writes nothing.
      if (receipt !== undefined && receipts.has(receipt)) return 'duplicate';
      const current = items.get(userId)?.version ?? 0;
      if (current !== expectedVersion) {
        repo.conflicts++;
        return 'conflict';
      }
      items.set(userId, { progress: structuredClone(next), version: expectedVersion + 1, ...structuredClone(extras) });
      events.push(...structuredClone(evs));
      if (receipt !== undefined) receipts.add(receipt);
      repo.saves++;
      return 'ok';
    },
  };
  return repo;
}
