import type { PaperAccountRepository, QuoteSource } from '../../paper/paper.port';
import type { Clock } from '../../ports/clock.port';
import type { IdGenerator } from '../../ports/ids.port';
import type { CourseSource, JournalReader, LearningRepository } from '../learning.port';

/** What the learning use cases need: progress storage, the course, the paper account's read ports, clock and ids. */
export interface LearningDeps {
  repo: LearningRepository;
  course: CourseSource;
  /** The paper account, read only: exercises are checked against it, never changed. */
  paper: Pick<PaperAccountRepository, 'getAccount' | 'getPositions' | 'listOrders'>;
  quotes: Pick<QuoteSource, 'quotes'>;
  /** The learner's journal, read only: its entry count for the progress, its entries for an exercise's journal requirement. */
  journal?: JournalReader;
  clock: Clock;
  ids: IdGenerator;
  /** A pause before deciding again after a lost race (shared/paper/use-cases/retry.ts jitteredBackoff); none in unit tests. */
  backoff?: (attempt: number) => Promise<void>;
}
