import { describe, expect, it } from 'vitest';
import { requirement } from '@shared/paper/buying-power';
import { call, optionPosition, put, stockPosition } from '../../support/trading-fixtures';

describe('what short options reserve in a cash-style account', () => {
  it('reserves strike × 100 for a cash-secured put', () => {
    expect(requirement([optionPosition(put(95), -2, 1)]).total).toBe(19_000);
  });

  it('reserves nothing for a call covered by 100 shares a contract', () => {
    expect(requirement([stockPosition('XYZ', 200, 90), optionPosition(call(110), -2, 1)])).toEqual({ total: 0, nakedCalls: [] });
  });

  it('reserves the width of a credit spread, nothing for a debit spread', () => {
    expect(requirement([optionPosition(call(100), -1, 3), optionPosition(call(105), 1, 1)]).total).toBe(500); // bear call spread
    expect(requirement([optionPosition(call(100), 1, 3), optionPosition(call(105), -1, 1)]).total).toBe(0); // bull call spread
    expect(requirement([optionPosition(put(100), -1, 3), optionPosition(put(95), 1, 1)]).total).toBe(500); // bull put spread
  });

  it('reserves the larger side of an iron condor, which can lose on one side only', () => {
    const condor = [optionPosition(put(90), 1, 0.5), optionPosition(put(95), -1, 1), optionPosition(call(105), -1, 1), optionPosition(call(112), 1, 0.4)];
    expect(requirement(condor).total).toBe(700);
  });

  it('lets a later-expiring long call cover a short call (a calendar), not an earlier one', () => {
    expect(requirement([optionPosition(call(100, '2026-12-18'), -1, 2), optionPosition(call(100, '2027-01-15'), 1, 4)]).nakedCalls).toEqual([]);
    expect(requirement([optionPosition(call(100, '2027-01-15'), -1, 2), optionPosition(call(100, '2026-12-18'), 1, 4)]).nakedCalls).toEqual([
      { symbol: call(100, '2027-01-15'), quantity: 1 },
    ]);
  });

  it('finds naked short calls, shares covering only whole contracts', () => {
    expect(requirement([stockPosition('XYZ', 150, 90), optionPosition(call(110), -2, 1)]).nakedCalls).toEqual([{ symbol: call(110), quantity: 1 }]);
  });
});
