import { describe, expect, it } from 'vitest';
import { computeStats, filterRows, type ClosedTradeRow } from '@shared/journal/stats';

let n = 0;
const row = (pnl: number, over: Partial<ClosedTradeRow> = {}): ClosedTradeRow => {
  n++;
  const date = over.date ?? `2026-11-${String(10 + n).padStart(2, '0')}`;
  return {
    id: `T${String(n).padStart(3, '0')}`,
    account: 'paper',
    strategy: 'Bull Put Spread',
    underlying: 'SPY',
    openedAt: `${date}T14:00:00.000Z`,
    closedAt: `${date}T20:00:00.000Z`,
    date,
    pnl,
    risk: 200,
    maxProfit: 100,
    exitReason: 'closed',
    setupTags: [],
    mistakeTags: [],
    reflected: false,
    legs: 2,
    ...over,
  };
};

describe('journal statistics on a fixed fixture, worked by hand', () => {
  // Five trades in order of close: +100, −50, +0.50 (a scratch), +60, −150. Risk $200 each, max profit $100 each.
  const rows = [
    row(100),
    row(-50, { mistakeTags: ['no exit plan'] }),
    row(0.5),
    row(60, { strategy: 'Long Call', risk: null, maxProfit: null }),
    row(-150, { mistakeTags: ['no exit plan', 'sized too big'] }),
  ];
  const s = computeStats(rows, 1000);

  it('counts wins, losses and scratches (|P&L| < $1 is neither)', () => {
    expect(s).toMatchObject({ trades: 5, wins: 2, losses: 2, scratches: 1 });
  });

  it('win rate, averages, payoff, profit factor, expectancy and the break-even win rate', () => {
    // Win rate 2 / (2 + 2); average win (100 + 60) / 2 = 80; average loss |−50 − 150| / 2 = 100.
    expect(s.winRate).toBe(0.5);
    expect(s.averageWin).toBe(80);
    expect(s.averageLoss).toBe(100);
    // Payoff 80 / 100; profit factor 160 / 200; expectancy (100 − 50 + 0.5 + 60 − 150) / 5 = −39.5 / 5.
    expect(s.payoffRatio).toBe(0.8);
    expect(s.profitFactor).toBe(0.8);
    expect(s.grossProfit).toBe(160);
    expect(s.grossLoss).toBe(200);
    expect(s.netPnl).toBe(-39.5);
    expect(s.expectancy).toBe(-7.9);
    // 1 / (1 + 0.8) = 0.5556
    expect(s.breakEvenWinRate).toBe(0.5556);
  });

  it('mean R over the defined-risk trades only', () => {
    // R: 0.5, −0.25, 0.0025, −0.75 (the long call has no R): mean −0.4975 / 4.
    expect(s.rTrades).toBe(4);
    expect(s.meanR).toBe(-0.1244);
  });

  it('max drawdown of the realized equity curve, in dollars and as a share of its peak', () => {
    // Equity from 1000: 1100, 1050, 1050.5, 1110.5, 960.5; peak 1110.5, drawdown 150 = 13.51% of the peak.
    expect(s.equity.map((p) => p.equity)).toEqual([100, 50, 50.5, 110.5, -39.5]);
    expect(s.maxDrawdown).toBe(150);
    expect(s.maxDrawdownPct).toBe(0.1351);
  });

  it('% of max profit captured over trades with a finite max profit', () => {
    // (1 − 0.5 + 0.005 − 1.5) / 4
    expect(s.maxProfitTrades).toBe(4);
    expect(s.maxProfitCaptured).toBeCloseTo(-0.24875, 4);
  });

  it('the cost of each mistake tag, by strategy and by New York day', () => {
    expect(s.mistakes).toEqual([
      { tag: 'no exit plan', trades: 2, cost: -200 },
      { tag: 'sized too big', trades: 1, cost: -150 },
    ]);
    expect(s.byStrategy).toEqual([
      { strategy: 'Bull Put Spread', trades: 4, wins: 1, losses: 2, netPnl: -99.5, winRate: 0.3333 },
      { strategy: 'Long Call', trades: 1, wins: 1, losses: 0, netPnl: 60, winRate: 1 },
    ]);
    expect(s.calendar).toHaveLength(5);
    expect(s.smallSample).toBe(true);
  });

  it('is null where a figure is undefined: no trades, no loss', () => {
    const none = computeStats([]);
    expect(none).toMatchObject({
      trades: 0,
      winRate: null,
      averageWin: null,
      averageLoss: null,
      payoffRatio: null,
      profitFactor: null,
      expectancy: null,
      breakEvenWinRate: null,
      meanR: null,
      maxDrawdown: null,
      maxDrawdownPct: null,
    });
    const onlyWins = computeStats([row(10), row(20)]);
    expect(onlyWins).toMatchObject({ winRate: 1, profitFactor: null, payoffRatio: null, averageLoss: null, maxDrawdown: 0 });
  });

  it('is not a small sample from 20 trades', () => {
    expect(computeStats(Array.from({ length: 20 }, () => row(1))).smallSample).toBe(false);
  });

  it('filters by date, strategy, tag and mistake; paper only by default; resets never count', () => {
    const all = [...rows, row(5, { account: 'alpaca-live' }), row(7, { exitReason: 'account_reset' }), row(9, { setupTags: ['breakout'] })];
    expect(filterRows(all, {}).length).toBe(6);
    expect(filterRows(all, { account: 'alpaca-live' }).map((r) => r.pnl)).toEqual([5]);
    expect(filterRows(all, { tag: 'breakout' }).map((r) => r.pnl)).toEqual([9]);
    expect(filterRows(all, { mistake: 'sized too big' }).map((r) => r.pnl)).toEqual([-150]);
    expect(filterRows(all, { strategy: 'Long Call' }).map((r) => r.pnl)).toEqual([60]);
    expect(filterRows(all, { from: rows[1]!.date, to: rows[2]!.date }).map((r) => r.pnl)).toEqual([-50, 0.5]);
  });
});

describe('the equity curve sent to the chart', () => {
  it('keeps at most 400 points, the peaks, the deepest drawdown and the last trade, while the figures use every trade', () => {
    const many = Array.from({ length: 2000 }, (_, i) =>
      row(i === 1234 ? -5000 : 10, {
        date: '2026-11-20',
        closedAt: `2026-11-20T${String(10 + Math.floor(i / 1000)).padStart(2, '0')}:00:${String(i % 60).padStart(2, '0')}.${String(i).padStart(3, '0')}Z`,
      }),
    );
    const s = computeStats(many);
    expect(s.equity.length).toBeLessThanOrEqual(400);
    expect(s.equity.at(-1)!.n).toBe(2000);
    expect(Math.max(...s.equity.map((p) => p.drawdown))).toBe(s.maxDrawdown);
    expect(s.maxDrawdown).toBe(5000);
  });
});
