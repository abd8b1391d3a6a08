import { domainEvent, type DomainEvent } from '../events/domain-events';
import type { LearningRepository } from '../learning/learning.port';
import { defaultProgress } from '../learning/progress';
import { newYorkParts } from '../market/dates';
import { parseOcc } from '../market/occ';
import type { PaperAccountRepository } from '../paper/paper.port';
import type { Order, Quote } from '../paper/types';
import { retryOnConflict, RETRY } from '../paper/use-cases/retry';
import type { Clock } from '../ports/clock.port';
import type { IdGenerator } from '../ports/ids.port';
import { fail, ok, type Result } from '../result';
import { applyOrder, applyReset, applySettlement, openTradeIds, tradesToRead, type BookChange, type JournalBook, type OrderFillInput } from './book';
import { entriesCsv, tradesCsv } from './csv';
import {
  awardKey,
  DEFAULT_MISTAKE_TAGS,
  DEFAULT_SETUP_TAGS,
  ENTRY_LIMITS,
  ENTRY_XP,
  hasWrittenPlan,
  isRealReflection,
  JOURNAL_TEXTS,
  progressAfterEntry,
} from './entries';
import { entryAnalytics, recogniseStrategy } from './entry-analytics';
import type { EntryInput, JournalEntry } from './journal.api';
import { LEDGER_CHUNK_ROWS, type JournalRepository, type JournalWrite, type LedgerChunk, type StoredTrade } from './journal.port';
import { computeStats, filterRows, rowOf, type ClosedTradeRow, type JournalStats, type StatsFilter } from './stats';
import { markTrade, type CloseMovement, type JournalAccount, type JournalTrade } from './trades';
import { BoundedMap } from '../bounded-map';

/**
 * The journal's use cases (issue 18). Every change reads the learner's book, decides with the pure core and writes one
 * transaction conditional on the book's version (retried from fresh state when it loses a race), so the order-event
 * consumer and the learner's own writes never overwrite each other.
 */
export interface JournalDeps {
  repo: JournalRepository;
  learning: Pick<LearningRepository, 'get'>;
  paper: Pick<PaperAccountRepository, 'getOrder' | 'getAccount'>;
  clock: Clock;
  ids: IdGenerator;
  backoff?: (attempt: number) => Promise<void>;
  /** Closed-trade rows already read, by learner and book version (a warm handler's memory); absent in unit tests. */
  ledgerCache?: LedgerCache;
}

export interface LedgerCache {
  get(userId: string, version: number): ClosedTradeRow[] | undefined;
  set(userId: string, version: number, rows: ClosedTradeRow[]): void;
}

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
async function ledgerOf(deps: JournalDeps, userId: string, book?: JournalBook): Promise<{ rows: ClosedTradeRow[]; book: JournalBook }> {
  const b = book ?? (await deps.repo.getBook(userId));
  const cached = deps.ledgerCache?.get(userId, b.version);
  if (cached) return { rows: cached, book: b };
  const rows = b.ledgerChunks > 0 ? await deps.repo.ledger(userId) : [];
  deps.ledgerCache?.set(userId, b.version, rows);
  return { rows, book: b };
}

const busy = () => fail('conflict', JOURNAL_TEXTS.busy);
/** A twin delivery of the event committed first (the consumer helper reports the event as a duplicate). */
export const CONSUMED = 'This event was consumed already.';

// ------------------------------------------------------------------------------------------------ trades (events)

/** OrderFilled: the order's fills open a trade and/or close legs of the trades holding their contracts. */
export async function recordOrderFill(deps: JournalDeps, userId: string, orderId: string, receipt?: unknown): Promise<Result<{ changed: number }>> {
  const order = await deps.paper.getOrder(userId, orderId);
  if (!order || order.status !== 'filled' || !order.filledAt) return ok({ changed: 0 });
  const filledAt = order.filledAt;
  const fills: OrderFillInput[] = order.fills.map((f) => ({
    contract: f.contract,
    side: f.side,
    quantity: f.quantity,
    price: f.price,
    commission: f.commission,
    effect: f.effect,
    iv: f.quote.impliedVolatility ?? null,
    isOption: parseOcc(f.contract) !== null,
  }));
  const quotes = new Map<string, Quote>(order.fills.map((f) => [f.contract, f.quote]));
  return changeBook(deps, userId, receipt, async (book) => {
    const stored = await deps.repo.getTrades(userId, [...tradesToRead(book, fills), order.orderId]);
    if (stored.has(order.orderId)) return null; // already recorded
    const trades = new Map([...stored].map(([id, s]) => [id, s.trade]));
    return {
      stored,
      change: applyOrder(book, trades, {
        orderId: order.orderId,
        run: order.run,
        filledAt,
        fills,
        describe: (legs) => describeOrder(order, legs, filledAt, quotes),
      }),
    };
  });
}

/** What the journal needs of a fill on the learner's Alpaca account: the OrderFilled event marked `live` (issue 21). */
export interface LiveFill {
  orderId: string;
  strategy?: string | null;
  legs: readonly { contract: string; side: 'buy' | 'sell'; quantity: number; price: number }[];
  filledAt: string;
  live: { broker: 'alpaca'; environment: 'paper' | 'live' };
}

/**
 * OrderFilled on the learner's Alpaca account: the same journal trades as paper, in the account's own book (a live
 * fill never closes a paper trade). Alpaca's fill says nothing the journal can trust about opening or closing, so each
 * leg closes what the journal holds against it in that account and opens the rest; Alpaca charges no commission on
 * options (research-brokers.md; regulatory fees are not in the order). The Greeks at entry come from the market's
 * quotes when the journal records the fill (null when the market has none). Expiries on Alpaca reach the journal only
 * as Alpaca's own closing fills.
 */
export async function recordLiveFill(
  deps: JournalDeps,
  userId: string,
  fill: LiveFill,
  quotesOf: ((contracts: readonly string[]) => Promise<ReadonlyMap<string, Quote>>) | null,
  receipt?: unknown,
): Promise<Result<{ changed: number }>> {
  const account: JournalAccount = fill.live.environment === 'live' ? 'alpaca-live' : 'alpaca-paper';
  const fills: OrderFillInput[] = fill.legs.map((l) => ({
    contract: l.contract,
    side: l.side,
    quantity: l.quantity,
    price: l.price,
    commission: 0,
    effect: 'close-and-open',
    iv: null,
    isOption: parseOcc(l.contract) !== null,
  }));
  const options = fills.filter((f) => f.isOption).map((f) => f.contract);
  const quotes = quotesOf && options.length ? await quotesOf(options).catch(() => new Map<string, Quote>()) : new Map<string, Quote>();
  const withIv = fills.map((f) => ({ ...f, iv: quotes.get(f.contract)?.impliedVolatility ?? null }));
  return changeBook(deps, userId, receipt, async (book) => {
    const stored = await deps.repo.getTrades(userId, [...tradesToRead(book, withIv, account), fill.orderId]);
    if (stored.has(fill.orderId)) return null; // already recorded
    const trades = new Map([...stored].map(([id, s]) => [id, s.trade]));
    return {
      stored,
      change: applyOrder(book, trades, {
        orderId: fill.orderId,
        account,
        run: 0,
        filledAt: fill.filledAt,
        fills: withIv,
        describe: (legs) => ({
          strategy: fill.strategy ?? recogniseStrategy(legs),
          strategySource: fill.strategy ? ('builder' as const) : ('recognised' as const),
          entry: entryAnalytics(legs, { filledAt: fill.filledAt, quotes }),
        }),
      }),
    };
  });
}

function describeOrder(order: Order, legs: Parameters<typeof recogniseStrategy>[0], filledAt: string, quotes: ReadonlyMap<string, Quote>) {
  return {
    strategy: order.strategy ?? recogniseStrategy(legs),
    strategySource: order.strategy ? ('builder' as const) : ('recognised' as const),
    entry: entryAnalytics(legs, { filledAt, quotes }),
  };
}

/** OptionExpired / OptionExercised: the contract's legs close at the option's value (0 worthless, else intrinsic). */
export function recordSettlement(
  deps: JournalDeps,
  userId: string,
  m: CloseMovement & { key: string },
  receipt?: unknown,
): Promise<Result<{ changed: number }>> {
  return changeBook(deps, userId, receipt, async (book) => {
    const ids = (book.open[m.contract] ?? []).map((h) => h.tradeId);
    const stored = await deps.repo.getTrades(userId, ids);
    return { stored, change: applySettlement(book, new Map([...stored].map(([id, s]) => [id, s.trade])), m) };
  });
}

/** AccountReset: the earlier run's open trades end without a close. */
export function recordReset(deps: JournalDeps, userId: string, previousRun: number, at: string, receipt?: unknown): Promise<Result<{ changed: number }>> {
  return changeBook(deps, userId, receipt, async (book) => {
    const stored = await deps.repo.getTrades(userId, openTradeIds(book));
    return { stored, change: applyReset(book, new Map([...stored].map(([id, s]) => [id, s.trade])), previousRun, at) };
  });
}

/** A day's marks for the learner's open trades (MFE / MAE); a trade with a missing mark is left for another day. */
export function recordMarks(
  deps: JournalDeps,
  userId: string,
  date: string,
  marksOf: (contracts: readonly string[]) => Promise<ReadonlyMap<string, number>>,
): Promise<Result<{ changed: number }>> {
  return changeBook(deps, userId, undefined, async (book) => {
    const stored = await deps.repo.getTrades(userId, openTradeIds(book));
    const marks = await marksOf([...new Set([...stored.values()].flatMap((s) => s.trade.legs.filter((l) => l.open > 0).map((l) => l.contract)))]);
    const changed = [...stored.values()].map((s) => markTrade(s.trade, marks, date)).filter((t): t is JournalTrade => t !== null);
    return { stored, change: { book, trades: changed, closed: [] } };
  });
}

/**
 * After new quotes (ChainIngested, the 18:00 New York ingestion above all): each learner's open trades get the day's
 * mark, the last one of a day standing as its end-of-day mark. Returns how many learners were marked.
 */
export async function markOpenTrades(
  deps: JournalDeps,
  marksOf: (contracts: readonly string[]) => Promise<ReadonlyMap<string, number>>,
  onFailure: (userId: string, error: unknown) => void,
): Promise<number> {
  const date = newYorkParts(deps.clock.now()).date;
  let marked = 0;
  for (const userId of await deps.repo.learnersWithOpenTrades()) {
    try {
      const r = await recordMarks(deps, userId, date, marksOf);
      if (r.ok && r.value.changed > 0) marked++;
    } catch (err) {
      onFailure(userId, err);
    }
  }
  return marked;
}

/**
 * Reads the book, decides, appends newly closed trades to the ledger, and commits conditionally on the book's version
 * (with the consumer's receipt when given); a lost race is decided again from fresh state.
 */
function changeBook(
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
          if (r === 'duplicate') return fail('conflict', CONSUMED);
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
      if (r === 'duplicate') return fail('conflict', CONSUMED);
      return r === 'ok' ? ok({ changed: trades.length }) : RETRY;
    },
    busy,
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

// ------------------------------------------------------------------------------------------------ entries

const todayInNewYork = (deps: JournalDeps) => newYorkParts(deps.clock.now()).date;

export interface EntryWritten {
  entry: JournalEntry;
  xpAwarded: number;
}

/** POST /api/journal/entries. */
export function createEntry(deps: JournalDeps, userId: string, input: EntryInput): Promise<Result<EntryWritten>> {
  return retryOnConflict(
    async () => {
      const book = await deps.repo.getBook(userId);
      if (book.entries >= ENTRY_LIMITS.entries) return fail('conflict', JOURNAL_TEXTS.limit);
      let stored: StoredTrade | undefined;
      if (input.tradeId) {
        stored = (await deps.repo.getTrades(userId, [input.tradeId])).get(input.tradeId);
        if (!stored) return fail('not_found', JOURNAL_TEXTS.noTrade(input.tradeId));
        if (stored.trade.entryId) return fail('conflict', JOURNAL_TEXTS.tradeHasEntry);
      }
      const at = deps.clock.now().toISOString();
      const entry: JournalEntry = {
        ...input,
        id: deps.ids.newId(),
        date: input.date ?? todayInNewYork(deps),
        xpAwarded: false,
        createdAt: at,
        updatedAt: at,
      };
      return writeEntry(deps, userId, book, entry, stored, { entries: book.entries + 1, isNew: true });
    },
    busy,
    deps.backoff,
  );
}

/** PUT /api/journal/entries/{id}: the entry keeps its id, trade, kind and creation time. */
export function updateEntry(deps: JournalDeps, userId: string, id: string, input: EntryInput): Promise<Result<EntryWritten>> {
  return retryOnConflict(
    async () => {
      const book = await deps.repo.getBook(userId);
      const before = await deps.repo.getEntry(userId, id);
      if (!before) return fail('not_found', JOURNAL_TEXTS.noEntry(id));
      const stored = before.tradeId ? (await deps.repo.getTrades(userId, [before.tradeId])).get(before.tradeId) : undefined;
      const entry: JournalEntry = {
        ...input,
        id,
        tradeId: before.tradeId,
        kind: before.kind,
        date: input.date ?? before.date,
        xpAwarded: before.xpAwarded,
        createdAt: before.createdAt,
        updatedAt: deps.clock.now().toISOString(),
      };
      return writeEntry(deps, userId, book, entry, stored, { entries: book.entries, isNew: false });
    },
    busy,
    deps.backoff,
  );
}

async function writeEntry(
  deps: JournalDeps,
  userId: string,
  book: JournalBook,
  entry: JournalEntry,
  stored: StoredTrade | undefined,
  opts: { entries: number; isNew: boolean },
): Promise<Result<EntryWritten> | typeof RETRY> {
  const key = awardKey(entry);
  const award = !entry.xpAwarded && isRealReflection(entry) && !(await deps.repo.hasAward(userId, key));
  const next: JournalEntry = { ...entry, xpAwarded: entry.xpAwarded || award };
  const awarded = book.awarded + (award ? 1 : 0);
  const nextBook: JournalBook = { ...book, entries: opts.entries, awarded };
  const write: JournalWrite = { expectedVersion: book.version, book: nextBook, putEntry: next };
  if (award) write.award = key;
  if (stored) Object.assign(write, await withTradeTags(deps, userId, stored, next));
  if (award || opts.isNew) {
    const learn = (await deps.learning.get(userId)) ?? { progress: defaultProgress(), version: 0, published: [], judgedOrders: {} };
    write.progress = {
      expectedVersion: learn.version,
      next: progressAfterEntry(learn.progress, { entries: opts.entries, awarded, award, at: next.updatedAt }),
      extras: { published: learn.published ?? [], judgedOrders: learn.judgedOrders ?? {} },
    };
  }
  // Published once per counted reflection (on the write that earns it, a create or a later edit), so every consumer
  // (gamification's 25 XP, its streak day) sees what the journal counts, and deleting and writing again adds nothing.
  if (award) write.events = [domainEvent('JournalEntryAdded', { userId, entryId: next.id, at: next.updatedAt }, deps.ids.newId())];
  return (await deps.repo.commit(userId, write)) === 'ok' ? ok({ entry: next, xpAwarded: award ? ENTRY_XP : 0 }) : RETRY;
}

/** The trade and its ledger row carry the entry's id and tags (the statistics filter by them). */
async function withTradeTags(
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

/** DELETE /api/journal/entries/{id}: the XP it earned stays earned, and its award key is never earned again. */
export function deleteEntry(deps: JournalDeps, userId: string, id: string): Promise<Result<null>> {
  return retryOnConflict(
    async () => {
      const book = await deps.repo.getBook(userId);
      const entry = await deps.repo.getEntry(userId, id);
      if (!entry) return fail('not_found', JOURNAL_TEXTS.noEntry(id));
      const stored = entry.tradeId ? (await deps.repo.getTrades(userId, [entry.tradeId])).get(entry.tradeId) : undefined;
      const entries = Math.max(0, book.entries - 1);
      const write: JournalWrite = { expectedVersion: book.version, book: { ...book, entries }, deleteEntry: id };
      if (stored && stored.trade.entryId === id) Object.assign(write, await withTradeTags(deps, userId, stored, null));
      const learn = await deps.learning.get(userId);
      if (learn) {
        write.progress = {
          expectedVersion: learn.version,
          next: { ...learn.progress, journalEntries: entries },
          extras: { published: learn.published ?? [], judgedOrders: learn.judgedOrders ?? {} },
        };
      }
      return (await deps.repo.commit(userId, write)) === 'ok' ? ok(null) : RETRY;
    },
    busy,
    deps.backoff,
  );
}

export async function getEntry(deps: JournalDeps, userId: string, id: string): Promise<Result<JournalEntry>> {
  const entry = await deps.repo.getEntry(userId, id);
  return entry ? ok(entry) : fail('not_found', JOURNAL_TEXTS.noEntry(id));
}

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

// ------------------------------------------------------------------------------------------------ reads

export interface TradeSummary {
  id: string;
  account: JournalAccount;
  status: 'open' | 'closed';
  strategy: string;
  underlying: string;
  openedAt: string;
  closedAt: string | null;
  date: string | null;
  pnl: number;
  risk: number | null;
  maxProfit: number | null;
  exitReason: ClosedTradeRow['exitReason'] | null;
  setupTags: string[];
  mistakeTags: string[];
  reflected: boolean;
  legs: number;
}

const countedRows = (rows: readonly ClosedTradeRow[]) => rows.filter((r) => r.exitReason !== 'account_reset');

/** GET /api/journal/trades: one account's open trades, or closed ones with the statistics filters (and one New York day); newest first. */
export async function listTrades(
  deps: JournalDeps,
  userId: string,
  q: StatsFilter & { status: 'open' | 'closed'; date?: string; limit: number },
): Promise<{ trades: TradeSummary[]; total: number; toReflect: number }> {
  const { rows, book } = await ledgerOf(deps, userId);
  const toReflect = countedRows(rows).filter((r) => !r.reflected).length;
  if (q.status === 'open') {
    const stored = await deps.repo.getTrades(userId, openTradeIds(book));
    const account = q.account ?? 'paper';
    const open = [...stored.values()]
      .filter(({ trade: t }) => t.account === account)
      .map(({ trade: t }) => ({
        id: t.id,
        account: t.account,
        status: 'open' as const,
        strategy: t.strategy,
        underlying: t.underlying,
        openedAt: t.openedAt,
        closedAt: null,
        date: null,
        pnl: t.realizedPnl,
        risk: t.entry.maxLoss,
        maxProfit: t.entry.maxProfit,
        exitReason: null,
        setupTags: t.setupTags,
        mistakeTags: t.mistakeTags,
        reflected: t.entryId !== null,
        legs: t.legs.length,
      }))
      .sort((a, b) => b.openedAt.localeCompare(a.openedAt));
    return { trades: open.slice(0, q.limit), total: open.length, toReflect };
  }
  const kept = filterRows(rows, q)
    .filter((r) => !q.date || r.date === q.date)
    .sort((a, b) => b.closedAt.localeCompare(a.closedAt));
  return { trades: kept.slice(0, q.limit).map((r) => ({ ...r, status: 'closed' as const })), total: kept.length, toReflect };
}

export async function getTrade(deps: JournalDeps, userId: string, id: string): Promise<Result<{ trade: JournalTrade; entry: JournalEntry | null }>> {
  const stored = (await deps.repo.getTrades(userId, [id])).get(id);
  if (!stored) return fail('not_found', JOURNAL_TEXTS.noTrade(id));
  const entry = stored.trade.entryId ? await deps.repo.getEntry(userId, stored.trade.entryId) : null;
  return ok({ trade: stored.trade, entry });
}

/** GET /api/journal/stats: the figures over the filtered closed trades; the drawdown's % on the paper account's starting capital. */
export async function journalStats(deps: JournalDeps, userId: string, filter: StatsFilter): Promise<JournalStats> {
  const paper = !filter.account || filter.account === 'paper';
  const [{ rows }, account] = await Promise.all([ledgerOf(deps, userId), paper ? deps.paper.getAccount(userId) : null]);
  // The paper account's starting capital is the base of its equity curve; an Alpaca account's is not known here.
  return computeStats(filterRows(rows, filter), account?.startingCapital ?? 0);
}

/** At most this much CSV in one answer (API Gateway and Lambda answer up to 6 MB). */
export const EXPORT_MAX_BYTES = 5_000_000;

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
