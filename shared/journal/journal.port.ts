import type { DomainEvent } from '../events/domain-events';
import type { JournalEntry } from './journal.api';
import type { JournalBook } from './book';
import type { ClosedTradeRow } from './stats';
import type { JournalTrade } from './trades';

/** A trade as stored: with the ledger chunk its closed row lives in (null while open). */
export interface StoredTrade {
  trade: JournalTrade;
  ledgerChunk: number | null;
}

/** Closed trades are kept as compact rows in a few chunks, so the statistics read a few items, not thousands. */
export interface LedgerChunk {
  index: number;
  rows: ClosedTradeRow[];
}
export const LEDGER_CHUNK_ROWS = 500;

/**
 * One journal change, written as one transaction conditional on the book's version (and on the award not existing when
 * one is made), with its events in the outbox.
 */
export interface JournalWrite {
  expectedVersion: number;
  book: JournalBook;
  trades?: readonly StoredTrade[];
  chunks?: readonly LedgerChunk[];
  putEntry?: JournalEntry;
  deleteEntry?: string;
  /** An award key to record (its item's existence is the dedupe: XP once per key, ever). */
  award?: string;
  events?: readonly DomainEvent[];
  /** An item of the consumer's own for the same transaction (its event receipt), opaque here. */
  receipt?: unknown;
}

export interface JournalRepository {
  getBook(userId: string): Promise<JournalBook>;
  getTrades(userId: string, ids: readonly string[]): Promise<Map<string, StoredTrade>>;
  getChunk(userId: string, index: number): Promise<LedgerChunk | null>;
  /** Every closed-trade row, oldest chunk first. */
  ledger(userId: string): Promise<ClosedTradeRow[]>;
  getEntry(userId: string, id: string): Promise<JournalEntry | null>;
  /** Newest first, a page at a time. */
  listEntries(
    userId: string,
    opts: { kind?: JournalEntry['kind']; cursor?: string; limit: number },
  ): Promise<{ entries: JournalEntry[]; cursor: string | null }>;
  hasAward(userId: string, key: string): Promise<boolean>;
  /** Learners whose book holds an open trade (for the daily marks). */
  learnersWithOpenTrades(): Promise<string[]>;
  /** 'conflict' when a condition failed (another change won the race): decide again from fresh state; 'duplicate' when the receipt exists (a twin delivery committed). */
  commit(userId: string, write: JournalWrite): Promise<'ok' | 'conflict' | 'duplicate'>;
}
