import type { PaperAccountRepository, QuoteSource } from '../../paper/paper.port';
import type { Clock } from '../../ports/clock.port';
import type { IdGenerator } from '../../ports/ids.port';
import type { JournalRepository } from '../../journal/journal.port';
import type { CourseSource, LearningRepository } from '../learning.port';

/** What the learning use cases need: progress storage, the course, the paper account's read ports, clock and ids. */
export interface LearningDeps {
  repo: LearningRepository;
  course: CourseSource;
  /** The paper account, read only: exercises are checked against it, never changed. */
  paper: Pick<PaperAccountRepository, 'getAccount' | 'getPositions' | 'listOrders'>;
  quotes: Pick<QuoteSource, 'quotes'>;
  /** The learner's journal, read only, for an exercise's journal requirement. */
  journal?: Pick<JournalRepository, 'listEntries'>;
  clock: Clock;
  ids: IdGenerator;
  /** A pause before deciding again after a lost race (shared/paper/use-cases/retry.ts jitteredBackoff); none in unit tests. */
  backoff?: (attempt: number) => Promise<void>;
}
