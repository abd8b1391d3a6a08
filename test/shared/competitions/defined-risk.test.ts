import { describe, expect, it } from 'vitest';
import { checkDefinedRisk, positionsAfter, type RiskOrderLeg } from '@shared/competitions/defined-risk';
import { occSymbol } from '@shared/market/occ';
import type { Position } from '@shared/paper/types';

const EXP = '2026-12-18';
const call = (strike: number) => occSymbol('SPY', EXP, 'call', strike);
const put = (strike: number) => occSymbol('SPY', EXP, 'put', strike);
const leg = (contract: string, side: 'buy' | 'sell', quantity: number, price: number): RiskOrderLeg => ({ contract, side, quantity, price });
const held = (legs: RiskOrderLeg[]): Position[] => positionsAfter([], legs);

describe('defined risk only: the competition account refuses a position that could lose without limit', () => {
  it('accepts a bull call spread, whose worst case is the debit', () => {
    const r = checkDefinedRisk([], [leg(call(600), 'buy', 1, 3), leg(call(605), 'sell', 1, 1.2)]);
    expect(r).toEqual({ ok: true, value: { risks: [{ underlying: 'SPY', maxLoss: expect.closeTo((3 - 1.2) * 100, 6) }] } });
  });

  it('refuses a naked short call with a message saying why and what to do', () => {
    const r = checkDefinedRisk([], [leg(call(610), 'sell', 1, 2)]);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('unprocessable');
    expect(r.error.message).toBe(
      'Competitions allow defined-risk positions only. After this order your SPY position could lose without limit if SPY rises, because it sells more calls or shares than it owns. Buy a call above your short strike, or close the short calls or shares, and place the order again.',
    );
  });

  it('refuses closing the long leg of a spread when that leaves its short call naked', () => {
    const spread = held([leg(call(600), 'buy', 1, 3), leg(call(605), 'sell', 1, 1.2)]);
    expect(checkDefinedRisk(spread, [leg(call(600), 'sell', 1, 4)]).ok).toBe(false);
    // Closing the short leg first is fine: the long call alone risks what it cost.
    expect(checkDefinedRisk(spread, [leg(call(605), 'buy', 1, 0.5)])).toEqual({ ok: true, value: { risks: [{ underlying: 'SPY', maxLoss: 300 }] } });
  });

  it('counts shares held: a covered call is defined risk, its worst case the shares going to zero less the premium', () => {
    const shares = held([leg('SPY', 'buy', 100, 590)]);
    const r = checkDefinedRisk(shares, [leg(call(610), 'sell', 1, 2)]);
    expect(r).toEqual({ ok: true, value: { risks: [{ underlying: 'SPY', maxLoss: expect.closeTo(590 * 100 - 2 * 100, 6) }] } });
  });

  it('refuses shares sold short', () => {
    expect(checkDefinedRisk([], [leg('SPY', 'sell', 100, 590)]).ok).toBe(false);
  });

  it('accepts a cash-secured put (its loss stops at the strike less the premium) and a long put', () => {
    expect(checkDefinedRisk([], [leg(put(580), 'sell', 1, 4)])).toEqual({
      ok: true,
      value: { risks: [{ underlying: 'SPY', maxLoss: expect.closeTo(58_000 - 400, 6) }] },
    });
    expect(checkDefinedRisk([], [leg(put(580), 'buy', 2, 4)])).toEqual({
      ok: true,
      value: { risks: [{ underlying: 'SPY', maxLoss: expect.closeTo(800, 6) }] },
    });
  });

  it('judges the whole position in the underlying, not the order alone: a short call against a long call already held is covered', () => {
    const longCall = held([leg(call(600), 'buy', 1, 3)]);
    expect(checkDefinedRisk(longCall, [leg(call(620), 'sell', 1, 0.8)]).ok).toBe(true);
    expect(checkDefinedRisk(longCall, [leg(call(620), 'sell', 2, 0.8)]).ok).toBe(false);
  });

  it('checks only the underlyings the order touches', () => {
    const other = held([leg(occSymbol('QQQ', EXP, 'call', 500), 'buy', 1, 5)]);
    const r = checkDefinedRisk(other, [leg(put(580), 'buy', 1, 4)]);
    expect(r.ok && r.value.risks.map((x) => x.underlying)).toEqual(['SPY']);
  });

  it('reads several expiries: a long calendar is defined risk, a far short call against a near long call is not (naked once the near one expires)', () => {
    const far = (strike: number) => occSymbol('SPY', '2027-01-15', 'call', strike);
    expect(checkDefinedRisk([], [leg(call(600), 'sell', 1, 6), leg(far(600), 'buy', 1, 11)]).ok).toBe(true);
    expect(checkDefinedRisk([], [leg(call(600), 'buy', 1, 6), leg(far(600), 'sell', 1, 11)]).ok).toBe(false);
  });
});
