import { ulid } from 'ulid';
import type { JournalDeps } from '@shared/journal/use-cases/deps';
import { memoryLedgerCache } from '@shared/journal/use-cases/ledger';
import { jitteredBackoff } from '@shared/backoff';
import { dynamoJournalRepository } from '../adapters/dynamo/journal-repository';
import { dynamoPaperAccountRepository } from '../adapters/dynamo/paper-account-repository';
import { dynamoEventReceipts } from '../adapters/dynamo/event-receipts';
import { marketQuoteSource } from '../adapters/market/quote-source';
import { sleep, systemClock } from '../commons/clock';
import { marketDeps } from './market';

/** The composition root of the journal: its items and the paper account in the one table; ledgers kept warm by version. */
export function journalDeps(): JournalDeps {
  return {
    repo: dynamoJournalRepository(),
    paper: dynamoPaperAccountRepository(),
    clock: systemClock,
    ids: { newId: () => ulid() },
    backoff: jitteredBackoff(sleep),
    ledgerCache: memoryLedgerCache(),
  };
}

/** The journal's event consumers: the journal, their receipts, and quotes through the market's reader. */
export function journalConsumerDeps() {
  const market = marketDeps();
  return { journal: journalDeps(), receipts: dynamoEventReceipts(), quotes: marketQuoteSource(market.reader, market.clock) };
}
