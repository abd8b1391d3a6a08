import type { JournalRepository } from '@shared/journal/journal.port';
import type { JournalReader } from '@shared/learning/learning.port';
import { dynamoJournalRepository } from './journal-repository';

/**
 * Learning's read port onto the journal (shared/learning/learning.port.ts JournalReader), over the journal's own
 * repository: the entry count from the learner's journal book, and what an exercise's journal requirement reads of an
 * entry (a setup: a setup tag or a thesis; a planned exit: a profit target, a stop or a time exit).
 */
export function journalReaderFor(journal: Pick<JournalRepository, 'getBook' | 'listEntries'> = dynamoJournalRepository()): JournalReader {
  return {
    async entryCount(userId) {
      return (await journal.getBook(userId)).entries;
    },
    async latestEntryFacts(userId, limit) {
      const { entries } = await journal.listEntries(userId, { limit });
      return entries.map((e) => ({
        setup: e.setupTags.length > 0 || e.thesis.trim().length > 0,
        exitPlan: e.plannedExit.profitTargetPct !== null || e.plannedExit.stop.trim().length > 0 || e.plannedExit.time.trim().length > 0,
        ...(e.agent ? { byAgent: true } : {}),
      }));
    },
  };
}
