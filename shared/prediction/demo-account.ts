/**
 * The demo account of the prediction markets: play money, never mixed with the paper account, in whole cents. Pure
 * decisions only: what an order does to the balance, the positions and itself against the book as made, what a
 * resting bid does at a later making, what a settlement pays. The use cases read, call these, and write the answer in
 * one conditional transaction.
 *
 * A buy walks the asks (a YES ask is 100 − a NO bid) up to its limit; a limit bid rests what the book cannot fill now
 * and holds what it may cost (limit × contracts + the largest fee they can owe); a sell walks the side's own bids and
 * sells only what is held. Kalshi's taker fee is charged once per order on what filled (summed over the levels it
 * took, rounded up once). An order the balance cannot pay is refused whole.
 */
import { formatUsd } from '../format/money';
import { fail, ok, type Err, type Result } from '../result';
import { buyAtAsk, sellToBids, type BookFill, type BookLevel, type OrderBook, type Side } from './book';
import { isContractCount, isPriceCents, PAYOUT_CENTS, takerFeeCents, takerFeeOfFillCents } from './fee';
import { DEMO_STARTING_CENTS } from './prediction.api';
import { badCount, badPrice } from './prediction.errors';
import type { PredictionMarket } from './markets';
import { payoutCents, type Resolution } from './settlement';

/** $1,000 of play money, in cents. */
export const STARTING_BALANCE_CENTS = DEMO_STARTING_CENTS;
/** Resting limit bids one learner may keep at once (bounds the reset's one transaction). */
export const MAX_RESTING_ORDERS = 40;

export interface DemoAccount {
  userId: string;
  /** Spendable cents. */
  balance: number;
  /** Cents held for resting limit bids. */
  held: number;
  startingBalance: number;
  createdAt: string;
  resetAt: string | null;
  /** How many times the learner started again. */
  resets: number;
  /** The condition of every write; 0 for an account not stored yet (a learner's first order creates it). */
  version: number;
}

/**
 * One side of one market, as a position or an order keeps it: the market's id and the words and times the account
 * shows of it, so reading an account never reads the markets.
 */
export interface MarketRef {
  marketId: string;
  underlying: string;
  expiration: string;
  question: string;
  label: string;
  closesAt: string;
  side: Side;
}

/** The reference a position or an order in `market` on `side` keeps. */
export const marketRefOf = (market: PredictionMarket, side: Side): MarketRef => ({
  marketId: market.id,
  underlying: market.underlying,
  expiration: market.expiration,
  question: market.question,
  label: market.label,
  closesAt: market.closesAt,
  side,
});

/** Contracts of one side of one market, with what they cost. */
export interface DemoPosition extends MarketRef {
  count: number;
  /** Cents paid for the contracts held, fees included. */
  cost: number;
  /** Cents paid at the fill prices, fees not included (the average price is paid ÷ count). */
  paid: number;
  /** 0 for a position not stored yet. */
  version: number;
}

export type OrderStatus = 'filled' | 'resting' | 'canceled' | 'expired';

export interface DemoOrder extends MarketRef {
  id: string;
  clientOrderId: string;
  action: 'buy' | 'sell';
  type: 'market' | 'limit';
  count: number;
  limitPrice: number | null;
  filledCount: number;
  avgFillPrice: number | null;
  /** Taker fee paid so far, in cents. */
  fee: number;
  status: OrderStatus;
  /** Cents held for the part still resting. */
  held: number;
  /** The levels it took, one per price. */
  fills: BookLevel[];
  /** The making (its `madeAt`) the order was last matched against: a resting bid fills only at a later one. */
  checkedAt: string;
  createdAt: string;
  updatedAt: string;
}

export interface DemoSettlement {
  marketId: string;
  underlying: string;
  expiration: string;
  question: string;
  side: Side;
  count: number;
  cost: number;
  outcome: 'yes' | 'no' | 'void';
  payout: number;
  pnl: number;
  close: number | null;
  closeDate: string | null;
  settledAt: string;
}

/** What a learner asks for (the body of POST /api/predictions/orders). */
export interface DemoOrderRequest {
  clientOrderId: string;
  marketId: string;
  side: Side;
  action: 'buy' | 'sell';
  type: 'market' | 'limit';
  count: number;
  limitPrice?: number | undefined;
}

/** A position before and after a change (null: none). */
export interface PositionChange {
  before: DemoPosition | null;
  after: DemoPosition | null;
}

/** What a decision changes: the account as it becomes, the order, the position, the contracts traded. */
export interface Decision {
  account: DemoAccount;
  order: DemoOrder;
  position: PositionChange | null;
  /** Contracts traded with the book (the market's volume). */
  traded: number;
}

export const freshAccount = (userId: string, at: string): DemoAccount => ({
  userId,
  balance: STARTING_BALANCE_CENTS,
  held: 0,
  startingBalance: STARTING_BALANCE_CENTS,
  createdAt: at,
  resetAt: null,
  resets: 0,
  version: 0,
});

export const positionKey = (marketId: string, side: Side): string => `${marketId}#${side}`;

const sideWord = (side: Side) => side.toUpperCase();
const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
const dollars = (c: number) => formatUsd(c / 100);

// Failures, in the learner's words.
export const marketClosed = (closesAt: string): Err =>
  fail('conflict', `This market stopped trading at its close (${closesAt}); it now waits for the official close to settle.`);
export const cannotPay = (needs: number, balance: number): Err =>
  fail('unprocessable', `This order needs ${dollars(needs)} of demo money and your demo balance has ${dollars(balance)} available.`, { needs, balance });
export const nothingToSell = (side: Side, held: number, asked: number): Err =>
  held === 0
    ? fail('unprocessable', `You hold no ${sideWord(side)} contracts of this market to sell.`, { field: 'count' })
    : fail('unprocessable', `You hold ${plural(held, sideWord(side) + ' contract')} of this market, so you can sell at most ${held}, not ${asked}.`, {
        field: 'count',
      });
export const noAskWithin = (side: Side, limit: number | null): Err =>
  fail(
    'unprocessable',
    limit === null
      ? `Nobody is selling ${sideWord(side)} in this market now.`
      : `No ${sideWord(side)} offer at or below ${limit}¢ now. Place a limit bid to wait for one.`,
  );
export const noBidWithin = (side: Side, limit: number | null): Err =>
  fail(
    'unprocessable',
    limit === null
      ? `Nobody is bidding for ${sideWord(side)} in this market now.`
      : `No ${sideWord(side)} bid at or above ${limit}¢ now; a sell does not rest on the book.`,
  );
export const tooManyResting = (): Err =>
  fail('unprocessable', `You have ${MAX_RESTING_ORDERS} resting bids, the most a demo account keeps at once. Cancel one before placing another.`);

/**
 * What a resting bid of `count` contracts at `limit` cents holds: the price of every contract at the limit and the
 * largest fee they can owe. It fills at asks at or below the limit, and the fee, 0.07 × P × (1 − P) a contract, is
 * largest at 50¢, so the fee is held at the limit or at 50¢, whichever is lower: the hold always covers the fill.
 */
export function holdCents(count: number, limit: number): number {
  const fee = takerFeeCents(count, Math.min(limit, PAYOUT_CENTS / 2));
  if (!fee.ok) throw new RangeError(fee.error.message);
  return limit * count + fee.value;
}

const feeOf = (levels: readonly BookLevel[]): number => {
  if (levels.length === 0) return 0;
  const fee = takerFeeOfFillCents(levels);
  if (!fee.ok) throw new RangeError(fee.error.message);
  return fee.value;
};

/** Levels merged by price, best (lowest for a buy) first. */
function mergeLevels(a: readonly BookLevel[], b: readonly BookLevel[]): BookLevel[] {
  const byPrice = new Map<number, number>();
  for (const l of [...a, ...b]) byPrice.set(l.price, (byPrice.get(l.price) ?? 0) + l.count);
  return [...byPrice].map(([price, count]) => ({ price, count })).sort((x, y) => x.price - y.price);
}

const averageOf = (levels: readonly BookLevel[]): number | null => {
  const n = levels.reduce((s, l) => s + l.count, 0);
  return n === 0 ? null : levels.reduce((s, l) => s + l.price * l.count, 0) / n;
};

function bought(position: DemoPosition | null, market: PredictionMarket, side: Side, fill: BookFill, fee: number): PositionChange | null {
  if (fill.filled === 0) return null;
  const base: DemoPosition = position ?? {
    ...marketRefOf(market, side),
    count: 0,
    cost: 0,
    paid: 0,
    version: 0,
  };
  return { before: position, after: { ...base, count: base.count + fill.filled, cost: base.cost + fill.totalCents + fee, paid: base.paid + fill.totalCents } };
}

/** The market and the book an order meets, and when. */
export interface OrderContext {
  market: PredictionMarket;
  book: OrderBook;
  /** The making the book comes from. */
  madeAt: string;
  /** The market's resolution is stored: nothing trades any more. */
  resolved: boolean;
  now: Date;
  orderId: string;
}

/**
 * Decides a new order against the book: a buy at the ask (market, or a limit that rests what the book cannot fill
 * now), or a sell to the bids of what is held; refused whole, with nothing to write, when the market has closed, the
 * balance cannot pay, or there is nothing to trade.
 */
export function decideOrder(
  account: DemoAccount,
  position: DemoPosition | null,
  restingCount: number,
  request: DemoOrderRequest,
  ctx: OrderContext,
): Result<Decision> {
  const { market, book } = ctx;
  if (!isContractCount(request.count)) return badCount('count');
  if (request.limitPrice !== undefined && !isPriceCents(request.limitPrice)) return badPrice('limitPrice');
  if (request.type === 'limit' && request.limitPrice === undefined)
    return fail('bad_request', 'limitPrice: a limit order needs a limit price.', { field: 'limitPrice' });
  if (ctx.resolved || ctx.now.getTime() >= new Date(market.closesAt).getTime()) return marketClosed(market.closesAt);
  const at = ctx.now.toISOString();
  const limit = request.limitPrice ?? null;
  const order: DemoOrder = {
    id: ctx.orderId,
    clientOrderId: request.clientOrderId,
    ...marketRefOf(market, request.side),
    action: request.action,
    type: request.type,
    count: request.count,
    limitPrice: limit,
    filledCount: 0,
    avgFillPrice: null,
    fee: 0,
    status: 'filled',
    held: 0,
    fills: [],
    checkedAt: ctx.madeAt,
    createdAt: at,
    updatedAt: at,
  };

  if (request.action === 'sell') {
    const holding = position?.count ?? 0;
    if (holding < request.count) return nothingToSell(request.side, holding, request.count);
    const filled = sellToBids(book, request.side, request.count, limit ?? undefined);
    if (!filled.ok) return filled;
    const fill = filled.value;
    if (fill.filled === 0) return noBidWithin(request.side, limit);
    const fee = feeOf(fill.levels);
    const p = position!;
    const left = p.count - fill.filled;
    // The cost and the paid price leave with the contracts sold, in proportion, to the cent.
    const cost = left === 0 ? 0 : p.cost - Math.round((p.cost * fill.filled) / p.count);
    const paid = left === 0 ? 0 : p.paid - Math.round((p.paid * fill.filled) / p.count);
    return ok({
      account: { ...account, balance: account.balance + fill.totalCents - fee, version: account.version + 1 },
      order: { ...order, filledCount: fill.filled, avgFillPrice: averageOf(fill.levels), fee, fills: fill.levels },
      position: { before: p, after: left === 0 ? null : { ...p, count: left, cost, paid } },
      traded: fill.filled,
    });
  }

  const filled = buyAtAsk(book, request.side, request.count, limit ?? undefined);
  if (!filled.ok) return filled;
  const fill = filled.value;
  const rests = request.type === 'limit' && fill.unfilled > 0;
  if (fill.filled === 0 && !rests) return noAskWithin(request.side, limit);
  if (rests && restingCount >= MAX_RESTING_ORDERS) return tooManyResting();
  const fee = feeOf(fill.levels);
  const hold = rests ? holdCents(fill.unfilled, limit!) : 0;
  const needs = fill.totalCents + fee + hold;
  if (needs > account.balance) return cannotPay(needs, account.balance);
  return ok({
    account: { ...account, balance: account.balance - needs, held: account.held + hold, version: account.version + 1 },
    order: {
      ...order,
      filledCount: fill.filled,
      avgFillPrice: averageOf(fill.levels),
      fee,
      fills: fill.levels,
      held: hold,
      status: rests ? 'resting' : 'filled',
    },
    position: bought(position, market, request.side, fill, fee),
    traded: fill.filled,
  });
}

/**
 * A resting bid at a later making: it takes the asks at or below its limit, pays their price and the rest of the
 * order's one fee (the fee of all its levels, less what it paid before) out of its hold, and keeps holding for what is
 * left. Null when nothing fills (or the book is the one it was last matched against).
 */
export function fillResting(
  account: DemoAccount,
  position: DemoPosition | null,
  order: DemoOrder,
  ctx: Pick<OrderContext, 'market' | 'book' | 'madeAt' | 'now'>,
): Decision | null {
  if (order.status !== 'resting' || order.limitPrice === null || ctx.madeAt <= order.checkedAt) return null;
  if (ctx.now.getTime() >= new Date(order.closesAt).getTime()) return null;
  const remaining = order.count - order.filledCount;
  const filled = buyAtAsk(ctx.book, order.side, remaining, order.limitPrice);
  if (!filled.ok || filled.value.filled === 0) return null;
  const fill = filled.value;
  const levels = mergeLevels(order.fills, fill.levels);
  const fee = feeOf(levels);
  const feeNow = fee - order.fee;
  const left = remaining - fill.filled;
  const hold = left > 0 ? holdCents(left, order.limitPrice) : 0;
  const balance = account.balance + (order.held - hold) - (fill.totalCents + feeNow);
  // The hold covers the fill; a cent of rounding the other way waits for the next making rather than go below zero.
  if (balance < 0) return null;
  const at = ctx.now.toISOString();
  return {
    account: { ...account, balance, held: account.held - order.held + hold, version: account.version + 1 },
    order: {
      ...order,
      filledCount: order.filledCount + fill.filled,
      avgFillPrice: averageOf(levels),
      fee,
      fills: levels,
      held: hold,
      status: left > 0 ? 'resting' : 'filled',
      checkedAt: ctx.madeAt,
      updatedAt: at,
    },
    position: bought(position, ctx.market, order.side, fill, feeNow),
    traded: fill.filled,
  };
}

/** A resting bid ends without filling the rest (canceled by the learner, or expired at the market's close): its hold comes back. */
export function endResting(account: DemoAccount, order: DemoOrder, status: 'canceled' | 'expired', at: string): { account: DemoAccount; order: DemoOrder } {
  return {
    account: { ...account, balance: account.balance + order.held, held: Math.max(0, account.held - order.held), version: account.version + 1 },
    order: { ...order, status, held: 0, updatedAt: at },
  };
}

/** The account started again: $1,000, nothing held (resting bids are canceled and positions cleared beside it). */
export const resetOf = (account: DemoAccount, at: string): DemoAccount => ({
  ...account,
  balance: STARTING_BALANCE_CENTS,
  startingBalance: STARTING_BALANCE_CENTS,
  held: 0,
  resetAt: at,
  resets: account.resets + 1,
  version: account.version + 1,
});

/** A market's own resolution, drawn from its expiry's: YES when the close is in its range; void with the expiry. */
export type SettledResolution = Extract<Resolution, { status: 'resolved' } | { status: 'void' }>;

/** What settling a position pays into the balance, and its record. */
export function settlePosition(
  account: DemoAccount,
  position: DemoPosition,
  resolution: SettledResolution,
  at: string,
): { account: DemoAccount; settlement: DemoSettlement } {
  const payout = payoutCents({ side: position.side, count: position.count, costCents: position.cost }, resolution) ?? 0;
  return {
    account: { ...account, balance: account.balance + payout, version: account.version + 1 },
    settlement: {
      marketId: position.marketId,
      underlying: position.underlying,
      expiration: position.expiration,
      question: position.question,
      side: position.side,
      count: position.count,
      cost: position.cost,
      outcome: resolution.status === 'void' ? 'void' : resolution.outcome,
      payout,
      pnl: payout - position.cost,
      close: resolution.status === 'resolved' ? resolution.close : null,
      closeDate: resolution.status === 'resolved' ? resolution.closeDate : null,
      settledAt: at,
    },
  };
}

/** Whether a request is the order already booked under its client id (a retry); a different order reusing the id is not. */
export function isSameOrder(order: DemoOrder, request: DemoOrderRequest): boolean {
  return (
    order.marketId === request.marketId &&
    order.side === request.side &&
    order.action === request.action &&
    order.type === request.type &&
    order.count === request.count &&
    order.limitPrice === (request.limitPrice ?? null)
  );
}

/** The side's mid in cents from the book's top (bid and ask of that side), or null when either is missing. */
export function sideMid(quote: { yesBid: number | null; yesAsk: number | null; noBid: number | null; noAsk: number | null }, side: Side): number | null {
  const bid = side === 'yes' ? quote.yesBid : quote.noBid;
  const ask = side === 'yes' ? quote.yesAsk : quote.noAsk;
  return bid === null || ask === null ? null : (bid + ask) / 2;
}
