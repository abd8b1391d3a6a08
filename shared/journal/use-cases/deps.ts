import type { PaperAccountRepository } from '../../paper/paper.port';
import type { Clock } from '../../ports/clock.port';
import type { IdGenerator } from '../../ports/ids.port';
import type { JournalRepository } from '../journal.port';
import type { ClosedTradeRow } from '../stats';

/**
 * What the journal's use cases need (issue 18). Every change reads the learner's book, decides with the pure core and
 * writes one transaction conditional on the book's version (retried from fresh state when it loses a race), so the
 * order-event consumer and the learner's own writes never overwrite each other.
 */
export interface JournalDeps {
  repo: JournalRepository;
  paper: Pick<PaperAccountRepository, 'getOrder' | 'getAccount'>;
  clock: Clock;
  ids: IdGenerator;
  backoff?: (attempt: number) => Promise<void>;
  /** Closed-trade rows already read, by learner and book version (a warm handler's memory); absent in unit tests. */
  ledgerCache?: LedgerCache;
}

/** The warm handler's closed-trade rows per learner, by the book's version (ledger.ts has the memory one). */
export interface LedgerCache {
  get(userId: string, version: number): ClosedTradeRow[] | undefined;
  set(userId: string, version: number, rows: ClosedTradeRow[]): void;
}
