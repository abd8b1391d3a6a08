import { domainEvent, type DomainEvent } from '../../events/domain-events';
import { retryOnConflict, RETRY } from '../../paper/use-cases/retry';
import { ok, type Result } from '../../result';
import type { BookChange, JournalBook } from '../book';
import { hasWrittenPlan } from '../entries';
import { consumedAlready, journalBusy } from '../journal.errors';
import { LEDGER_CHUNK_ROWS, type LedgerChunk, type StoredTrade } from '../journal.port';
import { rowOf } from '../stats';
import type { JournalTrade } from '../trades';
import type { JournalDeps } from './deps';

/**
 * Reads the book, decides, appends newly closed trades to the ledger, and commits conditionally on the book's version
 * (with the consumer's receipt when given); a lost race is decided again from fresh state.
 */
export function changeBook(
  deps: JournalDeps,
  userId: string,
  receipt: unknown,
  decide: (book: JournalBook) => Promise<{ stored: ReadonlyMap<string, StoredTrade>; change: BookChange } | null>,
): Promise<Result<{ changed: number }>> {
  return retryOnConflict(
    async () => {
      const book = await deps.repo.getBook(userId);
      const decided = await decide(book);
      if (!decided || (!decided.change.trades.length && sameBook(book, decided.change.book))) {
        if (receipt !== undefined) {
          const r = await deps.repo.commit(userId, { expectedVersion: book.version, book, receipt });
          if (r === 'duplicate') return consumedAlready();
          if (r === 'conflict') return RETRY;
        }
        return ok({ changed: 0 });
      }
      const { change, stored } = decided;
      const ledger = await appendToLedger(deps, userId, change.book, change.closed);
      const trades = change.trades.map((t) => ({ trade: t, ledgerChunk: ledger.chunkOf.get(t.id) ?? stored.get(t.id)?.ledgerChunk ?? null }));
      const events = await tradeClosedEvents(deps, userId, change.closed);
      const r = await deps.repo.commit(userId, {
        expectedVersion: book.version,
        book: ledger.book,
        trades,
        chunks: ledger.chunks,
        receipt,
        ...(events.length ? { events } : {}),
      });
      if (r === 'duplicate') return consumedAlready();
      return r === 'ok' ? ok({ changed: trades.length }) : RETRY;
    },
    journalBusy,
    deps.backoff,
  );
}

/**
 * JournalTradeClosed for each trade this change closed (not those a reset ended), in the change's own transaction
 * through the outbox: the trade-level result gamification counts wins, losses and the planned-trade XP from (issue 19).
 * A trade closes once (the change is conditional on the book's version), so each trade's event is published once.
 */
async function tradeClosedEvents(deps: JournalDeps, userId: string, closed: readonly JournalTrade[]): Promise<DomainEvent[]> {
  const events: DomainEvent[] = [];
  for (const t of closed) {
    if (t.exitReason === 'account_reset' || !t.closedAt) continue;
    const entry = t.entryId ? await deps.repo.getEntry(userId, t.entryId) : null;
    const pnl = Math.round(t.realizedPnl * 100) / 100;
    events.push(
      domainEvent(
        'JournalTradeClosed',
        {
          userId,
          tradeId: t.id,
          account: t.account,
          run: t.run,
          strategy: t.strategy,
          legs: t.legs.length,
          realizedPnl: pnl,
          outcome: pnl > 0 ? 'win' : pnl < 0 ? 'loss' : 'breakeven',
          hasPlan: hasWrittenPlan(entry, t.closedAt),
          openedAt: t.openedAt,
          closedAt: t.closedAt,
          // A trade an agent token opened earns the learner nothing when it closes.
          ...(t.agent ? { agent: t.agent } : {}),
        },
        deps.ids.newId(),
      ),
    );
  }
  return events;
}

const sameBook = (a: JournalBook, b: JournalBook) => JSON.stringify({ ...a, version: 0 }) === JSON.stringify({ ...b, version: 0 });

async function appendToLedger(deps: JournalDeps, userId: string, book: JournalBook, closed: readonly JournalTrade[]) {
  const chunkOf = new Map<string, number>();
  if (!closed.length) return { book, chunks: [] as LedgerChunk[], chunkOf };
  let current: LedgerChunk =
    book.ledgerChunks > 0 && book.lastChunkRows < LEDGER_CHUNK_ROWS
      ? ((await deps.repo.getChunk(userId, book.ledgerChunks - 1)) ?? { index: book.ledgerChunks - 1, rows: [] })
      : { index: book.ledgerChunks, rows: [] };
  const chunks: LedgerChunk[] = [];
  for (const t of closed) {
    if (current.rows.length >= LEDGER_CHUNK_ROWS) {
      chunks.push(current);
      current = { index: current.index + 1, rows: [] };
    }
    current = { ...current, rows: [...current.rows.filter((r) => r.id !== t.id), rowOf(t)] };
    chunkOf.set(t.id, current.index);
  }
  chunks.push(current);
  return { book: { ...book, ledgerChunks: current.index + 1, lastChunkRows: current.rows.length }, chunks, chunkOf };
}
