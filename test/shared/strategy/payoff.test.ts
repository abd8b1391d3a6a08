import { describe, expect, it } from 'vitest';
import { americanPrice, price } from '@shared/pricing';
import { analyzeAtExpiry, expiryPnl, netPremium } from '@shared/strategy';
import { buyCall, buyPut, sellCall, sellPut } from './support/legs';

/** Expiry figures per lot, each worked by hand from the payoff Σ ±quantity × 100 × (intrinsic − premium). */
describe('analyzeAtExpiry: one expiry, exact', () => {
  it('long call: loses the premium, unlimited profit, breakeven strike + premium', () => {
    expect(analyzeAtExpiry([buyCall(100, 3)])).toEqual({ maxProfit: Infinity, maxLoss: -300, breakevens: [103], netPremium: -300 });
  });

  it('short call: keeps the premium, unlimited loss', () => {
    expect(analyzeAtExpiry([sellCall(105, 1.2)])).toEqual({ maxProfit: 120, maxLoss: -Infinity, breakevens: [106.2], netPremium: 120 });
  });

  it('long put: profit bounded by the stock reaching zero, (K − p) × 100', () => {
    expect(analyzeAtExpiry([buyPut(100, 2.7)])).toEqual({ maxProfit: 9730, maxLoss: -270, breakevens: [97.3], netPremium: -270 });
  });

  it('short put: loss bounded by the stock reaching zero', () => {
    expect(analyzeAtExpiry([sellPut(95, 1.05)])).toEqual({ maxProfit: 105, maxLoss: -9395, breakevens: [93.95], netPremium: 105 });
  });

  it('bull call spread: width − debit, debit, lower strike + debit', () => {
    expect(analyzeAtExpiry([buyCall(100, 3), sellCall(105, 1.2)])).toEqual({ maxProfit: 320, maxLoss: -180, breakevens: [101.8], netPremium: -180 });
  });

  it('bear put spread and bear call spread', () => {
    expect(analyzeAtExpiry([buyPut(100, 2.7), sellPut(95, 1.05)])).toEqual({ maxProfit: 335, maxLoss: -165, breakevens: [98.35], netPremium: -165 });
    expect(analyzeAtExpiry([sellCall(105, 1.2), buyCall(110, 0.4)])).toEqual({ maxProfit: 80, maxLoss: -420, breakevens: [105.8], netPremium: 80 });
  });

  it('bull put spread: credit, width − credit, sold strike − credit', () => {
    expect(analyzeAtExpiry([sellPut(95, 1.05), buyPut(90, 0.35)])).toEqual({ maxProfit: 70, maxLoss: -430, breakevens: [94.3], netPremium: 70 });
  });

  it('long straddle and short straddle', () => {
    expect(analyzeAtExpiry([buyCall(100, 3), buyPut(100, 2.7)])).toEqual({ maxProfit: Infinity, maxLoss: -570, breakevens: [94.3, 105.7], netPremium: -570 });
    expect(analyzeAtExpiry([sellCall(100, 3), sellPut(100, 2.7)])).toEqual({ maxProfit: 570, maxLoss: -Infinity, breakevens: [94.3, 105.7], netPremium: 570 });
  });

  it('long strangle', () => {
    expect(analyzeAtExpiry([buyCall(105, 1.2), buyPut(95, 1.05)])).toEqual({
      maxProfit: Infinity,
      maxLoss: -225,
      breakevens: [92.75, 107.25],
      netPremium: -225,
    });
  });

  it('iron condor: credit kept between the sold strikes, wider wing − credit at risk', () => {
    const condor = [buyPut(90, 0.35), sellPut(95, 1.05), sellCall(105, 1.2), buyCall(110, 0.4)];
    expect(analyzeAtExpiry(condor)).toEqual({ maxProfit: 150, maxLoss: -350, breakevens: [93.5, 106.5], netPremium: 150 });
  });

  it('butterfly (1-2-1 in one leg with quantity 2, or as two legs of 1): same figures', () => {
    const fly = [buyCall(95, 6.2), sellCall(100, 3, 2), buyCall(105, 1.2)];
    const expected = { maxProfit: 360, maxLoss: -140, breakevens: [96.4, 103.6], netPremium: -140 };
    expect(analyzeAtExpiry(fly)).toEqual(expected);
    expect(analyzeAtExpiry([buyCall(95, 6.2), sellCall(100, 3), sellCall(100, 3), buyCall(105, 1.2)])).toEqual(expected);
  });

  it('call ratio spread (1×2): unlimited risk above, peak at the sold strike', () => {
    expect(analyzeAtExpiry([buyCall(100, 3), sellCall(105, 1.2, 2)])).toEqual({
      maxProfit: 440,
      maxLoss: -Infinity,
      breakevens: [100.6, 109.4],
      netPremium: -60,
    });
  });

  it('put ratio spread (1×2): large but limited risk, the stock stopping at zero', () => {
    // At S = 0: +100 − 2 × 95 = −90 per share, − 0.60 debit → −9060.
    expect(analyzeAtExpiry([buyPut(100, 2.7), sellPut(95, 1.05, 2)])).toEqual({ maxProfit: 440, maxLoss: -9060, breakevens: [90.6, 99.4], netPremium: -60 });
  });

  it('call back spread (sell 1, buy 2): unlimited profit, worst at the bought strike', () => {
    expect(analyzeAtExpiry([sellCall(100, 3), buyCall(105, 1.2, 2)])).toEqual({
      maxProfit: Infinity,
      maxLoss: -440,
      breakevens: [100.6, 109.4],
      netPremium: 60,
    });
  });

  it('put ratio back spread: profit capped at S = 0 by 2 × 95 − 100 + 0.60', () => {
    expect(analyzeAtExpiry([sellPut(100, 2.7), buyPut(95, 1.05, 2)])).toEqual({ maxProfit: 9060, maxLoss: -440, breakevens: [90.6, 99.4], netPremium: 60 });
  });

  it('risk reversal (buy put, sell call): unlimited risk, one breakeven above the call', () => {
    expect(analyzeAtExpiry([buyPut(95, 1.05), sellCall(105, 1.2)])).toEqual({ maxProfit: 9515, maxLoss: -Infinity, breakevens: [105.15], netPremium: 15 });
  });

  it('synthetic futures behave like ±100 shares at strike ± net premium', () => {
    expect(analyzeAtExpiry([buyCall(100, 3), sellPut(100, 2.7)])).toEqual({ maxProfit: Infinity, maxLoss: -10030, breakevens: [100.3], netPremium: -30 });
    expect(analyzeAtExpiry([buyPut(100, 2.7), sellCall(100, 3)])).toEqual({ maxProfit: 10030, maxLoss: -Infinity, breakevens: [100.3], netPremium: 30 });
  });

  it('strip (1 call, 2 puts) and strap (2 calls, 1 put)', () => {
    expect(analyzeAtExpiry([buyCall(100, 3), buyPut(100, 2.7, 2)])).toEqual({
      maxProfit: Infinity,
      maxLoss: -840,
      breakevens: [95.8, 108.4],
      netPremium: -840,
    });
    expect(analyzeAtExpiry([buyCall(100, 3, 2), buyPut(100, 2.7)])).toEqual({
      maxProfit: Infinity,
      maxLoss: -870,
      breakevens: [91.3, 104.35],
      netPremium: -870,
    });
  });

  it('quantities are the ratio of one lot; the multiplier scales every dollar figure', () => {
    const two = analyzeAtExpiry([buyCall(100, 3, 2), buyPut(100, 2.7, 2)]);
    expect(two).toEqual({ maxProfit: Infinity, maxLoss: -1140, breakevens: [94.3, 105.7], netPremium: -1140 });
    expect(analyzeAtExpiry([buyCall(100, 3), sellCall(105, 1.2)], { multiplier: 3 })).toEqual({
      maxProfit: 960,
      maxLoss: -540,
      breakevens: [101.8],
      netPremium: -540,
    });
  });

  it('netPremium is credit-positive and free of binary fuzz', () => {
    expect(netPremium([buyCall(100, 2.35)])).toBe(-235);
    expect(netPremium([sellCall(100, 0.1), sellCall(100, 0.2)])).toBe(30);
  });

  it('a zero-width zero-cost position breaks even at its kink, and no legs means nothing', () => {
    expect(analyzeAtExpiry([buyCall(100, 0)]).breakevens).toEqual([100]);
    expect(analyzeAtExpiry([])).toEqual({ maxProfit: 0, maxLoss: 0, breakevens: [], netPremium: 0 });
  });

  it('expiryPnl gives the payoff between the kinks', () => {
    const f = expiryPnl([buyCall(100, 3), sellCall(105, 1.2)]);
    expect(f(0)).toBeCloseTo(-180, 9);
    expect(f(102.5)).toBeCloseTo(70, 9);
    expect(f(200)).toBeCloseTo(320, 9);
  });
});

/**
 * Calendars: at the front expiry (2026-12-18) the back call (2027-01-15, 28 days later) is worth its
 * Black-Scholes value. Reference figures from scipy.stats.norm: C(S=100, K=100, τ=28/365, r=4%, q=0, σ=25%)
 * = 2.9134882866, so max profit = (2.9134882866 − 1.20) × 100 = 171.348829 at S = 100; max loss = the
 * debit, reached as S → 0; breakevens 95.842523 and 105.173522 (brentq).
 */
describe('analyzeAtExpiry: calendars at the first expiry', () => {
  const calendar = [sellCall(100, 2, 1), buyCall(100, 3.2, 1, { expiration: '2027-01-15', iv: 0.25 })];

  it('matches the hand-computed Black-Scholes figures', () => {
    const a = analyzeAtExpiry(calendar, { r: 0.04 });
    expect(a.netPremium).toBe(-120);
    expect(a.maxProfit).toBeCloseTo(171.348829, 4);
    expect(a.maxLoss).toBeCloseTo(-120, 6);
    expect(a.breakevens).toHaveLength(2);
    expect(a.breakevens[0]).toBeCloseTo(95.842523, 4);
    expect(a.breakevens[1]).toBeCloseTo(105.173522, 4);
  });

  it('uses RISK_FREE_RATE (4%) by default and the fallback IV (25%) when the leg has none', () => {
    const noIv = [sellCall(100, 2), buyCall(100, 3.2, 1, { expiration: '2027-01-15' })];
    expect(analyzeAtExpiry(noIv).maxProfit).toBeCloseTo(171.348829, 4);
    expect(analyzeAtExpiry(noIv, { iv: 0.3 }).maxProfit).toBeGreaterThan(171.35);
  });

  it('is limited on both sides: far above the strike the calendar is worth K(1 − e^{−rτ}) − debit', () => {
    const f = expiryPnl(calendar);
    expect(f(10_000)).toBeCloseTo(100 * (100 - 100 * Math.exp((-0.04 * 28) / 365)) - 120, 6); // −89.3621
    expect(analyzeAtExpiry(calendar).maxLoss).toBeCloseTo(-120, 6);
  });

  it('finds unlimited loss when later legs leave calls uncovered (a reverse calendar is not, a short call is)', () => {
    const reverse = [buyCall(100, 2), sellCall(100, 3.2, 1, { expiration: '2027-01-15', iv: 0.25 })];
    expect(Number.isFinite(analyzeAtExpiry(reverse).maxLoss)).toBe(true);
    const uncovered = [sellCall(100, 2), sellCall(110, 1, 1, { expiration: '2027-01-15', iv: 0.25 })];
    expect(analyzeAtExpiry(uncovered).maxLoss).toBe(-Infinity);
  });

  it('put diagonal: the later put is valued as American, with its early-exercise premium, and never below intrinsic', () => {
    const diagonal = [sellPut(95, 0.9), buyPut(105, 6.64, 1, { expiration: '2027-01-17', iv: 0.25 })];
    const later = (S: number) => ({ type: 'put', S, K: 105, T: 30 / 365, r: 0.04, q: 0, sigma: 0.25 }) as const;
    const a = analyzeAtExpiry(diagonal);
    // Best at the sold strike: below it the sold put loses a dollar for every dollar the later put can gain.
    expect(a.maxProfit).toBeCloseTo(100 * americanPrice(later(95)) - 574, 4); // 436.24
    expect(a.maxProfit - (100 * price(later(95)) - 574)).toBeGreaterThan(15); // the European value would miss $15.52
    // Far below, the later put is exercised: the strikes' distance less the debit.
    expect(expiryPnl(diagonal)(20)).toBeCloseTo(1000 - 574, 6);
    expect(a.maxLoss).toBeCloseTo(-574, 6);
  });
});
