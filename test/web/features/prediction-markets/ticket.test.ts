import { describe, expect, it } from 'vitest';
import type { OrderBook } from '@shared/prediction/book';
import { previewOrder, ticketProblem, type TicketDraft } from '@web/features/prediction-markets/lib/ticket';
import { fairValueRows } from '@web/features/prediction-markets/lib/teaching';
import { marketDetail } from './fixtures';

/** Kalshi's published taker fee, written out here on its own: round up to the cent of 0.07 × C × P × (1 − P). */
const kalshiFeeCents = (count: number, priceCents: number) => Math.ceil(Math.round(7 * count * priceCents * (100 - priceCents)) / 10_000);

const book = (): OrderBook => ({ marketId: 'SPY-2026-12-18-ABOVE-600', ...marketDetail().book });
const draft = (over: Partial<TicketDraft> = {}): TicketDraft => ({ side: 'yes', action: 'buy', type: 'market', count: 10, limitPrice: null, ...over });

describe('the ticket preview', () => {
  it('buys YES at the ask, which is 100 − the best NO bid, and charges the fee by the formula', () => {
    const p = previewOrder(book(), draft())!;
    expect(p.levels).toEqual([{ price: 43, count: 10 }]);
    expect(p.fillCents).toBe(430);
    expect(p.feeCents).toBe(kalshiFeeCents(10, 43));
    expect(p.feeCents).toBe(18);
    expect(p.totalCents).toBe(430 + 18);
    expect(p.payoutIfWinCents).toBe(1000);
  });

  it('walks the book when the best level is too small, and charges the fee once over every level', () => {
    const p = previewOrder(book(), draft({ count: 60 }))!;
    expect(p.levels).toEqual([
      { price: 43, count: 50 },
      { price: 44, count: 10 },
    ]);
    expect(p.fillCents).toBe(50 * 43 + 10 * 44);
    expect(p.avgPrice).toBeCloseTo((50 * 43 + 10 * 44) / 60, 10);
    // One rounding over the whole order: ceil(0.07 × (50 × 0.43 × 0.57 + 10 × 0.44 × 0.56)) dollars.
    expect(p.feeCents).toBe(Math.ceil((7 * (50 * 43 * 57 + 10 * 44 * 56)) / 10_000));
    expect(p.feeCents).toBe(104);
  });

  it('buys NO at 100 − the best YES bid', () => {
    const p = previewOrder(book(), draft({ side: 'no', count: 1 }))!;
    expect(p.levels).toEqual([{ price: 60, count: 1 }]);
    expect(p.feeCents).toBe(kalshiFeeCents(1, 60));
  });

  it.each([1, 10, 25, 42, 50, 75, 99])('rests a limit bid at %i¢ below the ask, holding the limit × count and its largest fee', (limit) => {
    const p = previewOrder(book(), draft({ type: 'limit', limitPrice: limit, count: 7 }))!;
    if (limit >= 43) {
      expect(p.filled).toBe(7);
      expect(p.resting).toBe(0);
    } else {
      expect(p.filled).toBe(0);
      expect(p.resting).toBe(7);
      expect(p.restingCents).toBe(7 * limit);
      // The hold covers the largest fee the fill can owe: at the limit, or at 50¢ where the fee is largest.
      expect(p.feeCents).toBe(kalshiFeeCents(7, Math.min(limit, 50)));
      expect(p.totalCents).toBe(7 * limit + kalshiFeeCents(7, Math.min(limit, 50)));
    }
  });

  it('holds the fee at 50¢ for a resting bid above 50¢, where the fee is largest, since it may fill lower', () => {
    // YES ask 80¢ (100 − a NO bid of 20¢); a bid at 70¢ rests.
    const dear: OrderBook = { marketId: 'SPY-2026-12-18-ABOVE-560', yes: [{ price: 60, count: 10 }], no: [{ price: 20, count: 10 }] };
    const p = previewOrder(dear, draft({ type: 'limit', limitPrice: 70, count: 7 }))!;
    expect(p.resting).toBe(7);
    expect(p.feeCents).toBe(kalshiFeeCents(7, 50));
    expect(p.feeCents).toBe(13);
    expect(p.totalCents).toBe(7 * 70 + 13);
  });

  it('sells to the bids and subtracts the fee from what they pay', () => {
    const p = previewOrder(book(), draft({ action: 'sell', count: 3 }))!;
    expect(p.levels).toEqual([{ price: 40, count: 3 }]);
    expect(p.totalCents).toBe(120 - kalshiFeeCents(3, 40));
  });

  it('refuses what the server would refuse, in words', () => {
    expect(ticketProblem(draft({ count: 1.5 }), 0)).toBe('Enter a whole number of contracts, at least 1.');
    expect(ticketProblem(draft({ count: 0 }), 0)).toBe('Enter a whole number of contracts, at least 1.');
    expect(ticketProblem(draft({ type: 'limit', limitPrice: 100 }), 0)).toBe('Enter a limit in whole cents, from 1 to 99.');
    expect(ticketProblem(draft({ type: 'limit', limitPrice: 42.5 }), 0)).toBe('Enter a limit in whole cents, from 1 to 99.');
    expect(ticketProblem(draft({ action: 'sell', count: 4 }), 3)).toBe('You hold 3 to sell.');
    expect(ticketProblem(draft({ action: 'sell', count: 1 }), 0)).toBe('You hold no contracts of this side to sell.');
    expect(ticketProblem(draft(), 0)).toBeNull();
  });
});

describe('the teaching panel figures', () => {
  it('reads each fair value in cents of the $1 payout and the market minus it in percentage points', () => {
    const d = marketDetail();
    const rows = fairValueRows(d.fairValues!, d.market.yesPrice);
    expect(rows.map((r) => r.figure.method)).toEqual(['atm-iv', 'strike-iv', 'call-spread']);
    expect(rows[0]!.cents).toBeCloseTo(40.5, 10);
    expect(rows[0]!.differencePp).toBeCloseTo(1, 10);
    expect(rows[1]!.differencePp).toBeCloseTo(1.7, 10);
    expect(rows[2]!.differencePp).toBeCloseTo(0.3, 10);
  });
});
