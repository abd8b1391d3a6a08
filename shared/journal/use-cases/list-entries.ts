import { DEFAULT_MISTAKE_TAGS, DEFAULT_SETUP_TAGS, ENTRY_LIMITS } from '../entries';
import type { JournalEntry } from '../journal.api';
import type { ClosedTradeRow } from '../stats';
import type { JournalDeps } from './deps';
import { ledgerOf } from './ledger';

/** GET /api/journal/entries: a page of entries with the count, the limit and the tags in use (defaults first). */
export async function listEntries(deps: JournalDeps, userId: string, q: { kind?: JournalEntry['kind']; cursor?: string; limit: number }) {
  const [page, { rows, book }] = await Promise.all([deps.repo.listEntries(userId, q), ledgerOf(deps, userId)]);
  const used = (pick: (r: ClosedTradeRow) => string[]) => [...new Set(rows.flatMap(pick))];
  return {
    ...page,
    count: book.entries,
    limit: ENTRY_LIMITS.entries,
    tags: {
      setup: [...new Set([...DEFAULT_SETUP_TAGS, ...used((r) => r.setupTags), ...page.entries.flatMap((e) => e.setupTags)])],
      mistakes: [...new Set([...DEFAULT_MISTAKE_TAGS, ...used((r) => r.mistakeTags), ...page.entries.flatMap((e) => e.mistakeTags)])],
    },
  };
}
