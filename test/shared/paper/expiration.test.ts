import { describe, expect, it } from 'vitest';
import { settleExpiries, settleOption } from '@shared/paper/expiration';
import { EXPIRY, call, optionPosition, put, stockPosition } from '../../support/trading-fixtures';

const ctx = { settlement: 'physical' as const, stock: null, cash: 100_000, at: '2026-12-18T21:00:00Z', date: '2026-12-18' };

describe('expiration at 16:00 New York', () => {
  it('lets an option out of the money, or in by less than a cent, expire worthless', () => {
    const long = settleOption(optionPosition(call(100), 2, 1.5), 99.5, ctx);
    expect(long).toMatchObject({ outcome: 'expired_worthless', cashDelta: 0, realizedPnl: -300 });
    expect(long.changes[0]!.after).toBeNull();
    expect(settleOption(optionPosition(call(100), 1, 1), 100.009, ctx).outcome).toBe('expired_worthless');
    expect(settleOption(optionPosition(put(95), -1, 2), 96, ctx)).toMatchObject({ outcome: 'expired_worthless', realizedPnl: 200 });
  });

  it('exercises a long call in the money by a cent or more into 100 shares a contract at the strike', () => {
    const r = settleOption(optionPosition(call(100), 2, 1.5), 104, ctx);
    expect(r).toMatchObject({ outcome: 'exercised', cashDelta: -20_000, realizedPnl: 500 });
    expect(r.changes[1]).toMatchObject({ symbol: 'XYZ', before: null, after: { kind: 'stock', quantity: 200, avgPrice: 104 } });
  });

  it('assigns a short put: the account buys the shares at the strike', () => {
    const r = settleOption(optionPosition(put(95), -1, 2), 90, ctx);
    expect(r).toMatchObject({ outcome: 'assigned', cashDelta: -9_500, realizedPnl: -300 });
    expect(r.changes[1]!.after).toMatchObject({ quantity: 100, avgPrice: 90 });
  });

  it('assigns a covered call: the shares are delivered at the strike', () => {
    const r = settleOption(optionPosition(call(110), -1, 1.2), 115, { ...ctx, stock: stockPosition('XYZ', 100, 100) });
    expect(r).toMatchObject({ outcome: 'assigned', cashDelta: 11_000 });
    // Option: 1.20 − 5.00 = −3.80 a share; shares sold at 115 against 100 bought: +15 a share.
    expect(r.realizedPnl).toBe(-380 + 1500);
    expect(r.changes[1]!.after).toBeNull();
  });

  it('settles index options in cash for their intrinsic value', () => {
    expect(settleOption(optionPosition(call(100), 1, 2), 103.5, { ...ctx, settlement: 'cash' })).toMatchObject({
      outcome: 'cash_settled',
      cashDelta: 350,
      realizedPnl: 150,
    });
  });

  it('closes a long option at intrinsic value when the cash account cannot exercise it', () => {
    expect(settleOption(optionPosition(call(100), 1, 2), 105, { ...ctx, cash: 1_000 })).toMatchObject({
      outcome: 'auto_closed',
      cashDelta: 500,
      realizedPnl: 300,
    });
    expect(settleOption(optionPosition(put(100), 1, 2), 95, ctx)).toMatchObject({ outcome: 'auto_closed', cashDelta: 500 });
  });

  it('settles assignments before exercises, so a call spread nets out: the long call covers the shares the short call delivered', () => {
    const { results } = settleExpiries(
      [optionPosition(call(100), 1, 4), optionPosition(call(110), -1, 1)],
      () => true,
      () => 115,
      { cash: 5_000, at: ctx.at, date: ctx.date, settlementOf: () => 'physical' },
    );
    expect(results.map((r) => r.outcome)).toEqual(['assigned', 'exercised']);
    expect(results[1]!.changes.find((c) => c.symbol === 'XYZ')!.after).toBeNull();
    // Sold 100 at 110, bought 100 at 100: the spread's full width, $1,000, even in a $5,000 account.
    expect(results.reduce((s, r) => s + r.cashDelta, 0)).toBe(1_000);
  });

  it('nets an in-the-money bull put spread in a small account: no shares left, cash down by the width', () => {
    // Short 600 put, long 595 put, SPY closes at 590, $10,000 account.
    const { results } = settleExpiries(
      [optionPosition(put(595, EXPIRY, 'SPY'), 1, 1), optionPosition(put(600, EXPIRY, 'SPY'), -1, 3)],
      () => true,
      () => 590,
      { cash: 10_000, at: ctx.at, date: ctx.date, settlementOf: () => 'physical' },
    );
    expect(results.map((r) => r.outcome)).toEqual(['assigned', 'exercised']);
    expect(results.reduce((s, r) => s + r.cashDelta, 0)).toBe(-500);
    expect(results[1]!.changes.find((c) => c.symbol === 'SPY')!.after).toBeNull();
    // Premium: +3 − 1 = +2 a share; at expiry the spread pays out its width of 5: −3 a share in all.
    expect(results.reduce((s, r) => s + r.realizedPnl, 0)).toBe(-300);
  });
});
