import { buyAtAsk, sellToBids, type BookLevel, type OrderBook } from '@shared/prediction/book';
import { holdCents } from '@shared/prediction/demo-account';
import type { takerFeeCents } from '@shared/prediction/fee';
import { isContractCount, isPriceCents, PAYOUT_CENTS, takerFeeOfFillCents } from '@shared/prediction/fee';

/**
 * What an order would do, worked out on the page before it is sent, from the book the page shows: the same book walk
 * (buy at the asks, sell to the bids) and the same fee the server charges. The server decides; this is the preview.
 */
export type Side = 'yes' | 'no';

export interface TicketDraft {
  side: Side;
  action: 'buy' | 'sell';
  type: 'market' | 'limit';
  /** Whole contracts, at least 1; NaN while the field is empty. */
  count: number;
  /** A limit order's price in whole cents, 1 to 99; null for a market order. */
  limitPrice: number | null;
}

export interface TicketPreview {
  /** Contracts that would fill at once, at these levels (the side's own price in cents). */
  filled: number;
  levels: BookLevel[];
  /** Contracts that would rest as a bid at the limit (a limit buy only). */
  resting: number;
  /** Cents paid for the fill (a buy) or received for it (a sell), before the fee. */
  fillCents: number;
  /** Cents a resting bid holds: its limit × its count (its fee is in `feeCents`). */
  restingCents: number;
  /** Average price of the fill in cents; null with no fill. */
  avgPrice: number | null;
  /**
   * The taker fee in cents: on the fill (once per order, over the levels it takes), plus, for a resting bid, the largest
   * fee its fill can cost (what the bid holds back for it). Kalshi's formula.
   */
  feeCents: number;
  /** A buy: cents paid in all (fill, resting bid and fee): the most the order can lose. A sell: cents received after the fee. */
  totalCents: number;
  /** A buy: what the contracts pay if their side wins (100¢ each). */
  payoutIfWinCents: number;
}

/** Why the ticket cannot be sent as it stands, in words; null when it can. */
export function ticketProblem(draft: TicketDraft, held: number): string | null {
  if (!isContractCount(draft.count)) return 'Enter a whole number of contracts, at least 1.';
  if (draft.type === 'limit' && (draft.limitPrice === null || !isPriceCents(draft.limitPrice))) return 'Enter a limit in whole cents, from 1 to 99.';
  if (draft.action === 'sell' && draft.count > held) return held === 0 ? 'You hold no contracts of this side to sell.' : `You hold ${held} to sell.`;
  return null;
}

/** The preview of a draft the ticket accepts (ticketProblem is null); null when the book has nothing to trade against. */
export function previewOrder(book: OrderBook, draft: TicketDraft): TicketPreview | null {
  const limit = draft.type === 'limit' && draft.limitPrice !== null ? draft.limitPrice : undefined;
  const walk = draft.action === 'buy' ? buyAtAsk(book, draft.side, draft.count, limit) : sellToBids(book, draft.side, draft.count, limit);
  if (!walk.ok) return null;
  const fill = walk.value;
  const resting = draft.action === 'buy' && limit !== undefined ? fill.unfilled : 0;
  if (fill.filled === 0 && resting === 0) return null;
  const fillFee = fill.filled > 0 ? feeOf(takerFeeOfFillCents(fill.levels)) : 0;
  // A resting bid holds the largest fee its fill can owe, as the server holds it (holdCents).
  const restingFee = resting > 0 && limit !== undefined ? holdCents(resting, limit) - resting * limit : 0;
  const feeCents = fillFee + restingFee;
  const restingCents = resting * (limit ?? 0);
  const buy = draft.action === 'buy';
  return {
    filled: fill.filled,
    levels: fill.levels,
    resting,
    fillCents: fill.totalCents,
    restingCents,
    avgPrice: fill.filled > 0 ? fill.totalCents / fill.filled : null,
    feeCents,
    totalCents: buy ? fill.totalCents + restingCents + feeCents : fill.totalCents - feeCents,
    payoutIfWinCents: buy ? (fill.filled + resting) * PAYOUT_CENTS : 0,
  };
}

function feeOf(result: ReturnType<typeof takerFeeCents>): number {
  if (!result.ok) throw new RangeError(result.error.message);
  return result.value;
}

/** A new client order id for one submit: a retry of the same submit sends the same id again, so the order is placed once. */
export const newClientOrderId = (): string => `pm-${crypto.randomUUID()}`;
