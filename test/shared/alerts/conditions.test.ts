import { describe, expect, it } from 'vitest';
import { AlertConditionSchema, type AlertCondition } from '@shared/alerts/alert';
import { evaluateCondition } from '@shared/alerts/conditions';
import { nextEarnings } from '@shared/market/earnings';
import { addDays } from '@shared/market/dates';

const DAY = '2026-11-25'; // a Wednesday; Thursday 26 is Thanksgiving, Friday 27 trades
const cond = (c: unknown): AlertCondition => AlertConditionSchema.parse(c);

describe('price crosses a level', () => {
  const above = cond({ kind: 'price-cross', underlying: 'spy', direction: 'above', level: 600 });
  const below = cond({ kind: 'price-cross', underlying: 'SPY', direction: 'below', level: 600 });

  it('fires when the close crosses above from below, and a close exactly at the level has crossed', () => {
    expect(evaluateCondition(above, { tradingDay: DAY, previousClose: 595, close: 601 })).toEqual({
      met: true,
      observed: { kind: 'price-cross', close: 601, previousClose: 595 },
    });
    expect(evaluateCondition(above, { tradingDay: DAY, previousClose: 599.99, close: 600 }).met).toBe(true);
  });

  it('does not fire when the close stays below, or was already at or above the level the day before', () => {
    expect(evaluateCondition(above, { tradingDay: DAY, previousClose: 590, close: 599.99 }).met).toBe(false);
    expect(evaluateCondition(above, { tradingDay: DAY, previousClose: 600, close: 610 }).met).toBe(false);
    expect(evaluateCondition(above, { tradingDay: DAY, previousClose: 605, close: 610 }).met).toBe(false);
  });

  it('crossing below mirrors it: exactly at the level counts, staying above does not', () => {
    expect(evaluateCondition(below, { tradingDay: DAY, previousClose: 600.01, close: 600 }).met).toBe(true);
    expect(evaluateCondition(below, { tradingDay: DAY, previousClose: 610, close: 580 }).met).toBe(true);
    expect(evaluateCondition(below, { tradingDay: DAY, previousClose: 610, close: 600.01 }).met).toBe(false);
    expect(evaluateCondition(below, { tradingDay: DAY, previousClose: 590, close: 580 }).met).toBe(false);
  });

  it('with no close before, reaching the level counts; with no close at all nothing fires', () => {
    expect(evaluateCondition(above, { tradingDay: DAY, previousClose: null, close: 600 }).met).toBe(true);
    expect(evaluateCondition(above, { tradingDay: DAY, previousClose: null, close: 599 }).met).toBe(false);
    expect(evaluateCondition(above, { tradingDay: DAY, previousClose: 590, close: null }).met).toBe(false);
  });
});

describe('IV rank and mark against a level', () => {
  const ivAbove = cond({ kind: 'iv-rank', underlying: 'AAPL', direction: 'above', level: 50 });
  const ivBelow = cond({ kind: 'iv-rank', underlying: 'AAPL', direction: 'below', level: 20 });
  const markAbove = cond({ kind: 'mark', contract: 'SPY261218C00600000', direction: 'above', level: 12.5 });
  const markBelow = cond({ kind: 'mark', contract: 'spy261218p00550000', direction: 'below', level: 3 });

  it('fires at the level and beyond it, not short of it', () => {
    expect(evaluateCondition(ivAbove, { tradingDay: DAY, ivRank: 50 }).met).toBe(true);
    expect(evaluateCondition(ivAbove, { tradingDay: DAY, ivRank: 49.9 }).met).toBe(false);
    expect(evaluateCondition(ivBelow, { tradingDay: DAY, ivRank: 20 }).met).toBe(true);
    expect(evaluateCondition(ivBelow, { tradingDay: DAY, ivRank: 20.1 }).met).toBe(false);
    expect(evaluateCondition(markAbove, { tradingDay: DAY, mark: 12.5 })).toEqual({ met: true, observed: { kind: 'mark', mark: 12.5 } });
    expect(evaluateCondition(markAbove, { tradingDay: DAY, mark: 12.49 }).met).toBe(false);
    expect(evaluateCondition(markBelow, { tradingDay: DAY, mark: 2.99 }).met).toBe(true);
    expect(evaluateCondition(markBelow, { tradingDay: DAY, mark: 3.01 }).met).toBe(false);
  });

  it('a missing figure fires nothing', () => {
    expect(evaluateCondition(ivAbove, { tradingDay: DAY, ivRank: null }).met).toBe(false);
    expect(evaluateCondition(markBelow, { tradingDay: DAY }).met).toBe(false);
  });

  it('takes the contract in capitals, and refuses a vendor prefix or an impossible date', () => {
    expect(markBelow).toMatchObject({ contract: 'SPY261218P00550000' });
    expect(AlertConditionSchema.safeParse({ kind: 'mark', contract: 'O:SPY261218P00550000', direction: 'below', level: 3 }).success).toBe(false);
    expect(AlertConditionSchema.safeParse({ kind: 'mark', contract: 'SPY261318P00550000', direction: 'below', level: 3 }).success).toBe(false);
  });
});

describe("a paper position's unrealized P&L", () => {
  const gain = cond({ kind: 'position-pnl', contract: 'SPY261218C00600000', direction: 'gain', amount: 200 });
  const loss = cond({ kind: 'position-pnl', contract: 'SPY261218C00600000', direction: 'loss', amount: 200 });

  it('a gain of at least the amount fires; one cent less does not', () => {
    expect(evaluateCondition(gain, { tradingDay: DAY, position: { quantity: 1, unrealizedPnl: 200 } }).met).toBe(true);
    expect(evaluateCondition(gain, { tradingDay: DAY, position: { quantity: 1, unrealizedPnl: 199.99 } }).met).toBe(false);
    expect(evaluateCondition(gain, { tradingDay: DAY, position: { quantity: 1, unrealizedPnl: -500 } }).met).toBe(false);
  });

  it('a loss of at least the amount fires; a gain never fires a loss alert', () => {
    expect(evaluateCondition(loss, { tradingDay: DAY, position: { quantity: -2, unrealizedPnl: -200 } }).met).toBe(true);
    expect(evaluateCondition(loss, { tradingDay: DAY, position: { quantity: -2, unrealizedPnl: -199.99 } }).met).toBe(false);
    expect(evaluateCondition(loss, { tradingDay: DAY, position: { quantity: 1, unrealizedPnl: 500 } }).met).toBe(false);
  });

  it('no position, or a closed one, fires nothing', () => {
    expect(evaluateCondition(loss, { tradingDay: DAY, position: null }).met).toBe(false);
    expect(evaluateCondition(loss, { tradingDay: DAY, position: { quantity: 0, unrealizedPnl: -900 } }).met).toBe(false);
  });
});

describe('an owned option N trading days before expiry', () => {
  // Expires Friday 2026-11-27; from Wednesday 25 the trading days after it are only the 27th (26th is Thanksgiving).
  const twoDays = cond({ kind: 'expiry', contract: 'SPY261127P00550000', tradingDays: 2 });
  const oneDay = cond({ kind: 'expiry', contract: 'SPY261127P00550000', tradingDays: 1 });
  const zero = cond({ kind: 'expiry', contract: 'SPY261127P00550000', tradingDays: 0 });
  const held = { quantity: -1, unrealizedPnl: 0 };

  it('counts NYSE trading days, skipping the holiday: one left from the Wednesday before Thanksgiving', () => {
    expect(evaluateCondition(oneDay, { tradingDay: DAY, position: held })).toEqual({
      met: true,
      observed: { kind: 'expiry', expiration: '2026-11-27', tradingDaysLeft: 1, quantity: -1 },
    });
    expect(evaluateCondition(twoDays, { tradingDay: DAY, position: held }).met).toBe(true);
    expect(evaluateCondition(zero, { tradingDay: DAY, position: held }).met).toBe(false);
  });

  it('exactly N days left fires, N + 1 does not; on the expiry day 0 are left', () => {
    expect(evaluateCondition(oneDay, { tradingDay: '2026-11-24', position: held }).met).toBe(false); // 25 and 27: two left
    expect(evaluateCondition(twoDays, { tradingDay: '2026-11-24', position: held }).met).toBe(true);
    expect(evaluateCondition(zero, { tradingDay: '2026-11-27', position: held }).met).toBe(true);
  });

  it('fires only while the learner holds the contract, and not after it expired', () => {
    expect(evaluateCondition(twoDays, { tradingDay: DAY, position: null }).met).toBe(false);
    expect(evaluateCondition(twoDays, { tradingDay: '2026-11-30', position: held }).met).toBe(false);
  });
});

describe('an earnings date inside N days', () => {
  const next = nextEarnings('AAPL', DAY)!;
  const away = Number((new Date(`${next.reportDate}T00:00:00Z`).getTime() - new Date(`${DAY}T00:00:00Z`).getTime()) / 86_400_000);

  it('fires when the next report is exactly N calendar days away, not at N − 1', () => {
    expect(evaluateCondition(cond({ kind: 'earnings', underlying: 'AAPL', days: away }), { tradingDay: DAY })).toEqual({
      met: true,
      observed: { kind: 'earnings', reportDate: next.reportDate, daysAway: away },
    });
    expect(evaluateCondition(cond({ kind: 'earnings', underlying: 'AAPL', days: away - 1 }), { tradingDay: DAY }).met).toBe(false);
  });

  it('fires on the report date itself with N = 0', () => {
    expect(evaluateCondition(cond({ kind: 'earnings', underlying: 'AAPL', days: 0 }), { tradingDay: next.reportDate }).met).toBe(true);
    expect(evaluateCondition(cond({ kind: 'earnings', underlying: 'AAPL', days: 0 }), { tradingDay: addDays(next.reportDate, -1) }).met).toBe(false);
  });

  it('an index ETF has no earnings and never fires', () => {
    expect(evaluateCondition(cond({ kind: 'earnings', underlying: 'SPY', days: 90 }), { tradingDay: DAY }).met).toBe(false);
  });
});

describe('the condition schema', () => {
  it('refuses what is not a ticker or an OCC symbol, and days beyond 90', () => {
    expect(AlertConditionSchema.safeParse({ kind: 'mark', contract: 'SPY', direction: 'above', level: 1 }).success).toBe(false);
    expect(AlertConditionSchema.safeParse({ kind: 'price-cross', underlying: '1SPY', direction: 'above', level: 1 }).success).toBe(false);
    expect(AlertConditionSchema.safeParse({ kind: 'earnings', underlying: 'AAPL', days: 91 }).success).toBe(false);
    expect(AlertConditionSchema.safeParse({ kind: 'price-cross', underlying: 'SPY', direction: 'above', level: 0 }).success).toBe(false);
  });
});
