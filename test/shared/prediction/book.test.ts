import { describe, expect, it } from 'vitest';
import { askOf, bestBid, buyAtAsk, quoteOf, sellToBids, simulatedBook, type BookFill, type OrderBook } from '@shared/prediction/book';

const filled = (result: ReturnType<typeof buyAtAsk>): BookFill => {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

describe('the simulated book', () => {
  it('YES ask = 100 − best NO bid and NO ask = 100 − best YES bid, never crossed, whatever the market, seed and fair value', () => {
    for (let i = 0; i < 3000; i++) {
      const fair = (i % 101) / 100; // 0.00 to 1.00, the extremes included
      const book = simulatedBook(`SPY-2026-12-18-ABOVE-${560 + (i % 9) * 10}`, `2026-11-30|seed-${i}`, fair);
      const yesPrices = book.yes.map((l) => l.price);
      const noPrices = book.no.map((l) => l.price);
      for (const level of [...book.yes, ...book.no]) {
        expect(Number.isInteger(level.price) && level.price >= 1 && level.price <= 99, `price ${level.price}`).toBe(true);
        expect(Number.isInteger(level.count) && level.count >= 1, `count ${level.count}`).toBe(true);
      }
      // Kalshi's order: lowest price first, best bid last.
      expect(yesPrices).toEqual([...yesPrices].sort((a, b) => a - b));
      expect(noPrices).toEqual([...noPrices].sort((a, b) => a - b));
      expect(book.yes.length).toBeGreaterThan(0);
      expect(book.no.length).toBeGreaterThan(0);
      const quote = quoteOf(book);
      expect(quote.yesAsk).toBe(100 - Math.max(...noPrices));
      expect(quote.noAsk).toBe(100 - Math.max(...yesPrices));
      expect(quote.yesBid!).toBeLessThan(quote.yesAsk!);
      // Buying one YES at market pays the YES ask; selling one gets the YES bid.
      expect(filled(buyAtAsk(book, 'yes', 1)).totalCents).toBe(quote.yesAsk);
      expect(filled(sellToBids(book, 'yes', 1)).totalCents).toBe(quote.yesBid);
      expect(filled(buyAtAsk(book, 'no', 1)).totalCents).toBe(quote.noAsk);
    }
  });

  it('sits around the fair value: the YES bid at or below it and the YES ask at or above it', () => {
    for (let cents = 3; cents <= 97; cents++) {
      const { yesBid, yesAsk } = quoteOf(simulatedBook('SPY-2026-12-18-ABOVE-600', `s${cents}`, cents / 100));
      expect(yesBid!).toBeLessThan(cents);
      expect(yesAsk!).toBeGreaterThan(cents);
      expect(yesAsk! - yesBid!).toBeLessThanOrEqual(4);
    }
  });

  it('is a pure function of market, seed and fair value', () => {
    const a = simulatedBook('SPY-2026-12-18-ABOVE-600', '2026-11-30|secret', 0.42);
    expect(simulatedBook('SPY-2026-12-18-ABOVE-600', '2026-11-30|secret', 0.42)).toEqual(a);
    const others = ['2026-12-01|secret', '2026-11-30|other'].map((seed) => simulatedBook('SPY-2026-12-18-ABOVE-600', seed, 0.42));
    expect(others.some((b) => JSON.stringify(b) !== JSON.stringify(a))).toBe(true);
  });
});

describe('filling against the book', () => {
  const book: OrderBook = {
    marketId: 'SPY-2026-12-18-ABOVE-600',
    yes: [
      { price: 36, count: 50 },
      { price: 38, count: 4 },
    ],
    no: [
      { price: 40, count: 5 },
      { price: 42, count: 3 },
    ],
  };

  it('a market buy of YES walks the NO bids from the best down, whole contracts at 100 − each bid', () => {
    expect(askOf(book, 'yes')).toBe(58);
    expect(filled(buyAtAsk(book, 'yes', 6))).toEqual({
      action: 'buy',
      side: 'yes',
      levels: [
        { price: 58, count: 3 },
        { price: 60, count: 3 },
      ],
      filled: 6,
      unfilled: 0,
      totalCents: 3 * 58 + 3 * 60,
    });
  });

  it('stops at the limit, and reports what the book could not fill', () => {
    expect(filled(buyAtAsk(book, 'yes', 6, 58))).toMatchObject({ filled: 3, unfilled: 3, totalCents: 174 });
    expect(filled(buyAtAsk(book, 'yes', 20))).toMatchObject({ filled: 8, unfilled: 12 });
    expect(filled(buyAtAsk(book, 'yes', 2, 57))).toMatchObject({ filled: 0, unfilled: 2, totalCents: 0, levels: [] });
  });

  it('a sell hits its own side’s bids, best first, and no lower than the limit', () => {
    expect(bestBid(book, 'yes')).toBe(38);
    expect(filled(sellToBids(book, 'yes', 10))).toMatchObject({
      levels: [
        { price: 38, count: 4 },
        { price: 36, count: 6 },
      ],
      totalCents: 4 * 38 + 6 * 36,
    });
    expect(filled(sellToBids(book, 'no', 4, 42))).toMatchObject({ filled: 3, unfilled: 1, totalCents: 126 });
  });

  it('refuses a count or a limit that is not whole, naming the field', () => {
    for (const [result, field] of [
      [buyAtAsk(book, 'yes', 0), 'count'],
      [buyAtAsk(book, 'yes', 2.5), 'count'],
      [sellToBids(book, 'no', 1, 100), 'limit'],
      [buyAtAsk(book, 'no', 1, 0.5), 'limit'],
    ] as const) {
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toMatchObject({ code: 'bad_request', details: { field } });
    }
  });
});
