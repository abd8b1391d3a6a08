/**
 * The simulated order book of a yes/no market, as Kalshi's API shows a book (its "orderbook" responses): bids only,
 * on both sides. A YES bid at X cents is the same order as a NO ask at 100 − X, because buying YES from someone is
 * selling them NO; so the YES ask is always 100 − the best NO bid, and the NO ask 100 − the best YES bid. Prices
 * are whole cents from 1 to 99, counts whole contracts, and each side's levels are listed from the lowest price up,
 * the best bid last (Kalshi's order).
 *
 * The book sits around the market's fair value, a pure function of the market id and a seed (the caller makes the
 * seed from the date and, for a demo nobody can forecast, a deployment secret), so the same inputs always give the
 * same book.
 */
import { seededRng } from '../market/random';
import { ok, type Result } from '../result';
import { isContractCount, isPriceCents, MAX_PRICE_CENTS, MIN_PRICE_CENTS, PAYOUT_CENTS } from './fee';
import { badCount, badPrice } from './prediction.errors';

export type Side = 'yes' | 'no';

/** One price level: the price in whole cents and how many contracts are bid there. */
export interface BookLevel {
  price: number;
  count: number;
}

export interface OrderBook {
  marketId: string;
  /** YES bids, lowest price first, best last. */
  yes: BookLevel[];
  /** NO bids, lowest price first, best last. */
  no: BookLevel[];
}

/** The top of the book in cents; null where a side has no bids. */
export interface BookQuote {
  yesBid: number | null;
  /** 100 − the best NO bid. */
  yesAsk: number | null;
  noBid: number | null;
  /** 100 − the best YES bid. */
  noAsk: number | null;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/**
 * The book around a fair value (dollars a $1 contract is worth, 0 to 1): the YES ask a cent or two above it and
 * the YES bid a cent or two below (never crossed, both within 1–99), three to five levels a side a cent or two
 * apart, from ten to a few hundred contracts a level, more further from the top.
 */
export function simulatedBook(marketId: string, seed: string, fairValue: number): OrderBook {
  if (!(fairValue >= 0 && fairValue <= 1)) throw new RangeError(`fairValue must be from 0 to 1, got ${String(fairValue)}`);
  const rng = seededRng('prediction-book', marketId, seed);
  const centre = Math.round(fairValue * PAYOUT_CENTS);
  const yesAsk = clamp(centre + rng.int(1, 2), MIN_PRICE_CENTS + 1, MAX_PRICE_CENTS);
  const yesBid = clamp(centre - rng.int(1, 2), MIN_PRICE_CENTS, yesAsk - 1);
  const side = (best: number): BookLevel[] => {
    const levels: BookLevel[] = [];
    const depth = rng.int(3, 5);
    const base = rng.int(10, 120);
    for (let i = 0, price = best; i < depth && price >= MIN_PRICE_CENTS; i++, price -= rng.int(1, 2))
      levels.push({ price, count: Math.round(base * (1 + 0.6 * i) + rng.int(0, 40)) });
    return levels.reverse();
  };
  return { marketId, yes: side(yesBid), no: side(PAYOUT_CENTS - yesAsk) };
}

/** The best (highest) bid of a side, or null. */
export function bestBid(book: OrderBook, side: Side): number | null {
  const levels = book[side];
  return levels.length === 0 ? null : Math.max(...levels.map((l) => l.price));
}

/** The ask of a side: 100 − the best bid of the other side (a bid for NO is an offer to sell YES), or null. */
export function askOf(book: OrderBook, side: Side): number | null {
  const other = bestBid(book, side === 'yes' ? 'no' : 'yes');
  return other === null ? null : PAYOUT_CENTS - other;
}

export function quoteOf(book: OrderBook): BookQuote {
  return { yesBid: bestBid(book, 'yes'), yesAsk: askOf(book, 'yes'), noBid: bestBid(book, 'no'), noAsk: askOf(book, 'no') };
}

/** What an order took from the book: the levels it filled at (its own side's price), what it paid or received. */
export interface BookFill {
  action: 'buy' | 'sell';
  side: Side;
  /** Price (cents, of the side bought or sold) and count of each level filled, best price first. */
  levels: BookLevel[];
  /** Contracts filled, and those the book could not fill (at the limit, if any). */
  filled: number;
  unfilled: number;
  /** Cents paid (buy) or received (sell), before the fee. */
  totalCents: number;
}

function take(levels: readonly { price: number; count: number }[], count: number, acceptable: (price: number) => boolean): BookLevel[] {
  const taken: BookLevel[] = [];
  let left = count;
  for (const level of levels) {
    if (left === 0 || !acceptable(level.price)) break;
    const n = Math.min(left, level.count);
    taken.push({ price: level.price, count: n });
    left -= n;
  }
  return taken;
}

function checkOrder(count: number, limitCents: number | undefined): Result<void> {
  if (!isContractCount(count)) return badCount();
  if (limitCents !== undefined && !isPriceCents(limitCents)) return badPrice('limit');
  return ok(undefined);
}

const fillOf = (action: 'buy' | 'sell', side: Side, count: number, levels: BookLevel[]): BookFill => {
  const filled = levels.reduce((n, l) => n + l.count, 0);
  return { action, side, levels, filled, unfilled: count - filled, totalCents: levels.reduce((c, l) => c + l.price * l.count, 0) };
};

/**
 * Buys `count` contracts of a side at the ask: walks the other side's bids from the best down, each NO bid at X
 * selling YES at 100 − X (and the other way round), whole contracts, at most `limitCents` a contract when given.
 * Whatever the book cannot fill is `unfilled` (a market order is then partly filled; a limit order may rest it).
 */
export function buyAtAsk(book: OrderBook, side: Side, count: number, limitCents?: number): Result<BookFill> {
  const checked = checkOrder(count, limitCents);
  if (!checked.ok) return checked;
  const offers = book[side === 'yes' ? 'no' : 'yes'].map((l) => ({ price: PAYOUT_CENTS - l.price, count: l.count })).sort((a, b) => a.price - b.price);
  return ok(
    fillOf(
      'buy',
      side,
      count,
      take(offers, count, (p) => limitCents === undefined || p <= limitCents),
    ),
  );
}

/** Sells `count` contracts of a side to its own bids, best first, at no less than `limitCents` when given. */
export function sellToBids(book: OrderBook, side: Side, count: number, limitCents?: number): Result<BookFill> {
  const checked = checkOrder(count, limitCents);
  if (!checked.ok) return checked;
  const bids = [...book[side]].sort((a, b) => b.price - a.price);
  return ok(
    fillOf(
      'sell',
      side,
      count,
      take(bids, count, (p) => limitCents === undefined || p >= limitCents),
    ),
  );
}
