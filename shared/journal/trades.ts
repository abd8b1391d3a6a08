import { newYorkParts } from '../market/dates';
import { parseOcc } from '../market/occ';
import { cents } from '../kernel/money';
import { CONTRACT_MULTIPLIER } from '../paper/types';
import type { Side } from '../trading/order';

/**
 * Journal trades (issue 18): one per paper order that opens a position, filled in by the server from the order
 * events. A multi-leg order is ONE trade however its legs end (closed one by one, expired, exercised, assigned); it is
 * closed when no leg is open, and its P&L is the sum over its legs net of every commission. Counting a winning spread
 * as one win and one loss is the open-source journals' bug to avoid (TradeTally, GitHub issue #339).
 *
 * Pure: the consumer (functions/events/journal-trades.ts) reads the learner's book and the trades an event touches,
 * calls these, and writes the result in one transaction. Money in dollars; prices per share; 100 shares a contract.
 */
export type ExitReason = 'closed' | 'expired_worthless' | 'exercised' | 'assigned' | 'cash_settled' | 'account_reset';
export const EXIT_REASONS: readonly ExitReason[] = ['closed', 'expired_worthless', 'exercised', 'assigned', 'cash_settled', 'account_reset'];

export interface LegClose {
  at: string;
  quantity: number;
  /** Per share: the fill price, or the option's value at settlement (0 worthless, else its intrinsic value). */
  price: number;
  commission: number;
  /** Before fees: (price − open price) × ±quantity × 100. */
  pnl: number;
  reason: ExitReason;
}

export interface JournalLeg {
  contract: string;
  underlying: string;
  optionType: 'call' | 'put';
  strike: number;
  expiration: string;
  /** The opening side. */
  side: Side;
  /** Contracts opened. */
  quantity: number;
  openPrice: number;
  openCommission: number;
  iv: number | null;
  /** Contracts still open. */
  open: number;
  closes: LegClose[];
}

/** Figures at entry, for the whole trade (all its lots), from the strategy analytics (shared/strategy). */
export interface EntryAnalytics {
  /** Cash at the opening before fees: positive a credit received, negative a debit paid. */
  netPremium: number;
  commissions: number;
  underlyingPrice: number | null;
  /** Mean implied volatility of the legs at the fill (0.25 = 25%). */
  iv: number | null;
  greeks: { delta: number; gamma: number; theta: number; vega: number } | null;
  /** Null when unlimited. */
  maxProfit: number | null;
  /** The most the trade can lose, as a positive amount; null when unlimited (undefined risk: no R). */
  maxLoss: number | null;
  breakevens: number[];
  /** 0–1, the builder's probability of profit. */
  pop: number | null;
  /** Calendar days from the fill's New York date to the first expiration. */
  dte: number;
  lots: number;
}

export interface DailyMark {
  date: string;
  /** The trade's P&L had it been closed at that day's marks: realized so far plus unrealized, net of fees paid. */
  pnl: number;
}

/**
 * Which account a trade was made in: the product's paper account, or the learner's own Alpaca account (issue 21), paper
 * or live. Each account's trades stay apart: a fill closes only trades of its own account, and the statistics are per
 * account (a live trade never changes the paper figures).
 */
export const JOURNAL_ACCOUNTS = ['paper', 'alpaca-paper', 'alpaca-live'] as const;
export type JournalAccount = (typeof JOURNAL_ACCOUNTS)[number];

/** The key of a contract in the open index: the contract for the paper account, prefixed by the account otherwise. */
export const openKey = (account: JournalAccount | undefined, contract: string): string =>
  !account || account === 'paper' ? contract : `${account}|${contract}`;

export interface JournalTrade {
  id: string;
  account: JournalAccount;
  /** The paper account's run it was opened in. */
  run: number;
  strategy: string;
  strategySource: 'builder' | 'recognised';
  /** How the opening fill was made when not at the session's own prices, e.g. "Filled at Friday's close (practice shortcut — the market was closed)". */
  fillNote?: string;
  /** Opened by the learner's agent token of this name (the Agent API): the journal shows "placed by agent 'NAME'". */
  agent?: string;
  underlying: string;
  openedAt: string;
  closedAt: string | null;
  status: 'open' | 'closed';
  legs: JournalLeg[];
  entry: EntryAnalytics;
  /** Net of every commission paid so far; final when closed. */
  realizedPnl: number;
  exitReason: ExitReason | null;
  marks: DailyMark[];
  /** Best and worst of the daily marks (MFE / MAE), null before the first mark. */
  mfe: number | null;
  mae: number | null;
  /** The learner's reflection on it, denormalised so the statistics can filter by tag and mistake. */
  entryId: string | null;
  setupTags: string[];
  mistakeTags: string[];
}

/** A closing movement of a contract: a fill, a settlement at expiry or an early exercise. */
export interface CloseMovement {
  contract: string;
  /** Contracts, positive. */
  quantity: number;
  /** The side of the closing trade: sell closes a long. Settlements close whatever side the trade holds. */
  side: Side | null;
  /** The account it happened in (the paper account when absent). */
  account?: JournalAccount;
  price: number;
  commission: number;
  at: string;
  reason: ExitReason;
}

/** A leg of an opening fill. */
export interface OpenLeg {
  contract: string;
  side: Side;
  quantity: number;
  price: number;
  commission: number;
  iv: number | null;
}

/** Where each open contract sits: the trades holding it, oldest first (closes are taken first in, first out). */
export type OpenIndex = Record<string, { tradeId: string; quantity: number; side: Side }[]>;

export const sign = (side: Side): 1 | -1 => (side === 'buy' ? 1 : -1);

/** A new trade from the opening legs of an order (the legs must be options; the caller keeps shares out). */
export function newTrade(input: {
  orderId: string;
  account?: JournalAccount;
  run: number;
  strategy: string;
  strategySource: JournalTrade['strategySource'];
  openedAt: string;
  legs: readonly OpenLeg[];
  entry: EntryAnalytics;
  fillNote?: string;
  agent?: string;
}): JournalTrade {
  const legs: JournalLeg[] = input.legs.map((l) => {
    const occ = parseOcc(l.contract);
    if (!occ) throw new RangeError(`not an option contract: ${l.contract}`);
    return {
      contract: l.contract,
      underlying: occ.underlying,
      optionType: occ.type,
      strike: occ.strike,
      expiration: occ.expiration,
      side: l.side,
      quantity: l.quantity,
      openPrice: l.price,
      openCommission: l.commission,
      iv: l.iv,
      open: l.quantity,
      closes: [],
    };
  });
  const trade: JournalTrade = {
    id: input.orderId,
    account: input.account ?? 'paper',
    run: input.run,
    strategy: input.strategy,
    strategySource: input.strategySource,
    ...(input.fillNote ? { fillNote: input.fillNote } : {}),
    ...(input.agent ? { agent: input.agent } : {}),
    underlying: legs[0]!.underlying,
    openedAt: input.openedAt,
    closedAt: null,
    status: 'open',
    legs,
    entry: input.entry,
    realizedPnl: 0,
    exitReason: null,
    marks: [],
    mfe: null,
    mae: null,
    entryId: null,
    setupTags: [],
    mistakeTags: [],
  };
  return { ...trade, realizedPnl: realizedOf(trade) };
}

/** Realized P&L so far: the legs' closes before fees, less every commission paid (opening and closing). */
export function realizedOf(trade: Pick<JournalTrade, 'legs'>): number {
  let total = 0;
  for (const leg of trade.legs) {
    total -= leg.openCommission;
    for (const c of leg.closes) total += c.pnl - c.commission;
  }
  return cents(total);
}

/** Which way the trade holds a contract when the closing side is not given (a settlement). */
const REASON_ORDER: readonly ExitReason[] = ['account_reset', 'assigned', 'exercised', 'cash_settled', 'expired_worthless', 'closed'];

/**
 * Closes up to `quantity` contracts of one leg of a trade. Returns the trade and the contracts it took. The P&L is the
 * trade's own: against the leg's open price, so two trades in one contract each keep their own result.
 */
export function closeLeg(trade: JournalTrade, m: CloseMovement & { quantity: number }): { trade: JournalTrade; taken: number } {
  const i = trade.legs.findIndex((l) => l.contract === m.contract && l.open > 0 && (m.side === null || l.side !== m.side));
  if (i < 0) return { trade, taken: 0 };
  const leg = trade.legs[i]!;
  const taken = Math.min(leg.open, m.quantity);
  const pnl = cents((m.price - leg.openPrice) * sign(leg.side) * taken * CONTRACT_MULTIPLIER);
  const close: LegClose = { at: m.at, quantity: taken, price: m.price, commission: m.commission, pnl, reason: m.reason };
  const legs = trade.legs.map((l, j) => (j === i ? { ...l, open: l.open - taken, closes: [...l.closes, close] } : l));
  return { trade: settleStatus({ ...trade, legs }), taken };
}

/**
 * Open while any leg is open; once none is, closed at the last close, for the reason that ended it (at the same
 * moment, an assignment or exercise outranks an expiry, which outranks a plain close).
 */
export function settleStatus(trade: JournalTrade): JournalTrade {
  const realizedPnl = realizedOf(trade);
  if (trade.legs.some((l) => l.open > 0)) return { ...trade, realizedPnl, status: 'open', closedAt: null, exitReason: null };
  const closes = trade.legs.flatMap((l) => l.closes);
  const last = closes.reduce((a, c) => (c.at > a ? c.at : a), '');
  const atLast = closes.filter((c) => c.at === last).map((c) => c.reason);
  const exitReason = REASON_ORDER.find((r) => atLast.includes(r)) ?? 'closed';
  return { ...trade, realizedPnl, status: 'closed', closedAt: last || trade.openedAt, exitReason };
}

/** Adds a trade's opening legs to the index of open contracts. */
export function indexOpen(index: OpenIndex, trade: JournalTrade): OpenIndex {
  const next: OpenIndex = { ...index };
  for (const leg of trade.legs) {
    if (leg.open <= 0) continue;
    const key = openKey(trade.account, leg.contract);
    next[key] = [...(next[key] ?? []).filter((h) => h.tradeId !== trade.id), { tradeId: trade.id, quantity: leg.open, side: leg.side }];
  }
  return next;
}

/** The index after a trade changed: its holdings at their new open quantities (a closed trade leaves it). */
export function reindex(index: OpenIndex, trade: JournalTrade): OpenIndex {
  const next: OpenIndex = {};
  for (const [contract, holders] of Object.entries(index)) {
    const kept = holders.filter((h) => h.tradeId !== trade.id);
    if (kept.length) next[contract] = kept;
  }
  return indexOpen(next, trade);
}

/** The trades a closing movement would take contracts from, oldest first (first in, first out). */
export function holdersFor(index: OpenIndex, m: Pick<CloseMovement, 'contract' | 'side' | 'account'>): string[] {
  return (index[openKey(m.account, m.contract)] ?? []).filter((h) => m.side === null || h.side !== m.side).map((h) => h.tradeId);
}

/** How many contracts of a contract the journal holds on the side a closing trade of `side` would close. */
export function heldAgainst(index: OpenIndex, contract: string, side: Side, account?: JournalAccount): number {
  return (index[openKey(account, contract)] ?? []).filter((h) => h.side !== side).reduce((s, h) => s + h.quantity, 0);
}

/**
 * Applies a closing movement across the trades holding the contract, first in first out; the commission is shared by
 * quantity (the last share takes the rounding, so the cents add up). Returns the changed trades and what no trade held.
 */
export function applyClose(
  index: OpenIndex,
  trades: ReadonlyMap<string, JournalTrade>,
  m: CloseMovement,
): { index: OpenIndex; changed: JournalTrade[]; unmatched: number } {
  let left = m.quantity;
  let commissionLeft = m.commission;
  let next = index;
  const changed: JournalTrade[] = [];
  for (const id of holdersFor(index, m)) {
    if (left <= 0) break;
    const trade = changed.find((t) => t.id === id) ?? trades.get(id);
    if (!trade) continue;
    const leg = trade.legs.find((l) => l.contract === m.contract && l.open > 0 && (m.side === null || l.side !== m.side));
    if (!leg) continue;
    const taking = Math.min(leg.open, left);
    const commission = taking === left ? cents(commissionLeft) : cents((m.commission * taking) / m.quantity);
    const r = closeLeg(trade, { ...m, quantity: taking, commission });
    left -= r.taken;
    commissionLeft -= commission;
    next = reindex(next, r.trade);
    const at = changed.findIndex((t) => t.id === id);
    if (at >= 0) changed[at] = r.trade;
    else changed.push(r.trade);
  }
  return { index: next, changed, unmatched: left };
}

/** Unrealized P&L of the open legs at marks (per share), for a daily mark; null when a mark is missing. */
export function markTrade(trade: JournalTrade, marks: ReadonlyMap<string, number>, date: string): JournalTrade | null {
  if (trade.status !== 'open') return null;
  let unrealized = 0;
  for (const leg of trade.legs) {
    if (leg.open <= 0) continue;
    const mark = marks.get(leg.contract);
    if (mark === undefined) return null;
    unrealized += (mark - leg.openPrice) * sign(leg.side) * leg.open * CONTRACT_MULTIPLIER;
  }
  const pnl = cents(trade.realizedPnl + unrealized);
  const marksList = [...trade.marks.filter((m) => m.date !== date), { date, pnl }].sort((a, b) => a.date.localeCompare(b.date)).slice(-MAX_MARKS);
  return { ...trade, marks: marksList, ...excursions(marksList) };
}

/** A trade keeps at most this many daily marks (more than a year of trading days). */
export const MAX_MARKS = 400;

/**
 * MFE and MAE from end-of-day marks (Tradervue's MFE/MAE report): the best and the worst of the marks' P&L while the
 * trade was open. End-of-day data cannot see intraday extremes, which the page says.
 */
export function excursions(marks: readonly DailyMark[]): { mfe: number | null; mae: number | null } {
  if (!marks.length) return { mfe: null, mae: null };
  return { mfe: Math.max(...marks.map((m) => m.pnl)), mae: Math.min(...marks.map((m) => m.pnl)) };
}

/** The New York trading date of an instant (the calendar's days). */
export const newYorkDate = (iso: string): string => newYorkParts(new Date(iso)).date;
