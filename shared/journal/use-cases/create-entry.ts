import { newYorkParts } from '../../market/dates';
import { retryOnConflict } from '../../paper/use-cases/retry';
import type { Result } from '../../result';
import { ENTRY_LIMITS } from '../entries';
import type { EntryInput, JournalEntry } from '../journal.api';
import { journalBusy, journalFull, noTrade, tradeHasEntry } from '../journal.errors';
import type { StoredTrade } from '../journal.port';
import type { JournalDeps } from './deps';
import { writeEntry, type EntryWritten } from './write-entry';

/** POST /api/journal/entries; `agent` names the learner's agent token when one writes it (it earns no XP). */
export function createEntry(deps: JournalDeps, userId: string, input: EntryInput, agent?: string): Promise<Result<EntryWritten>> {
  return retryOnConflict(
    async () => {
      const book = await deps.repo.getBook(userId);
      if (book.entries >= ENTRY_LIMITS.entries) return journalFull();
      let stored: StoredTrade | undefined;
      if (input.tradeId) {
        stored = (await deps.repo.getTrades(userId, [input.tradeId])).get(input.tradeId);
        if (!stored) return noTrade(input.tradeId);
        if (stored.trade.entryId) return tradeHasEntry();
      }
      const at = deps.clock.now().toISOString();
      const entry: JournalEntry = {
        ...input,
        id: deps.ids.newId(),
        date: input.date ?? newYorkParts(deps.clock.now()).date,
        xpAwarded: false,
        createdAt: at,
        updatedAt: at,
      };
      return writeEntry(deps, userId, book, entry, stored, { entries: book.entries + 1, ...(agent ? { agent } : {}) });
    },
    journalBusy,
    deps.backoff,
  );
}
