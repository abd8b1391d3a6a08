import { domainEvent } from '../../events/domain-events';
import { RETRY } from '../../paper/use-cases/retry';
import { ok, type Result } from '../../result';
import type { JournalBook } from '../book';
import { awardKey, ENTRY_XP, isRealReflection } from '../entries';
import type { JournalEntry } from '../journal.api';
import type { JournalWrite, StoredTrade } from '../journal.port';
import { rowOf } from '../stats';
import type { JournalTrade } from '../trades';
import type { JournalDeps } from './deps';

export interface EntryWritten {
  entry: JournalEntry;
  xpAwarded: number;
}

/**
 * Writes a new or edited entry with its award (once per award key) and the trade's tags, conditional on the book. An
 * entry written by an agent token (`opts.agent`, its name) earns nothing and is not counted: its JournalEntryAdded
 * carries `agent`, which every XP consumer skips, and the award key stays free for the learner's own reflection.
 */
export async function writeEntry(
  deps: JournalDeps,
  userId: string,
  book: JournalBook,
  entry: JournalEntry,
  stored: StoredTrade | undefined,
  opts: { entries: number; agent?: string },
): Promise<Result<EntryWritten> | typeof RETRY> {
  const key = awardKey(entry);
  if (opts.agent) return writeAgentEntry(deps, userId, book, entry, stored, { entries: opts.entries, agent: opts.agent });
  const award = !entry.xpAwarded && isRealReflection(entry) && !(await deps.repo.hasAward(userId, key));
  const next: JournalEntry = { ...entry, xpAwarded: entry.xpAwarded || award };
  const awarded = book.awarded + (award ? 1 : 0);
  const nextBook: JournalBook = { ...book, entries: opts.entries, awarded };
  const write: JournalWrite = { expectedVersion: book.version, book: nextBook, putEntry: next };
  if (award) write.award = key;
  if (stored) Object.assign(write, await withTradeTags(deps, userId, stored, next));
  // Published once per counted reflection (on the write that earns it, a create or a later edit), so every consumer
  // (gamification's 25 XP and streak day, the course's 25 XP and milestones) sees what the journal counts, and deleting
  // and writing again adds nothing. `counted` is the journal's count of reflections, this one included.
  if (award) write.events = [domainEvent('JournalEntryAdded', { userId, entryId: next.id, counted: awarded, at: next.updatedAt }, deps.ids.newId())];
  return (await deps.repo.commit(userId, write)) === 'ok' ? ok({ entry: next, xpAwarded: award ? ENTRY_XP : 0 }) : RETRY;
}

/** An agent token's entry: written with the trade's tags like any other, never awarded or counted. */
async function writeAgentEntry(
  deps: JournalDeps,
  userId: string,
  book: JournalBook,
  entry: JournalEntry,
  stored: StoredTrade | undefined,
  opts: { entries: number; agent: string },
): Promise<Result<EntryWritten> | typeof RETRY> {
  const next: JournalEntry = { ...entry, agent: opts.agent };
  const write: JournalWrite = { expectedVersion: book.version, book: { ...book, entries: opts.entries }, putEntry: next };
  if (stored) Object.assign(write, await withTradeTags(deps, userId, stored, next));
  if (!entry.xpAwarded && isRealReflection(entry)) {
    write.events = [domainEvent('JournalEntryAdded', { userId, entryId: next.id, at: next.updatedAt, agent: opts.agent }, deps.ids.newId())];
  }
  return (await deps.repo.commit(userId, write)) === 'ok' ? ok({ entry: next, xpAwarded: 0 }) : RETRY;
}

/** The trade and its ledger row carry the entry's id and tags (the statistics filter by them). */
export async function withTradeTags(
  deps: JournalDeps,
  userId: string,
  stored: StoredTrade,
  entry: JournalEntry | null,
): Promise<Pick<JournalWrite, 'trades' | 'chunks'>> {
  const trade: JournalTrade = { ...stored.trade, entryId: entry?.id ?? null, setupTags: entry?.setupTags ?? [], mistakeTags: entry?.mistakeTags ?? [] };
  const out: Pick<JournalWrite, 'trades' | 'chunks'> = { trades: [{ trade, ledgerChunk: stored.ledgerChunk }] };
  if (trade.status === 'closed' && stored.ledgerChunk !== null) {
    const chunk = await deps.repo.getChunk(userId, stored.ledgerChunk);
    if (chunk) out.chunks = [{ ...chunk, rows: chunk.rows.map((r) => (r.id === trade.id ? rowOf(trade) : r)) }];
  }
  return out;
}
