import { describe, expect, it } from 'vitest';
import { defaultStrikeWindow, filterRows, isAtTheMoney, isInTheMoney, maxVolume, sortRows, toRows, type ChainRow } from '@web/features/chain/lib/chain-rows';
import { contract } from '../fixtures';

const row = (strike: number, call: Parameters<typeof contract>[2] | null, put: Parameters<typeof contract>[2] | null): ChainRow => ({
  strike,
  call: call ? contract('call', strike, call) : null,
  put: put ? contract('put', strike, put) : null,
});
const strikes = (rows: readonly ChainRow[]) => rows.map((r) => r.strike);

describe('pairing calls and puts by strike', () => {
  it('puts each strike on one row, lowest first, with a missing side left empty', () => {
    const rows = toRows([contract('put', 105), contract('call', 100), contract('call', 105), contract('put', 95)]);
    expect(strikes(rows)).toEqual([95, 100, 105]);
    expect(rows[0]).toMatchObject({ call: null, put: { contract_type: 'put' } });
    expect(rows[1]).toMatchObject({ call: { contract_type: 'call' }, put: null });
    expect(rows[2]?.call?.strike_price).toBe(105);
    expect(rows[2]?.put?.strike_price).toBe(105);
  });
});

describe('the default strike window (spec part 2 §4)', () => {
  const list = Array.from({ length: 61 }, (_, i) => 400 + i * 5); // 400..700

  it('is 15 strikes on either side of the strike at or just above the price', () => {
    // 552.3 → the pivot is 555 (index 31); 15 below is 480, 15 above is 630.
    expect(defaultStrikeWindow(list, 552.3)).toEqual({ from: 480, to: 630 });
    // A price on a strike makes that strike the pivot.
    expect(defaultStrikeWindow(list, 550)).toEqual({ from: 475, to: 625 });
  });

  it('stops at the ends of the chain', () => {
    expect(defaultStrikeWindow(list, 410)).toEqual({ from: 400, to: 485 });
    expect(defaultStrikeWindow(list, 9999)).toEqual({ from: 625, to: 700 });
    expect(defaultStrikeWindow(list, 1)).toEqual({ from: 400, to: 475 });
  });

  it('counts strikes, not dollars, where strikes are uneven', () => {
    const uneven = [90, 95, 97.5, 100, 102.5, 105, 110];
    // 101 → the pivot is 102.5 (index 4); two strikes either side are 97.5 and 110.
    expect(defaultStrikeWindow(uneven, 101, 2)).toEqual({ from: 97.5, to: 110 });
  });

  it('is empty for an empty chain', () => {
    expect(defaultStrikeWindow([], 100)).toBeNull();
  });
});

describe('at and in the money', () => {
  it('calls the strike at the money within 2% of the price, either way', () => {
    expect(isAtTheMoney(102, 100)).toBe(true);
    expect(isAtTheMoney(98, 100)).toBe(true);
    expect(isAtTheMoney(102.01, 100)).toBe(false);
    expect(isAtTheMoney(97.9, 100)).toBe(false);
  });

  it('puts calls in the money below the price and puts above it', () => {
    expect(isInTheMoney('call', 95, 100)).toBe(true);
    expect(isInTheMoney('call', 105, 100)).toBe(false);
    expect(isInTheMoney('put', 105, 100)).toBe(true);
    expect(isInTheMoney('put', 95, 100)).toBe(false);
    expect(isInTheMoney('call', 100, 100)).toBe(false);
    expect(isInTheMoney('put', 100, 100)).toBe(false);
  });
});

describe('filtering rows', () => {
  const rows = [
    row(90, { volume: 50 }, { volume: 500 }),
    row(95, { volume: 20 }, { volume: 30 }),
    row(100, { volume: null }, { volume: 0 }),
    row(105, { volume: 800 }, null),
  ];

  it('hides a row only when both the call and the put trade less than Min Volume', () => {
    expect(strikes(filterRows(rows, { minVolume: 100, from: null, to: null }))).toEqual([90, 105]);
    expect(strikes(filterRows(rows, { minVolume: 0, from: null, to: null }))).toEqual([90, 95, 100, 105]);
  });

  it('treats a negative Min Volume as 0', () => {
    expect(filterRows(rows, { minVolume: -100, from: null, to: null })).toHaveLength(4);
  });

  it('looks only at the side shown in a one-sided view', () => {
    expect(strikes(filterRows(rows, { minVolume: 100, from: null, to: null }, 'call'))).toEqual([105]);
    expect(strikes(filterRows(rows, { minVolume: 100, from: null, to: null }, 'put'))).toEqual([90]);
  });

  it('keeps strikes inside the range, both ends included, and an empty bound is open', () => {
    expect(strikes(filterRows(rows, { minVolume: 0, from: 95, to: 100 }))).toEqual([95, 100]);
    expect(strikes(filterRows(rows, { minVolume: 0, from: 100, to: null }))).toEqual([100, 105]);
    expect(strikes(filterRows(rows, { minVolume: 0, from: null, to: 90 }))).toEqual([90]);
  });
});

describe('sorting rows (spec part 2 §2)', () => {
  const rows = [
    row(90, { volume: 10, open_interest: 900, implied_volatility: 0.3, delta: 0.9 }, { volume: 700, open_interest: 5, implied_volatility: 0.35, delta: -0.1 }),
    row(
      100,
      { volume: 400, open_interest: 100, implied_volatility: 0.2, delta: 0.5 },
      { volume: 300, open_interest: 2000, implied_volatility: 0.22, delta: -0.5 },
    ),
    row(110, { volume: 50, open_interest: 50, implied_volatility: 0.25, delta: 0.1 }, { volume: 20, open_interest: 60, implied_volatility: 0.4, delta: -0.9 }),
  ];

  it('sorts by strike either way', () => {
    expect(strikes(sortRows(rows, 'strike', 'asc'))).toEqual([90, 100, 110]);
    expect(strikes(sortRows(rows, 'strike', 'desc'))).toEqual([110, 100, 90]);
  });

  it('sorts volume, open interest and IV by the larger of the call and the put', () => {
    // Largest volumes: 90 → 700 (put), 100 → 400 (call), 110 → 50.
    expect(strikes(sortRows(rows, 'volume', 'desc'))).toEqual([90, 100, 110]);
    // Largest OI: 90 → 900, 100 → 2000, 110 → 60.
    expect(strikes(sortRows(rows, 'openInterest', 'desc'))).toEqual([100, 90, 110]);
    // Largest IV: 90 → 0.35, 100 → 0.22, 110 → 0.40.
    expect(strikes(sortRows(rows, 'iv', 'asc'))).toEqual([100, 90, 110]);
  });

  it('sorts delta by absolute value: the call in the mirrored table, the side shown on a phone', () => {
    expect(strikes(sortRows(rows, 'delta', 'desc'))).toEqual([90, 100, 110]);
    expect(strikes(sortRows(rows, 'delta', 'desc', 'put'))).toEqual([110, 100, 90]);
    expect(strikes(sortRows(rows, 'delta', 'asc', 'put'))).toEqual([90, 100, 110]);
  });

  it('uses the put delta where a strike has no call, by absolute value', () => {
    const mixed = [row(95, null, { delta: -0.7 }), row(100, { delta: 0.5 }, { delta: -0.5 }), row(105, { delta: 0.2 }, null)];
    expect(strikes(sortRows(mixed, 'delta', 'desc'))).toEqual([95, 100, 105]);
  });

  it('puts rows without a value last in either order', () => {
    const withGap = [row(90, { implied_volatility: null }, { implied_volatility: null }), ...rows];
    expect(strikes(sortRows(withGap, 'iv', 'asc')).at(-1)).toBe(90);
    expect(strikes(sortRows(withGap, 'iv', 'desc')).at(-1)).toBe(90);
  });

  it('does not reorder the rows it was given', () => {
    const copy = [...rows];
    sortRows(rows, 'volume', 'desc');
    expect(rows).toEqual(copy);
  });

  it('scales the volume bars to the busiest contract shown', () => {
    expect(maxVolume(rows)).toBe(700);
    expect(maxVolume(rows, 'call')).toBe(400);
    expect(maxVolume([])).toBe(1);
  });
});
