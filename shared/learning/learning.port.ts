import type { DomainEvent } from '../events/domain-events';
import type { LearningModule } from './content/types';
import type { JournalEntryFacts } from './exercises';
import type { LearningProgress } from './progress';

/** What the progress item keeps beside the learner's progress (neither is part of the progress the API shows). */
export interface ProgressExtras {
  /**
   * What has been reported once ever ('lesson:<id>', 'module:<id>', 'quiz:<id>'), kept through a reset, so redoing the
   * course after "Reset learning data" publishes nothing a consumer could award twice.
   */
  published?: string[];
  /** By exercise id, the orders a check judged at or better than the mid (exercises.ts, `judgedOrders`). */
  judgedOrders?: Record<string, string[]>;
}

/** A learner's progress as stored, with the version every change is conditional on (0: never saved). */
export interface StoredProgress extends ProgressExtras {
  progress: LearningProgress;
  version: number;
}

/**
 * Where learning progress is kept: one item per learner (docs/architecture.md, "Data model"), changed only by a
 * transaction conditional on its version, with the events that report the change written in the same transaction.
 */
export interface LearningRepository {
  get(userId: string): Promise<StoredProgress | null>;
  /**
   * 'conflict' when the version moved (another change won the race): decide again from fresh state. An event
   * consumer passes its receipt (opaque here), written in the same transaction conditional on not existing:
   * 'duplicate' when it exists already (a twin delivery of the event committed first), and nothing is written.
   */
  save(
    userId: string,
    expectedVersion: number,
    next: LearningProgress,
    events: readonly DomainEvent[],
    extras?: ProgressExtras,
    receipt?: unknown,
  ): Promise<'ok' | 'conflict' | 'duplicate'>;
}

/**
 * The learner's journal as learning reads it, never writes it (an adapter in functions/ over the journal's store):
 * how many entries it holds now (the progress's `journalEntries`) and what an exercise's journal requirement reads of
 * the newest entries.
 */
export interface JournalReader {
  entryCount(userId: string): Promise<number>;
  latestEntryFacts(userId: string, limit: number): Promise<JournalEntryFacts[]>;
}

/** The course the server holds (content/course.ts in production; a small fixture course in unit tests). */
export interface CourseSource {
  course(): readonly LearningModule[];
}
