import { ok, type Result } from '../../result';
import type { JournalEntry } from '../journal.api';
import { noEntry } from '../journal.errors';
import type { JournalDeps } from './deps';

/** GET /api/journal/entries/{id}. */
export async function getEntry(deps: JournalDeps, userId: string, id: string): Promise<Result<JournalEntry>> {
  const entry = await deps.repo.getEntry(userId, id);
  return entry ? ok(entry) : noEntry(id);
}
