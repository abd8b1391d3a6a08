import { describe } from './describe';
import { formatUsd } from '../format/money';
import { cents } from '../kernel/money';
import { applyFill } from './positions';
import { CONTRACT_MULTIPLIER, type Activity, type Position } from './types';
import type { PositionChange } from './engine';

/**
 * What happens to an option at expiry (16:00 New York on its expiry day) or on an early exercise
 * (issue 6): out of the money (by less than $0.01) it expires worthless; in the money it is
 * exercised (long) or assigned (short) into 100 shares per contract at the strike, or, for
 * cash-settled index options, settled in cash for its intrinsic value. A long option the account
 * cannot exercise in a cash account (not enough cash to buy the shares, or no shares to deliver
 * for a put) is closed at its intrinsic value instead, as a broker would.
 */
export type Settlement = 'physical' | 'cash';
export type SettlementOutcome = 'expired_worthless' | 'exercised' | 'assigned' | 'cash_settled' | 'auto_closed' | 'forced_sale';

export interface SettlementResult {
  outcome: SettlementOutcome;
  /** The option's value per share it left the book at: 0 worthless, else its intrinsic value (absent for a forced sale of shares). */
  optionValue?: number;
  changes: PositionChange[];
  cashDelta: number;
  realizedPnl: number;
  activity: Omit<Activity, 'id' | 'at'>;
}

export const ITM_THRESHOLD = 0.01;

export function intrinsicOf(p: Position, underlyingPrice: number): number {
  return p.optionType === 'call' ? underlyingPrice - p.strike! : p.strike! - underlyingPrice;
}

const label = (p: Position) => describe(p.symbol);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Settles `quantity` contracts (default all) of an option position at an underlying price. */
export function settleOption(
  p: Position,
  underlyingPrice: number,
  ctx: { settlement: Settlement; stock: Position | null; cash: number; at: string; date: string; early?: boolean; quantity?: number },
): SettlementResult {
  const contracts = Math.min(Math.abs(p.quantity), ctx.quantity ?? Math.abs(p.quantity));
  const sign = Math.sign(p.quantity);
  const shares = contracts * CONTRACT_MULTIPLIER;
  const intrinsic = intrinsicOf(p, underlyingPrice);
  const remaining = p.quantity - sign * contracts;
  const optionAfter: Position | null = remaining === 0 ? null : { ...p, quantity: remaining };
  const optionChange: PositionChange = { symbol: p.symbol, before: p, after: optionAfter };
  const optionRealized = (value: number) => cents((value - p.avgPrice) * sign * shares);

  if (intrinsic < ITM_THRESHOLD) {
    const realizedPnl = optionRealized(0);
    return {
      outcome: 'expired_worthless',
      optionValue: 0,
      changes: [optionChange],
      cashDelta: 0,
      realizedPnl,
      activity: {
        kind: 'expired_worthless',
        symbol: p.symbol,
        cashDelta: 0,
        realizedPnl,
        text: `${plural(contracts, 'contract')} of ${label(p)} expired worthless (${sign > 0 ? 'premium lost' : 'premium kept'}: ${formatUsd(Math.abs(realizedPnl))}).`,
      },
    };
  }

  const closeAtIntrinsic = (outcome: 'cash_settled' | 'auto_closed', why: string): SettlementResult => {
    const cashDelta = cents(intrinsic * sign * shares);
    const realizedPnl = optionRealized(intrinsic);
    return {
      outcome,
      optionValue: intrinsic,
      changes: [optionChange],
      cashDelta,
      realizedPnl,
      activity: {
        kind: outcome,
        symbol: p.symbol,
        cashDelta,
        realizedPnl,
        text: `${plural(contracts, 'contract')} of ${label(p)} ${why} for ${formatUsd(Math.abs(cashDelta))} (intrinsic value ${formatUsd(intrinsic)} a share).`,
      },
    };
  };
  if (ctx.settlement === 'cash') return closeAtIntrinsic('cash_settled', 'settled in cash');

  const stockSymbol = p.underlying;
  // Long call and short put take delivery of shares; long put and short call deliver them.
  const receivesShares = (p.optionType === 'call') === sign > 0;
  const strikeCash = p.strike! * shares;
  if (sign > 0 && receivesShares && ctx.cash < strikeCash) {
    return closeAtIntrinsic('auto_closed', `could not be exercised (buying ${shares} shares needs ${formatUsd(strikeCash)} cash) and were closed`);
  }
  if (sign > 0 && !receivesShares && (ctx.stock?.quantity ?? 0) < shares) {
    return closeAtIntrinsic('auto_closed', `could not be exercised (a put delivers ${shares} shares you do not hold) and were closed`);
  }

  // The shares change hands at the strike: booked as the option closing at its intrinsic value
  // and the shares trading at the market price, which nets to the strike in cash.
  const stockFill = applyFill(ctx.stock, {
    symbol: stockSymbol,
    side: receivesShares ? 'buy' : 'sell',
    quantity: shares,
    price: underlyingPrice,
    at: ctx.at,
    date: ctx.date,
    kind: 'stock',
    underlying: stockSymbol,
  });
  const cashDelta = cents(receivesShares ? -strikeCash : strikeCash);
  const realizedPnl = cents(optionRealized(intrinsic) + stockFill.realizedPnl);
  const outcome: SettlementOutcome = sign > 0 ? 'exercised' : 'assigned';
  const verb = receivesShares ? 'bought' : 'sold';
  const text =
    outcome === 'exercised'
      ? `${ctx.early ? 'Exercised early' : 'Exercised at expiry'}: ${plural(contracts, 'contract')} of ${label(p)}; ${verb} ${shares} ${stockSymbol} at ${formatUsd(p.strike!)}.`
      : `Assigned on ${plural(contracts, 'contract')} of ${label(p)}; ${verb} ${shares} ${stockSymbol} at ${formatUsd(p.strike!)}.`;
  return {
    outcome,
    optionValue: intrinsic,
    changes: [optionChange, { symbol: stockSymbol, before: ctx.stock, after: stockFill.position }],
    cashDelta,
    realizedPnl,
    activity: { kind: outcome, symbol: p.symbol, cashDelta, realizedPnl, text },
  };
}

/**
 * Settles every option of an account expiring on a date, threading cash and the share positions
 * through. Assignments come first (they are not optional), then exercises, each checked against
 * what the assignments left: so an in-the-money spread nets out as at a broker (a bull put spread
 * buys shares at the short strike and its long put sells them at the long strike; a call debit
 * spread's long call covers the shares its short call delivered), rather than a long leg being
 * closed for want of shares or cash that its own short leg was about to provide.
 */
export function settleExpiries(
  positions: readonly Position[],
  expiring: (p: Position) => boolean,
  closeOf: (underlying: string) => number | undefined,
  ctx: { cash: number; at: string; date: string; settlementOf: (underlying: string) => Settlement },
): { results: (SettlementResult & { symbol: string })[]; unpriced: string[] } {
  const stocks = new Map(positions.filter((p) => p.kind === 'stock').map((p) => [p.symbol, p] as [string, Position | null]));
  const due = positions.filter((p) => p.kind === 'option' && expiring(p)).sort((a, b) => Math.sign(a.quantity) - Math.sign(b.quantity));
  let cash = ctx.cash;
  const results: (SettlementResult & { symbol: string })[] = [];
  const unpriced: string[] = [];
  for (const p of due) {
    const close = closeOf(p.underlying);
    if (close === undefined) {
      unpriced.push(p.symbol);
      continue;
    }
    const r = settleOption(p, close, { settlement: ctx.settlementOf(p.underlying), stock: stocks.get(p.underlying) ?? null, cash, at: ctx.at, date: ctx.date });
    cash += r.cashDelta;
    for (const c of r.changes) if (c.symbol === p.underlying) stocks.set(c.symbol, c.after);
    results.push({ ...r, symbol: p.symbol });
  }
  // An assignment is not optional, so it can take a cash account below zero (a short put of a spread whose long put
  // expired out of the money). The account cannot borrow: sell just enough of the delivered shares at the close to
  // bring cash back to zero or above, as a broker liquidates a cash account that cannot pay (issue 16).
  for (const r of [...results]) {
    if (cash >= 0) break;
    if (r.outcome !== 'assigned') continue;
    const option = due.find((p) => p.symbol === r.symbol)!;
    const stock = stocks.get(option.underlying);
    const close = closeOf(option.underlying)!;
    if (!stock || stock.quantity <= 0 || !(close > 0)) continue;
    const quantity = Math.min(stock.quantity, Math.ceil(-cash / close - 1e-9));
    const sale = applyFill(stock, {
      symbol: stock.symbol,
      side: 'sell',
      quantity,
      price: close,
      at: ctx.at,
      date: ctx.date,
      kind: 'stock',
      underlying: stock.symbol,
    });
    const cashDelta = cents(close * quantity);
    cash += cashDelta;
    stocks.set(stock.symbol, sale.position);
    results.push({
      outcome: 'forced_sale',
      symbol: stock.symbol,
      changes: [{ symbol: stock.symbol, before: stock, after: sale.position }],
      cashDelta,
      realizedPnl: sale.realizedPnl,
      activity: {
        kind: 'forced_sale',
        symbol: stock.symbol,
        cashDelta,
        realizedPnl: sale.realizedPnl,
        text: `Sold ${quantity} ${stock.symbol} at ${formatUsd(close)}, the expiry close, to pay for the assignment: a cash account cannot go below $0.00.`,
      },
    });
  }
  return { results, unpriced };
}
