import { describe, expect, it } from 'vitest';
import { exerciseCost } from '@shared/paper/exercise-cost';
import { call, optionPosition, put, quote } from '../../support/trading-fixtures';

describe('what exercising early gives up against selling at the bid', () => {
  it('warns with the time value lost and what selling would get, after the commission', () => {
    const cost = exerciseCost(optionPosition(call(100), 2, 3), quote(call(100), 4.6, 4.8, 104), 104, { commissionPerContract: 0.65 });
    // Exercising: 2 × 100 × $4 intrinsic = $800. Selling: 2 × 100 × $4.60 − 2 × $0.65 = $918.70.
    expect(cost).toEqual({
      contracts: 2,
      intrinsic: 4,
      exerciseValue: 800,
      saleValue: 918.7,
      timeValueLost: 118.7,
      warning: 'Exercising now gives up $118.70 of time value; selling the option would get $918.70.',
    });
  });

  it('counts only the contracts exercised', () => {
    const cost = exerciseCost(optionPosition(put(120), 3, 18), quote(put(120), 20.45, 20.7, 100), 100, { contracts: 1 });
    expect(cost).toMatchObject({ contracts: 1, exerciseValue: 2000, saleValue: 2045, timeValueLost: 45 });
    expect(cost.warning).toBe('Exercising now gives up $45.00 of time value; selling the option would get $2,045.00.');
  });

  it('says nothing where the bid pays no more than exercising (a deep in-the-money put bid under its intrinsic value)', () => {
    const cost = exerciseCost(optionPosition(put(125), 1, 24), quote(put(125), 24.8, 25.3, 100), 100);
    expect(cost).toMatchObject({ intrinsic: 25, exerciseValue: 2500, saleValue: 2480, timeValueLost: 0, warning: null });
    // A bid at the intrinsic value loses the commission on a sale: exercising is better.
    const atIntrinsic = exerciseCost(optionPosition(put(125), 1, 24), quote(put(125), 25, 25.3, 100), 100, { commissionPerContract: 0.65 });
    expect(atIntrinsic).toMatchObject({ saleValue: 2499.35, timeValueLost: 0, warning: null });
  });

  it('has no figures to compare without a bid', () => {
    expect(exerciseCost(optionPosition(call(100), 1, 3), quote(call(100), null, 5, 104), 104)).toEqual({
      contracts: 1,
      intrinsic: 4,
      exerciseValue: 400,
      saleValue: null,
      timeValueLost: null,
      warning: null,
    });
    expect(exerciseCost(optionPosition(call(100), 1, 3), undefined, 104).warning).toBeNull();
  });

  it('out of the money exercising gets nothing, so all of the bid is lost', () => {
    const cost = exerciseCost(optionPosition(call(110), 1, 1), quote(call(110), 0.85, 0.9, 104), 104);
    expect(cost).toMatchObject({ intrinsic: 0, exerciseValue: 0, saleValue: 85, timeValueLost: 85 });
  });
});
