import { ulid } from 'ulid';
import { COURSE } from '@shared/learning/content/course';
import type { LearningDeps } from '@shared/learning/use-cases/deps';
import { jitteredBackoff } from '@shared/backoff';
import { dynamoEventReceipts } from '../adapters/dynamo/event-receipts';
import { journalReaderFor } from '../adapters/dynamo/journal-reader';
import { dynamoLearningRepository } from '../adapters/dynamo/learning-repo';
import { dynamoPaperAccountRepository } from '../adapters/dynamo/paper-account-repository';
import { marketQuoteSource } from '../adapters/market/quote-source';
import { sleep } from '../commons/clock';
import { marketDeps } from './market';

/** The composition root of learning: progress in the table, the course held in memory (its public form cached per warm handler). */
export function learningDeps(): LearningDeps {
  const market = marketDeps();
  return {
    repo: dynamoLearningRepository(),
    course: { course: () => COURSE },
    paper: dynamoPaperAccountRepository(),
    journal: journalReaderFor(),
    quotes: marketQuoteSource(market.reader, market.clock),
    clock: market.clock,
    ids: { newId: () => ulid() },
    backoff: jitteredBackoff(sleep),
  };
}

/** Learning's event consumer: its progress and the journal's entry count as the routes have them, the consumers' receipts. */
export const learningConsumerDeps = () => {
  const { repo, journal, backoff } = learningDeps();
  return { learning: { repo, journal, backoff }, receipts: dynamoEventReceipts() };
};
