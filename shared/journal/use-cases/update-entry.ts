import { retryOnConflict } from '../../paper/use-cases/retry';
import type { Result } from '../../result';
import type { EntryInput, JournalEntry } from '../journal.api';
import { journalBusy, noEntry } from '../journal.errors';
import type { JournalDeps } from './deps';
import { writeEntry, type EntryWritten } from './write-entry';

/** PUT /api/journal/entries/{id}: the entry keeps its id, trade, kind and creation time. */
export function updateEntry(deps: JournalDeps, userId: string, id: string, input: EntryInput): Promise<Result<EntryWritten>> {
  return retryOnConflict(
    async () => {
      const book = await deps.repo.getBook(userId);
      const before = await deps.repo.getEntry(userId, id);
      if (!before) return noEntry(id);
      const stored = before.tradeId ? (await deps.repo.getTrades(userId, [before.tradeId])).get(before.tradeId) : undefined;
      const entry: JournalEntry = {
        ...input,
        id,
        tradeId: before.tradeId,
        kind: before.kind,
        date: input.date ?? before.date,
        xpAwarded: before.xpAwarded,
        createdAt: before.createdAt,
        updatedAt: deps.clock.now().toISOString(),
        // Who added it stays said; the learner's own edit is theirs, and may earn the reflection's XP.
        ...(before.agent ? { agent: before.agent } : {}),
      };
      return writeEntry(deps, userId, book, entry, stored, { entries: book.entries });
    },
    journalBusy,
    deps.backoff,
  );
}
