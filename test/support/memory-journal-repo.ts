import type { DomainEvent } from '@shared/events/domain-events';
import { emptyBook, type JournalBook } from '@shared/journal/book';
import type { JournalEntry } from '@shared/journal/journal.api';
import type { JournalRepository, JournalWrite, LedgerChunk, StoredTrade } from '@shared/journal/journal.port';

/**
 * The journal's repository in memory, with the DynamoDB adapter's conditions (the book's version, an award written
 * once): a write that loses a race writes nothing. Every call yields first, as a
 * network call would, so that two changes started together really interleave.
 */
export function memoryJournal() {
  const books = new Map<string, JournalBook>();
  const trades = new Map<string, StoredTrade>();
  const chunks = new Map<string, LedgerChunk>();
  const entries = new Map<string, JournalEntry>();
  const awards = new Set<string>();
  /** The events committed with the changes (the outbox). */
  const events: DomainEvent[] = [];
  const tick = () => new Promise<void>((r) => setImmediate(r));
  const k = (u: string, id: string | number) => `${u}|${id}`;

  const repo: JournalRepository = {
    async getBook(u) {
      await tick();
      return structuredClone(books.get(u) ?? emptyBook());
    },
    async getTrades(u, ids) {
      await tick();
      return new Map(ids.flatMap((id) => (trades.has(k(u, id)) ? [[id, structuredClone(trades.get(k(u, id))!)] as const] : [])));
    },
    async getChunk(u, i) {
      await tick();
      return structuredClone(chunks.get(k(u, i)) ?? null);
    },
    async ledger(u) {
      await tick();
      return [...chunks.entries()].filter(([key]) => key.startsWith(`${u}|`)).flatMap(([, c]) => c.rows);
    },
    async getEntry(u, id) {
      await tick();
      return structuredClone(entries.get(k(u, id)) ?? null);
    },
    async listEntries(u, opts) {
      await tick();
      const mine = [...entries.entries()].filter(([key]) => key.startsWith(`${u}|`)).map(([, e]) => e);
      return { entries: mine.filter((e) => !opts.kind || e.kind === opts.kind).slice(0, opts.limit), cursor: null };
    },
    async hasAward(u, key) {
      await tick();
      return awards.has(k(u, key));
    },
    async learnersWithOpenTrades() {
      await tick();
      return [...books.entries()].filter(([, b]) => Object.keys(b.open).length).map(([u]) => u);
    },
    async commit(u, w: JournalWrite) {
      await tick();
      if ((books.get(u)?.version ?? 0) !== w.expectedVersion) return 'conflict';
      if (w.award && awards.has(k(u, w.award))) return 'conflict';
      if (w.deleteEntry && !entries.has(k(u, w.deleteEntry))) return 'conflict';
      books.set(u, { ...structuredClone(w.book), version: w.expectedVersion + 1 });
      for (const t of w.trades ?? []) trades.set(k(u, t.trade.id), structuredClone(t));
      for (const c of w.chunks ?? []) chunks.set(k(u, c.index), structuredClone(c));
      if (w.putEntry) entries.set(k(u, w.putEntry.id), structuredClone(w.putEntry));
      if (w.deleteEntry) entries.delete(k(u, w.deleteEntry));
      if (w.award) awards.add(k(u, w.award));
      events.push(...structuredClone(w.events ?? []));
      return 'ok';
    },
  };
  return { repo, books, trades, entries, awards, events };
}
