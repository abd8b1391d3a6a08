import { describe, expect, it } from 'vitest';
import { backtestMetrics, drawdown, pnlDistribution } from '@shared/backtest/metrics';

describe('the run’s figures', () => {
  it('win rate, averages, expectancy and return on risk over the trades', () => {
    const m = backtestMetrics(
      [
        { pnl: 120, risk: 400 },
        { pnl: -300, risk: 400 },
        { pnl: 60, risk: 200 },
        { pnl: 0, risk: 200 },
      ],
      [1000, 1120, 820, 880, 880],
    );
    expect(m).toMatchObject({ trades: 4, wins: 2, losses: 1, winRate: 50, averageWin: 90, averageLoss: -300, expectancy: -30, totalPnl: -120 });
    expect(m.returnOnRisk).toBeCloseTo((100 * -120) / 1200, 12);
    expect(m.maxDrawdown).toBe(300);
    expect(m.maxDrawdownPct).toBeCloseTo((100 * 300) / 1120, 12);
  });

  it('no return on risk when a trade’s risk was unlimited, nothing with no trade', () => {
    expect(backtestMetrics([{ pnl: 10, risk: Infinity }], [1, 2]).returnOnRisk).toBeNull();
    expect(backtestMetrics([], [100, 100])).toMatchObject({ trades: 0, winRate: null, expectancy: null, returnOnRisk: null, pnlDistribution: [] });
  });

  it('drawdown from the running peak', () => {
    expect(drawdown([100, 90, 120, 60, 130, 125])).toEqual({ max: 60, maxPct: 50 });
  });

  it('buckets the P&L in round widths, every trade counted once', () => {
    const pnls = [-310, -45, 12, 80, 95, 140, 200];
    const buckets = pnlDistribution(pnls);
    // Range 510 → about a tenth is 51 → the round width 100 (1, 2, 2.5 or 5 × 10ⁿ at or above).
    expect(buckets[0]).toEqual({ from: -400, to: -300, count: 1 });
    expect(buckets.map((b) => b.to - b.from)).toEqual(buckets.map(() => 100));
    expect(buckets.reduce((s, b) => s + b.count, 0)).toBe(pnls.length);
    expect(buckets.at(-1)).toEqual({ from: 200, to: 300, count: 1 });
    expect(buckets.find((b) => b.from === 0)!.count).toBe(3);
  });
});
