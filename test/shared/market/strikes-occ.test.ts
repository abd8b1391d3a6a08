import { describe, expect, it } from 'vitest';
import { occSymbol, parseOcc } from '@shared/market/occ';
import { atTheMoneyStrike, strikeGrid, strikeIncrement } from '@shared/market/strikes';

describe('strike grids', () => {
  it('uses increments by listing style, price level and horizon', () => {
    expect(strikeIncrement('index-etf', 598, 7)).toBe(1);
    expect(strikeIncrement('index-etf', 598, 400)).toBe(5);
    expect(strikeIncrement('stock', 22, 7)).toBe(0.5);
    expect(strikeIncrement('stock', 180, 7)).toBe(2.5);
    expect(strikeIncrement('stock', 338, 7)).toBe(5);
    expect(strikeIncrement('stock', 338, 90)).toBe(10);
    expect(strikeIncrement('stock', 612, 7)).toBe(10);
  });

  it('places strikes on the increment around the price, never at or below zero', () => {
    const grid = strikeGrid('stock', 23.37, 14, 0.4);
    expect(grid.every((k) => Math.abs(k * 2 - Math.round(k * 2)) < 1e-9)).toBe(true);
    expect(grid[0]!).toBeGreaterThan(0);
    expect(grid[0]!).toBeLessThan(23.37);
    expect(grid.at(-1)!).toBeGreaterThan(23.37);
    const spy = strikeGrid('index-etf', 576.67, 4, 0.15);
    expect(spy.length).toBeGreaterThan(100);
    expect(spy.every((k) => Number.isInteger(k))).toBe(true);
  });
});

describe('OCC symbols', () => {
  it('formats and parses, with or without a vendor prefix', () => {
    expect(occSymbol('SPY', '2026-12-18', 'call', 600)).toBe('SPY261218C00600000');
    expect(occSymbol('F', '2027-01-15', 'put', 12.5)).toBe('F270115P00012500');
    expect(parseOcc('O:SPY261218C00600000')).toEqual({ underlying: 'SPY', expiration: '2026-12-18', type: 'call', strike: 600 });
    expect(parseOcc('F270115P00012500')?.strike).toBe(12.5);
    expect(parseOcc('SPY')).toBeNull();
    expect(parseOcc('SPY261318C00600000')).toBeNull();
  });
});

describe('the at-the-money strike', () => {
  it('is the listed strike nearest the price, the lower one on a tie', () => {
    expect(atTheMoneyStrike([545, 550, 555, 560], 552.3)).toBe(550);
    expect(atTheMoneyStrike([560, 545, 555, 550], 552.6)).toBe(555);
    expect(atTheMoneyStrike([25, 25.5], 25.25)).toBe(25);
    expect(atTheMoneyStrike([], 100)).toBeNull();
  });
});
