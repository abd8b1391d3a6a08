import type { DomainEvent } from '../events/domain-events';
import type { LearningModule } from './content/types';
import type { LearningProgress } from './progress';

/** A learner's progress as stored, with the version every change is conditional on (0: never saved). */
export interface StoredProgress {
  progress: LearningProgress;
  version: number;
  /**
   * What has been reported once ever ('lesson:<id>', 'module:<id>', 'quiz:<id>'), kept through a reset, so redoing the
   * course after "Reset learning data" publishes nothing a consumer could award twice.
   */
  published?: string[];
}

/**
 * Where learning progress is kept: one item per learner (docs/architecture.md, "Data model"), changed only by a
 * transaction conditional on its version, with the events that report the change written in the same transaction.
 */
export interface LearningRepository {
  get(userId: string): Promise<StoredProgress | null>;
  /** 'conflict' when the version moved (another change won the race): decide again from fresh state. */
  save(
    userId: string,
    expectedVersion: number,
    next: LearningProgress,
    events: readonly DomainEvent[],
    published?: readonly string[],
  ): Promise<'ok' | 'conflict'>;
}

/** The course the server holds (content/course.ts in production; a small fixture course in unit tests). */
export interface CourseSource {
  course(): readonly LearningModule[];
}
