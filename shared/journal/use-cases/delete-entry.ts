import { retryOnConflict, RETRY } from '../../paper/use-cases/retry';
import { ok, type Result } from '../../result';
import { journalBusy, noEntry } from '../journal.errors';
import type { JournalWrite } from '../journal.port';
import type { JournalDeps } from './deps';
import { withTradeTags } from './write-entry';

/** DELETE /api/journal/entries/{id}: the XP it earned stays earned, and its award key is never earned again. */
export function deleteEntry(deps: JournalDeps, userId: string, id: string): Promise<Result<null>> {
  return retryOnConflict(
    async () => {
      const book = await deps.repo.getBook(userId);
      const entry = await deps.repo.getEntry(userId, id);
      if (!entry) return noEntry(id);
      const stored = entry.tradeId ? (await deps.repo.getTrades(userId, [entry.tradeId])).get(entry.tradeId) : undefined;
      const entries = Math.max(0, book.entries - 1);
      const write: JournalWrite = { expectedVersion: book.version, book: { ...book, entries }, deleteEntry: id };
      if (stored && stored.trade.entryId === id) Object.assign(write, await withTradeTags(deps, userId, stored, null));
      return (await deps.repo.commit(userId, write)) === 'ok' ? ok(null) : RETRY;
    },
    journalBusy,
    deps.backoff,
  );
}
