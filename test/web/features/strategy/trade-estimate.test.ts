import { describe, expect, it } from 'vitest';
import { orderCost } from '@shared/paper/order-cost';
import type { QuotedLeg } from '@web/features/strategy/lib/legs';
import { estimateTrade } from '@web/features/strategy/lib/trade';
import { contract } from '../chain/fixtures';

const settings = { optionsLevel: 3, fillModel: 'bid-ask', midShare: 0.25, commissionPerContract: 0.65 } as const;

function quoted(action: 'buy' | 'sell', type: 'call' | 'put', strike: number, bid: number, ask: number, lots = 1): QuotedLeg {
  const c = contract(type, strike, { bid, ask, mark: (bid + ask) / 2 });
  return {
    leg: { id: `${action}-${strike}`, action, optionType: type, expiration: c.expiration_date, strike, lots, snap: true },
    status: 'listed',
    strike,
    contract: c,
    premium: c.mark,
  };
}

describe('the builder’s trade estimate', () => {
  it('costs the order as the account is charged: the shared order cost, in cents, commission on every contract', () => {
    // A 1×2 call ratio × 3: buy 3 at the 1.13 ask, sell 6 at the 0.29 bid; 9 contracts of commission.
    const legs = [quoted('buy', 'call', 600, 1.1, 1.13), quoted('sell', 'call', 610, 0.29, 0.31, 2)];
    const estimate = estimateTrade(legs, 3, settings);
    const expected = orderCost(
      [
        { side: 'buy', quantity: 3, price: 1.13 },
        { side: 'sell', quantity: 6, price: 0.29 },
      ],
      0.65,
    );
    expect(estimate).toMatchObject({ netPerUnit: 0.55, commission: 5.85, total: 170.85 });
    expect({ commission: estimate.commission, totalCost: estimate.total }).toEqual({ commission: expected.commission, totalCost: expected.totalCost });
    expect(estimate.legs.map((l) => [l.action, l.quantity, l.price])).toEqual([
      ['BUY', 3, 1.13],
      ['SELL', 6, 0.29],
    ]);
  });
});
