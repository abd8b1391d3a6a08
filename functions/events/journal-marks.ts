import type { JournalDeps } from '@shared/journal/use-cases/deps';
import { markOpenTrades } from '@shared/journal/use-cases/mark-open-trades';
import type { QuoteSource } from '@shared/paper/paper.port';
import { eventHandler, type EventReceipts } from '../commons/event-handler';
import { journalConsumerDeps } from '../wiring/journal';
import { logger } from '../commons/powertools';

/**
 * Daily marks of open journal trades (issue 18, MFE / MAE from end-of-day marks): on every ChainIngested, each open
 * trade is marked at its legs' current marks (the mid, else the last price) for the New York day; a later ingestion
 * the same day replaces that day's mark, so the 18:00 run's close is the one that stays. A `claim` consumer: a
 * redelivery changes nothing, and marking the same day twice gives the same mark anyway.
 */
export const makeJournalMarks = (deps: { journal: JournalDeps; quotes: Pick<QuoteSource, 'quotes'>; receipts: EventReceipts }) =>
  eventHandler({ consumer: 'journalMarks', types: ['ChainIngested'], receipts: deps.receipts }, async () => {
    const marked = await markOpenTrades(
      deps.journal,
      async (contracts) => {
        const quotes = await deps.quotes.quotes(contracts);
        const marks = new Map<string, number>();
        for (const [contract, q] of quotes) {
          const mark = q.mark ?? (q.bid !== null && q.ask !== null ? (q.bid + q.ask) / 2 : q.last);
          if (mark !== null && mark !== undefined) marks.set(contract, mark);
        }
        return marks;
      },
      (userId, error) => logger.error('Could not mark open journal trades', { userId, error: error as Error }),
    );
    logger.info('Open journal trades marked', { learners: marked });
  });

export const handler = makeJournalMarks(journalConsumerDeps());
