import { describe, expect, it } from 'vitest';
import { applyOrder, applyReset, applySettlement, emptyBook, openTradeIds, tradesToRead, type JournalBook, type OrderFillInput } from '@shared/journal/book';
import { computeStats, rowOf } from '@shared/journal/stats';
import { excursions, markTrade, type EntryAnalytics, type JournalTrade } from '@shared/journal/trades';

// A SPY bull put spread: sell the 580 put at 3.10, buy the 570 put at 1.60, 2 lots, $0.65 a contract.
const SHORT = 'SPY261218P00580000';
const LONG = 'SPY261218P00570000';
const entry: EntryAnalytics = {
  netPremium: 300,
  commissions: 2.6,
  underlyingPrice: 600,
  iv: 0.2,
  greeks: null,
  maxProfit: 300,
  maxLoss: 1700,
  breakevens: [578.5],
  pop: 0.7,
  dte: 30,
  lots: 2,
};
const describeAs = () => ({ strategy: 'Bull Put Spread', strategySource: 'builder' as const, entry });
const fill = (contract: string, side: 'buy' | 'sell', quantity: number, price: number, effect: OrderFillInput['effect'] = 'open'): OrderFillInput => ({
  contract,
  side,
  quantity,
  price,
  commission: 0.65 * quantity,
  effect,
  iv: 0.2,
  isOption: true,
});

function run(book: JournalBook, trades: Map<string, JournalTrade>, change: { book: JournalBook; trades: JournalTrade[] }) {
  for (const t of change.trades) trades.set(t.id, t);
  return change.book;
}

function openSpread() {
  const trades = new Map<string, JournalTrade>();
  const book = run(
    emptyBook(),
    trades,
    applyOrder(emptyBook(), trades, {
      orderId: 'OPEN1',
      run: 1,
      filledAt: '2026-11-20T15:00:00.000Z',
      fills: [fill(SHORT, 'sell', 2, 3.1), fill(LONG, 'buy', 2, 1.6)],
      describe: describeAs,
    }),
  );
  return { trades, book };
}

describe('grouping a multi-leg order into one journal trade', () => {
  it('opens one trade for the order, with both legs open and the opening commissions as its P&L so far', () => {
    const { trades, book } = openSpread();
    expect([...trades.keys()]).toEqual(['OPEN1']);
    const t = trades.get('OPEN1')!;
    expect(t).toMatchObject({ status: 'open', strategy: 'Bull Put Spread', underlying: 'SPY', closedAt: null, exitReason: null });
    expect(t.legs.map((l) => [l.contract, l.side, l.open])).toEqual([
      [SHORT, 'sell', 2],
      [LONG, 'buy', 2],
    ]);
    // 4 contracts × $0.65.
    expect(t.realizedPnl).toBe(-2.6);
    expect(book.open[SHORT]).toEqual([{ tradeId: 'OPEN1', quantity: 2, side: 'sell' }]);
  });

  it('the two-leg winning spread closed leg by leg is one win: (3.10 − 1.00)·200 + (0.40 − 1.60)·200 − 8 × $0.65 = $174.80', () => {
    const opened = openSpread();
    const trades = opened.trades;
    let book = opened.book;
    // Buy back the short put at 1.00: +$420 before fees.
    const close1 = { orderId: 'CLOSE1', run: 1, filledAt: '2026-11-25T15:00:00.000Z', fills: [fill(SHORT, 'buy', 2, 1.0, 'close')], describe: describeAs };
    expect(tradesToRead(book, close1.fills)).toEqual(['OPEN1']);
    book = run(book, trades, applyOrder(book, trades, close1));
    expect(trades.get('OPEN1')!.status).toBe('open');
    // Sell the long put at 0.40: −$240 before fees. The leg alone loses; the trade wins.
    const change = applyOrder(book, trades, {
      orderId: 'CLOSE2',
      run: 1,
      filledAt: '2026-11-26T15:00:00.000Z',
      fills: [fill(LONG, 'sell', 2, 0.4, 'close')],
      describe: describeAs,
    });
    book = run(book, trades, change);
    expect(book.open).toEqual({});
    const t = trades.get('OPEN1')!;
    expect(change.closed.map((c) => c.id)).toEqual(['OPEN1']);
    expect(t).toMatchObject({ status: 'closed', closedAt: '2026-11-26T15:00:00.000Z', exitReason: 'closed', realizedPnl: 174.8 });
    expect(trades.size).toBe(1);
    const stats = computeStats([rowOf(t)]);
    expect(stats).toMatchObject({ trades: 1, wins: 1, losses: 0, winRate: 1 });
  });

  it('one leg closed, the other expired worthless: one trade, closed by the expiry', () => {
    const opened = openSpread();
    const trades = opened.trades;
    let book = opened.book;
    book = run(
      book,
      trades,
      applyOrder(book, trades, {
        orderId: 'CLOSE1',
        run: 1,
        filledAt: '2026-12-10T15:00:00.000Z',
        fills: [fill(SHORT, 'buy', 2, 0.5, 'close')],
        describe: describeAs,
      }),
    );
    const change = applySettlement(book, trades, {
      key: 'E1',
      contract: LONG,
      quantity: 2,
      side: null,
      price: 0,
      commission: 0,
      at: '2026-12-18T21:00:00.000Z',
      reason: 'expired_worthless',
    });
    run(book, trades, change);
    // (3.10 − 0.50)·200 − 1.60·200 − 6 × 0.65 = 520 − 320 − 3.90
    expect(trades.get('OPEN1')).toMatchObject({ status: 'closed', exitReason: 'expired_worthless', realizedPnl: 196.1 });
  });

  it('an assignment outranks an expiry at the same moment as the exit reason', () => {
    const opened = openSpread();
    const trades = opened.trades;
    let book = opened.book;
    const at = '2026-12-18T21:00:00.000Z';
    book = run(
      book,
      trades,
      applySettlement(book, trades, { key: 'A', contract: SHORT, quantity: 2, side: null, price: 5, commission: 0, at, reason: 'assigned' }),
    );
    run(
      book,
      trades,
      applySettlement(book, trades, { key: 'B', contract: LONG, quantity: 2, side: null, price: 0, commission: 0, at, reason: 'expired_worthless' }),
    );
    // (3.10 − 5)·200 + (0 − 1.60)·200 − 2.60 = −380 − 320 − 2.60
    expect(trades.get('OPEN1')).toMatchObject({ status: 'closed', exitReason: 'assigned', realizedPnl: -702.6 });
  });

  it('a close delivered before its opening waits and is applied when the opening arrives', () => {
    const trades = new Map<string, JournalTrade>();
    let book = emptyBook();
    book = run(
      book,
      trades,
      applyOrder(book, trades, {
        orderId: 'CLOSE1',
        run: 1,
        filledAt: '2026-11-25T15:00:00.000Z',
        fills: [fill(SHORT, 'buy', 2, 1.0, 'close')],
        describe: describeAs,
      }),
    );
    expect(trades.size).toBe(0);
    expect(book.pending).toHaveLength(1);
    book = run(
      book,
      trades,
      applyOrder(book, trades, {
        orderId: 'OPEN1',
        run: 1,
        filledAt: '2026-11-20T15:00:00.000Z',
        fills: [fill(SHORT, 'sell', 2, 3.1), fill(LONG, 'buy', 2, 1.6)],
        describe: describeAs,
      }),
    );
    expect(book.pending).toEqual([]);
    expect(trades.get('OPEN1')!.legs[0]!.open).toBe(0);
    expect(trades.get('OPEN1')!.status).toBe('open');
  });

  it('adding to a position is a new trade; closes take the oldest first', () => {
    const trades = new Map<string, JournalTrade>();
    let book = emptyBook();
    const single = { strategy: 'Long Call', strategySource: 'recognised' as const, entry };
    const C = 'SPY261218C00600000';
    book = run(
      book,
      trades,
      applyOrder(book, trades, { orderId: 'A', run: 1, filledAt: '2026-11-20T15:00:00.000Z', fills: [fill(C, 'buy', 1, 5)], describe: () => single }),
    );
    book = run(
      book,
      trades,
      applyOrder(book, trades, { orderId: 'B', run: 1, filledAt: '2026-11-21T15:00:00.000Z', fills: [fill(C, 'buy', 1, 6)], describe: () => single }),
    );
    book = run(
      book,
      trades,
      applyOrder(book, trades, { orderId: 'C', run: 1, filledAt: '2026-11-22T15:00:00.000Z', fills: [fill(C, 'sell', 1, 7, 'close')], describe: () => single }),
    );
    // A: (7 − 5)·100 − 0.65 − 0.65; B still open.
    expect(trades.get('A')).toMatchObject({ status: 'closed', realizedPnl: 198.7 });
    expect(trades.get('B')).toMatchObject({ status: 'open' });
    expect(openTradeIds(book)).toEqual(['B']);
  });

  it('a reset ends the open trades of the earlier run with the reason account_reset, out of the statistics', () => {
    const opened = openSpread();
    const trades = opened.trades;
    let book = opened.book;
    book = run(book, trades, applyReset(book, trades, 1, '2026-11-30T15:00:00.000Z'));
    expect(trades.get('OPEN1')).toMatchObject({ status: 'closed', exitReason: 'account_reset' });
    expect(book.open).toEqual({});
  });
});

describe('MFE and MAE from daily marks', () => {
  it('marks the open legs at the day marks and keeps the best and worst', () => {
    const { trades } = openSpread();
    let t = trades.get('OPEN1')!;
    // Day 1: short at 2.50, long at 1.30: (3.10 − 2.50)·−(−200)… = +120 − 60 − 2.60 = 57.40
    t = markTrade(
      t,
      new Map([
        [SHORT, 2.5],
        [LONG, 1.3],
      ]),
      '2026-11-21',
    )!;
    // Day 2: short at 4.00, long at 2.00: −180 + 80 − 2.60 = −102.60
    t = markTrade(
      t,
      new Map([
        [SHORT, 4],
        [LONG, 2],
      ]),
      '2026-11-24',
    )!;
    expect(t.marks).toEqual([
      { date: '2026-11-21', pnl: 57.4 },
      { date: '2026-11-24', pnl: -102.6 },
    ]);
    expect({ mfe: t.mfe, mae: t.mae }).toEqual({ mfe: 57.4, mae: -102.6 });
    expect(markTrade(t, new Map([[SHORT, 2.5]]), '2026-11-25')).toBeNull();
    expect(excursions([])).toEqual({ mfe: null, mae: null });
  });
});
