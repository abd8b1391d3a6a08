import { cents } from '../kernel/money';
import type { Side } from '../trading/order';
import {
  applyClose,
  heldAgainst,
  holdersFor,
  indexOpen,
  newTrade,
  reindex,
  type CloseMovement,
  type EntryAnalytics,
  openKey,
  type JournalAccount,
  type JournalTrade,
  type OpenIndex,
  type OpenLeg,
} from './trades';

/**
 * A learner's journal book: the one small item every journal change is conditional on (its version), so the consumer
 * of the order events and the learner's entries never lose a write to each other. It holds where each open contract
 * sits (which trades, first in first out), closes that arrived before the order that opened them (EventBridge may
 * deliver out of order), the entry counters and where the closed trades' ledger ends.
 */
export interface JournalBook {
  version: number;
  open: OpenIndex;
  pending: PendingClose[];
  /** Entries the learner has now. */
  entries: number;
  /** Entries that earned XP, ever (the milestones count these; deleting one does not give it back). */
  awarded: number;
  /** Closed-trade ledger: how many chunks, and rows in the last one. */
  ledgerChunks: number;
  lastChunkRows: number;
}

export interface PendingClose extends CloseMovement {
  key: string;
}

/** At most this many early closes wait for their opening; more means something else is wrong, and the oldest go. */
export const MAX_PENDING = 200;

export const emptyBook = (): JournalBook => ({ version: 0, open: {}, pending: [], entries: 0, awarded: 0, ledgerChunks: 0, lastChunkRows: 0 });

/** A fill of an order as the consumer reads it from the order (shared/paper Fill). */
export interface OrderFillInput {
  contract: string;
  side: Side;
  quantity: number;
  price: number;
  commission: number;
  effect: 'open' | 'close' | 'close-and-open';
  iv: number | null;
  isOption: boolean;
}

export interface BookChange {
  book: JournalBook;
  /** Trades created or changed, to write. */
  trades: JournalTrade[];
  /** Trades that this change closed (for the ledger). */
  closed: JournalTrade[];
}

/** The trades an order's fills may close (to read before `applyOrder`). */
export function tradesToRead(book: JournalBook, fills: readonly Pick<OrderFillInput, 'contract' | 'side' | 'effect'>[], account?: JournalAccount): string[] {
  const ids = new Set<string>();
  for (const f of fills) if (f.effect !== 'open') for (const id of holdersFor(book.open, { contract: f.contract, side: f.side, account })) ids.add(id);
  return [...ids];
}

/**
 * An order's fills: closing parts close the trades holding their contracts, first in first out (what no trade holds
 * waits in `pending` for its opening); opening parts of options start ONE trade, the order's (one trade per opening
 * order; adding to a position is a new trade). A fill that closes and opens (a flip) does both: the part the journal
 * holds closes, the rest opens. Commissions are shared between the two parts by quantity.
 */
export function applyOrder(
  book: JournalBook,
  trades: ReadonlyMap<string, JournalTrade>,
  order: {
    orderId: string;
    /** The paper account when absent. */
    account?: JournalAccount;
    run: number;
    filledAt: string;
    fills: readonly OrderFillInput[];
    /** Made only when the order opens something. */
    describe: (legs: readonly OpenLeg[]) => {
      strategy: string;
      strategySource: JournalTrade['strategySource'];
      entry: EntryAnalytics;
      fillNote?: string;
      agent?: string;
    };
  },
): BookChange {
  let index = book.open;
  let pending = book.pending;
  const changed = new Map<string, JournalTrade>();
  const opening: OpenLeg[] = [];
  for (const f of order.fills) {
    if (!f.isOption) continue;
    const closing = f.effect === 'open' ? 0 : f.effect === 'close' ? f.quantity : Math.min(f.quantity, heldAgainst(index, f.contract, f.side, order.account));
    const closeCommission = closing === f.quantity ? f.commission : cents((f.commission * closing) / f.quantity);
    if (closing > 0) {
      const m: CloseMovement = {
        contract: f.contract,
        account: order.account,
        quantity: closing,
        side: f.side,
        price: f.price,
        commission: closeCommission,
        at: order.filledAt,
        reason: 'closed',
      };
      const r = applyClose(index, mergedTrades(trades, changed), m);
      index = r.index;
      for (const t of r.changed) changed.set(t.id, t);
      if (r.unmatched > 0)
        pending = addPending(pending, {
          ...m,
          quantity: r.unmatched,
          commission: cents((m.commission * r.unmatched) / m.quantity),
          key: `${order.orderId}#${f.contract}`,
        });
    }
    if (f.quantity > closing) {
      opening.push({
        contract: f.contract,
        side: f.side,
        quantity: f.quantity - closing,
        price: f.price,
        commission: cents(f.commission - closeCommission),
        iv: f.iv,
      });
    }
  }
  if (opening.length && !trades.has(order.orderId) && !changed.has(order.orderId)) {
    const d = order.describe(opening);
    const trade = newTrade({ orderId: order.orderId, account: order.account, run: order.run, openedAt: order.filledAt, legs: opening, ...d });
    index = indexOpen(index, trade);
    changed.set(trade.id, trade);
    // Closes that arrived before this opening.
    const r = applyPending(
      index,
      pending,
      mergedTrades(trades, changed),
      trade.legs.map((l) => openKey(trade.account, l.contract)),
    );
    index = r.index;
    pending = r.pending;
    for (const t of r.changed) changed.set(t.id, t);
  }
  return finish(book, trades, { ...book, open: index, pending }, [...changed.values()]);
}

/** A settlement (expiry, exercise, assignment) or an early exercise of a contract, whichever side the trades hold. */
export function applySettlement(book: JournalBook, trades: ReadonlyMap<string, JournalTrade>, m: CloseMovement & { key: string }): BookChange {
  const r = applyClose(book.open, trades, m);
  const pending = r.unmatched > 0 ? addPending(book.pending, { ...m, quantity: r.unmatched }) : book.pending;
  return finish(book, trades, { ...book, open: r.index, pending }, r.changed);
}

/**
 * The paper account was reset: its positions left the book without a trade, so the open trades of the earlier run
 * end here, with what they realized so far and the reason `account_reset` (the statistics leave them out: they were
 * not closed by the learner or by the market).
 */
export function applyReset(book: JournalBook, trades: ReadonlyMap<string, JournalTrade>, previousRun: number, at: string): BookChange {
  const ended: JournalTrade[] = [];
  let index = book.open;
  for (const t of trades.values()) {
    // Only the paper account resets; trades on the learner's Alpaca account go on.
    if (t.status !== 'open' || t.run > previousRun || t.account !== 'paper') continue;
    const legs = t.legs.map((l) =>
      l.open > 0
        ? { ...l, open: 0, closes: [...l.closes, { at, quantity: l.open, price: l.openPrice, commission: 0, pnl: 0, reason: 'account_reset' as const }] }
        : l,
    );
    const next: JournalTrade = { ...t, legs, status: 'closed', closedAt: at, exitReason: 'account_reset' };
    index = reindex(index, next);
    ended.push(next);
  }
  return finish(book, trades, { ...book, open: index, pending: [] }, ended);
}

/** The open trades (to read before `applyReset`, which ends the paper account's only, or to mark them). */
export const openTradeIds = (book: JournalBook): string[] => [...new Set(Object.values(book.open).flatMap((hs) => hs.map((h) => h.tradeId)))];

function finish(before: JournalBook, read: ReadonlyMap<string, JournalTrade>, book: JournalBook, changed: JournalTrade[]): BookChange {
  const closed = changed.filter((t) => t.status === 'closed' && read.get(t.id)?.status !== 'closed');
  return { book: { ...book, version: before.version }, trades: changed, closed };
}

function mergedTrades(read: ReadonlyMap<string, JournalTrade>, changed: ReadonlyMap<string, JournalTrade>): Map<string, JournalTrade> {
  return new Map([...read, ...changed]);
}

function addPending(pending: readonly PendingClose[], p: PendingClose): PendingClose[] {
  return [...pending.filter((x) => x.key !== p.key), p].slice(-MAX_PENDING);
}

function applyPending(
  index: OpenIndex,
  pending: readonly PendingClose[],
  trades: ReadonlyMap<string, JournalTrade>,
  contracts: readonly string[],
): { index: OpenIndex; pending: PendingClose[]; changed: JournalTrade[] } {
  let next = index;
  const kept: PendingClose[] = [];
  const changed = new Map<string, JournalTrade>();
  for (const p of pending) {
    if (!contracts.includes(openKey(p.account, p.contract))) {
      kept.push(p);
      continue;
    }
    const r = applyClose(next, new Map([...trades, ...changed]), p);
    next = r.index;
    for (const t of r.changed) changed.set(t.id, t);
    if (r.unmatched > 0) kept.push({ ...p, quantity: r.unmatched, commission: cents((p.commission * r.unmatched) / p.quantity) });
  }
  return { index: next, pending: kept, changed: [...changed.values()] };
}
