import { describe, expect, it } from 'vitest';
import { fillPrice, isMarketable, netUnitPrice, orderUnits, signedLimit } from '@shared/paper/fills';
import { applyFill } from '@shared/paper/positions';
import { call, optionPosition, put, quote } from '../../support/trading-fixtures';

const q = quote(call(100), 2.0, 2.2);

describe('the fill model', () => {
  it('buys at the ask and sells at the bid by default', () => {
    expect(fillPrice(q, 'buy', { fillModel: 'bid-ask', midShare: 0 })).toBe(2.2);
    expect(fillPrice(q, 'sell', { fillModel: 'bid-ask', midShare: 0 })).toBe(2.0);
  });

  it('fills at the mid, or the mid plus a share of the half-spread against the trader', () => {
    expect(fillPrice(q, 'buy', { fillModel: 'mid', midShare: 0 })).toBe(2.1);
    expect(fillPrice(q, 'buy', { fillModel: 'mid-plus', midShare: 0.5 })).toBe(2.15);
    expect(fillPrice(q, 'sell', { fillModel: 'mid-plus', midShare: 0.5 })).toBe(2.05);
  });

  it('has no price when the needed side is missing', () => {
    expect(fillPrice(quote(call(100), null, 0.05), 'sell', { fillModel: 'bid-ask', midShare: 0 })).toBeNull();
    expect(fillPrice(quote(call(100), null, 0.05), 'buy', { fillModel: 'mid', midShare: 0 })).toBeNull();
  });
});

describe('multi-leg pricing', () => {
  const spread = [
    { contract: call(100), side: 'buy' as const, quantity: 10 },
    { contract: call(105), side: 'sell' as const, quantity: 10 },
  ];
  it('prices one unit of the ratio, positive for a debit and negative for a credit', () => {
    expect(orderUnits(spread)).toBe(10);
    expect(netUnitPrice(spread, [3.1, 1.2])).toBe(1.9);
    expect(
      netUnitPrice(
        [
          { contract: put(95), side: 'buy', quantity: 1 },
          { contract: put(100), side: 'sell', quantity: 2 },
        ],
        [1, 2.5],
      ),
    ).toBe(-4);
  });

  it('fills a limit when the net is no worse than the limit, single-leg sells taking a positive limit', () => {
    expect(isMarketable(1.9, 2)).toBe(true);
    expect(isMarketable(1.9, 1.85)).toBe(false);
    expect(signedLimit([{ contract: call(100), side: 'sell', quantity: 1 }], 2.5)).toBe(-2.5);
    expect(isMarketable(-2.6, -2.5)).toBe(true); // selling at 2.60 against a 2.50 minimum
    expect(isMarketable(-1.0, -1.2)).toBe(false); // a credit spread for 1.00 against a 1.20 minimum
  });
});

describe('booking a fill', () => {
  const at = '2026-11-23T15:00:00Z';
  it('opens, averages in, and realizes P&L on a close at the average price', () => {
    const opened = applyFill(null, { symbol: call(100), side: 'buy', quantity: 2, price: 2.0, at, date: '2026-11-23' });
    expect(opened.position).toMatchObject({ quantity: 2, avgPrice: 2, kind: 'option', underlying: 'XYZ', strike: 100, optionType: 'call' });
    const added = applyFill(opened.position, { symbol: call(100), side: 'buy', quantity: 2, price: 3.0, at, date: '2026-11-23' });
    expect(added.position).toMatchObject({ quantity: 4, avgPrice: 2.5 });
    const partial = applyFill(added.position, { symbol: call(100), side: 'sell', quantity: 1, price: 4.0, at, date: '2026-11-23' });
    expect(partial).toMatchObject({ effect: 'close', realizedPnl: 150, position: { quantity: 3, avgPrice: 2.5 } });
    const all = applyFill(partial.position, { symbol: call(100), side: 'sell', quantity: 3, price: 1.0, at, date: '2026-11-23' });
    expect(all).toMatchObject({ effect: 'close', realizedPnl: -450, position: null });
  });

  it("realizes a short position's P&L the other way round, and flips through zero", () => {
    const short = optionPosition(put(95), -2, 1.5);
    expect(applyFill(short, { symbol: put(95), side: 'buy', quantity: 2, price: 0.5, at, date: '2026-11-23' })).toMatchObject({
      realizedPnl: 200,
      position: null,
    });
    const flipped = applyFill(short, { symbol: put(95), side: 'buy', quantity: 3, price: 1.0, at, date: '2026-11-23' });
    expect(flipped).toMatchObject({ effect: 'close-and-open', realizedPnl: 100, position: { quantity: 1, avgPrice: 1.0 } });
  });
});
