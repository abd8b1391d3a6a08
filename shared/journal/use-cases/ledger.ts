import { BoundedMap } from '../../bounded-map';
import type { JournalBook } from '../book';
import type { ClosedTradeRow } from '../stats';
import type { JournalDeps, LedgerCache } from './deps';

/** A bounded cache of ledgers by learner: the newest version only, the least recently used learners leave first. */
export function memoryLedgerCache(maxLearners = 200): LedgerCache {
  const byUser = new BoundedMap<string, { version: number; rows: ClosedTradeRow[] }>(maxLearners);
  return {
    get(userId, version) {
      const hit = byUser.get(userId);
      if (!hit || hit.version !== version) return undefined;
      byUser.set(userId, hit);
      return hit.rows;
    },
    set(userId, version, rows) {
      byUser.set(userId, { version, rows });
    },
  };
}

/**
 * The learner's closed-trade rows as of their book's version (read with the book, strongly consistent): from the warm
 * handler's memory when the version is the one it holds, else from the table. Any journal change moves the version.
 */
export async function ledgerOf(deps: JournalDeps, userId: string, book?: JournalBook): Promise<{ rows: ClosedTradeRow[]; book: JournalBook }> {
  const b = book ?? (await deps.repo.getBook(userId));
  const cached = deps.ledgerCache?.get(userId, b.version);
  if (cached) return { rows: cached, book: b };
  const rows = b.ledgerChunks > 0 ? await deps.repo.ledger(userId) : [];
  deps.ledgerCache?.set(userId, b.version, rows);
  return { rows, book: b };
}

/** The closed trades the statistics count: a reset ends trades without a close, and those are not counted. */
export const countedRows = (rows: readonly ClosedTradeRow[]) => rows.filter((r) => r.exitReason !== 'account_reset');
