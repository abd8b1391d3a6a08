import { entriesCsv, tradesCsv } from '../csv';
import type { JournalEntry } from '../journal.api';
import type { JournalDeps } from './deps';
import { countedRows, ledgerOf } from './ledger';

/** At most this much CSV in one answer (API Gateway and Lambda answer up to 6 MB). */
export const EXPORT_MAX_BYTES = 5_000_000;

/** GET /api/journal/export.csv: the counted closed trades, or the entries up to the answer's size (marked truncated). */
export async function exportCsv(deps: JournalDeps, userId: string, kind: 'trades' | 'entries'): Promise<string> {
  if (kind === 'trades') return tradesCsv(countedRows((await ledgerOf(deps, userId)).rows));
  const entries: JournalEntry[] = [];
  let cursor: string | undefined;
  let size = 0;
  do {
    const page = await deps.repo.listEntries(userId, { cursor, limit: 100 });
    for (const e of page.entries) {
      size += e.body.length + e.thesis.length + e.lesson.length + 500;
      entries.push(e);
    }
    cursor = page.cursor ?? undefined;
  } while (cursor && size < EXPORT_MAX_BYTES);
  return entriesCsv(entries, { truncated: !!cursor });
}
