import { ok, type Result } from '../../result';
import type { JournalEntry } from '../journal.api';
import { noTrade } from '../journal.errors';
import type { JournalTrade } from '../trades';
import type { JournalDeps } from './deps';

/** GET /api/journal/trades/{id}: the trade with its entry, if one was written. */
export async function getTrade(deps: JournalDeps, userId: string, id: string): Promise<Result<{ trade: JournalTrade; entry: JournalEntry | null }>> {
  const stored = (await deps.repo.getTrades(userId, [id])).get(id);
  if (!stored) return noTrade(id);
  const entry = stored.trade.entryId ? await deps.repo.getEntry(userId, stored.trade.entryId) : null;
  return ok({ trade: stored.trade, entry });
}
