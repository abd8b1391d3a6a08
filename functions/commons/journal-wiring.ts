import { ulid } from 'ulid';
import type { JournalDeps } from '@shared/journal/use-cases/deps';
import { memoryLedgerCache } from '@shared/journal/use-cases/ledger';
import { jitteredBackoff } from '@shared/paper/use-cases/retry';
import { dynamoJournalRepository } from '../adapters/dynamo/journal-repository';
import { dynamoLearningRepository } from '../adapters/dynamo/learning-repo';
import { dynamoPaperAccountRepository } from '../adapters/dynamo/paper-account-repository';
import { systemClock } from './clock';

/** The composition root of the journal: its items, the learning progress and the paper account in the one table; ledgers kept warm by version. */
export function journalDeps(): JournalDeps {
  return {
    repo: dynamoJournalRepository(),
    learning: dynamoLearningRepository(),
    paper: dynamoPaperAccountRepository(),
    clock: systemClock,
    ids: { newId: () => ulid() },
    backoff: jitteredBackoff((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    ledgerCache: memoryLedgerCache(),
  };
}
