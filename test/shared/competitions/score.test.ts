import { describe, expect, it } from 'vitest';
import { COMPETITION_RULES, SCORE_FORMULA } from '@shared/competitions/rules';
import { SCORE_RULE, eligibility, sampleOf, scoreOf, type EquityPoint } from '@shared/competitions/score';

const CAPITAL = 100_000;
const DAYS = ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'];
const path = (...equity: number[]): EquityPoint[] => equity.map((e, i) => ({ date: DAYS[i]!, equity: e }));
const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

describe('the competition score: return over max drawdown, both shares of the starting capital', () => {
  it('divides the return by the largest fall from an earlier high (a hand-worked week)', () => {
    const s = scoreOf(CAPITAL, path(101_000, 98_000, 100_500, 103_000, 104_000));
    // Return: the week ended at 104,000 on 100,000.
    const R = (104_000 - 100_000) / 100_000;
    // Highs: 101,000 on Monday; Tuesday closed 3,000 below it; the later closes fell from no high by more.
    const D = (101_000 - 98_000) / 100_000;
    expect(s.return).toBeCloseTo(0.04, 12);
    expect(s.maxDrawdown).toEqual({ amount: 3_000, fraction: D, peakDate: '2026-11-30', troughDate: '2026-12-01' });
    expect(D).toBeGreaterThan(SCORE_RULE.drawdownFloor);
    expect(s.floorApplied).toBe(false);
    expect(s.score).toBe(round4(R / D));
    expect(s.score).toBe(1.3333);
  });

  it('counts a drawdown below 2% as 2%, so one small dip cannot make a huge score', () => {
    const s = scoreOf(CAPITAL, path(100_500, 100_200, 101_000));
    const R = (101_000 - 100_000) / 100_000;
    const D = (100_500 - 100_200) / 100_000; // 0.3%
    expect(s.maxDrawdown?.fraction).toBeCloseTo(D, 12);
    expect(s.floorApplied).toBe(true);
    expect(s.score).toBe(round4(R / 0.02));
    expect(s.score).toBe(0.5);
    // Without the floor the same week would have scored R / D = 3.33.
    expect(R / D).toBeGreaterThan(3);
  });

  it('scores a path that never fell with the floor, and an empty path as 0', () => {
    const s = scoreOf(CAPITAL, path(100_500, 101_000));
    expect(s.maxDrawdown).toBeNull();
    expect(s.score).toBe(round4((101_000 - 100_000) / 100_000 / 0.02));
    expect(scoreOf(CAPITAL, []).score).toBe(0);
  });

  it('finds the largest fall from the high it fell from, not from the first one', () => {
    const s = scoreOf(CAPITAL, path(102_000, 101_000, 105_000, 100_000));
    // Falls: 1,000 from Monday's 102,000; 5,000 from Wednesday's 105,000.
    expect(s.maxDrawdown).toEqual({ amount: 5_000, fraction: 0.05, peakDate: '2026-12-02', troughDate: '2026-12-03' });
    expect(s.score).toBe(0); // back where it started
  });

  it('divides a loss by the floor, so a deeper fall on the way never makes a loss look better', () => {
    const shallow = scoreOf(CAPITAL, path(99_000, 98_000, 97_000));
    const deep = scoreOf(CAPITAL, path(80_000, 90_000, 97_000));
    const R = (97_000 - 100_000) / 100_000;
    expect(shallow.score).toBe(round4(R / 0.02));
    expect(shallow.score).toBe(-1.5);
    expect(deep.score).toBe(shallow.score);
    expect(deep.maxDrawdown!.fraction).toBeCloseTo(0.2, 12);
  });

  it('gives the same score to a path with every position doubled: size does not win', () => {
    const equity = [101_000, 97_000, 100_000, 103_500, 104_500];
    const doubled = equity.map((e) => CAPITAL + 2 * (e - CAPITAL));
    const one = scoreOf(CAPITAL, path(...equity));
    const two = scoreOf(CAPITAL, path(...doubled));
    expect(two.return).toBeCloseTo(2 * one.return, 12);
    expect(two.maxDrawdown!.fraction).toBeCloseTo(2 * one.maxDrawdown!.fraction, 12);
    expect(two.score).toBe(one.score);
  });

  it('lowers the score when the same decisions are churned: each extra round trip only pays fees and spread', () => {
    const equity = [101_000, 99_000, 100_500, 103_000, 104_000];
    // 40 extra round trips a day at 2 contracts × (0.65 commission × 2 + 0.05 spread × 100) = 12.60 each.
    const costPerDay = 40 * 2 * (0.65 * 2 + 0.05 * 100);
    const churned = equity.map((e, i) => e - costPerDay * (i + 1));
    expect(scoreOf(CAPITAL, path(...churned)).score).toBeLessThan(scoreOf(CAPITAL, path(...equity)).score);
  });

  it('states the same numbers on the page as it enforces', () => {
    expect(SCORE_FORMULA).toContain(`${SCORE_RULE.drawdownFloor * 100}%`);
    const text = COMPETITION_RULES.map((r) => r.text).join(' ');
    expect(text).toContain(`${SCORE_RULE.minClosedTrades} closed trades`);
    expect(text).toContain(`${SCORE_RULE.minTradingDays} different trading days`);
    expect(COMPETITION_RULES.map((r) => r.title)).toContain('Why trading more does not help');
  });
});

describe('the minimum sample: 5 closed trades over at least 3 trading days', () => {
  const closedAt = (...isos: (string | null)[]) => isos.map((c) => ({ closedAt: c }));

  it('ranks 5 closed trades on 3 New York days', () => {
    const sample = sampleOf(closedAt('2026-11-30T15:00:00Z', '2026-11-30T16:00:00Z', '2026-12-01T15:00:00Z', '2026-12-02T15:00:00Z', '2026-12-02T16:00:00Z'));
    expect(sample).toEqual({ closedTrades: 5, tradingDays: 3 });
    expect(eligibility(sample)).toEqual({ ranked: true, needs: { closedTrades: 0, tradingDays: 0 }, note: null });
  });

  it('counts the New York date a trade closed on, and never an open trade', () => {
    // 02:00 UTC on 2 December is 21:00 on 1 December in New York.
    const sample = sampleOf(closedAt('2026-12-01T15:00:00Z', '2026-12-02T02:00:00Z', null, null));
    expect(sample).toEqual({ closedTrades: 2, tradingDays: 1 });
  });

  it('tells an unranked entrant what they still need', () => {
    expect(eligibility({ closedTrades: 5, tradingDays: 2 }).note).toBe('Not ranked yet: needs trades closed on 1 more trading day.');
    expect(eligibility({ closedTrades: 3, tradingDays: 3 }).note).toBe('Not ranked yet: needs 2 more closed trades.');
    expect(eligibility({ closedTrades: 2, tradingDays: 1 }).note).toBe('Not ranked yet: needs 3 more closed trades, on 2 more trading days.');
    expect(eligibility({ closedTrades: 4, tradingDays: 3 }).needs).toEqual({ closedTrades: 1, tradingDays: 0 });
  });

  it('once the season closed, says what they had', () => {
    expect(eligibility({ closedTrades: 3, tradingDays: 2 }, true)).toEqual({
      ranked: false,
      needs: { closedTrades: 2, tradingDays: 1 },
      note: 'Not ranked: 3 closed trades on 2 trading days; ranking needs 5 closed trades on at least 3 trading days.',
    });
  });
});
