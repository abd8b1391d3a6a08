import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { legCommission, orderCost } from '@shared/paper/order-cost';

const isWholeCents = (x: number) => Math.abs(x * 100 - Math.round(x * 100)) < 1e-6;

describe('orderCost: what an option order costs', () => {
  it('charges a buy its premium × contracts × 100 plus the commission per contract', () => {
    // 3 contracts at $2.20 a share: $660 of premium and 3 × $0.65 commission.
    expect(orderCost([{ side: 'buy', quantity: 3, price: 2.2 }], 0.65)).toEqual({ premium: 660, commission: 1.95, totalCost: 661.95 });
  });

  it('credits a sale its premium less the commission', () => {
    expect(orderCost([{ side: 'sell', quantity: 2, price: 1.05 }], 0.65)).toEqual({ premium: -210, commission: 1.3, totalCost: -208.7 });
  });

  it('nets the legs of a spread: a debit spread pays, a credit spread receives, commission on every leg', () => {
    const debit = orderCost(
      [
        { side: 'buy', quantity: 1, price: 5.1 },
        { side: 'sell', quantity: 1, price: 2.3 },
      ],
      0.65,
    );
    expect(debit).toEqual({ premium: 280, commission: 1.3, totalCost: 281.3 });
    const ironCondor = orderCost(
      [
        { side: 'buy', quantity: 2, price: 0.4 },
        { side: 'sell', quantity: 2, price: 1.1 },
        { side: 'sell', quantity: 2, price: 1.2 },
        { side: 'buy', quantity: 2, price: 0.45 },
      ],
      0.65,
    );
    expect(ironCondor).toEqual({ premium: -290, commission: 5.2, totalCost: -284.8 });
  });

  it('rounds to cents where floating point would not: 3 × $0.65 is $1.95 and 3 × $1.13 × 100 is $339', () => {
    expect(3 * 0.65).not.toBe(1.95);
    expect(1.13 * 3 * 100).not.toBe(339);
    expect(orderCost([{ side: 'buy', quantity: 3, price: 1.13 }], 0.65)).toEqual({ premium: 339, commission: 1.95, totalCost: 340.95 });
    expect(legCommission(3, 0.65)).toBe(1.95);
  });

  it('allows a commission of zero', () => {
    expect(orderCost([{ side: 'buy', quantity: 1, price: 0.05 }], 0)).toEqual({ premium: 5, commission: 0, totalCost: 5 });
  });

  it('always answers in whole cents, with the total equal to premium plus commission', () => {
    const leg = fc.record({
      side: fc.constantFrom('buy' as const, 'sell' as const),
      quantity: fc.integer({ min: 1, max: 500 }),
      price: fc.integer({ min: 1, max: 50_000 }).map((c) => c / 100),
    });
    const rate = fc.integer({ min: 0, max: 1000 }).map((c) => c / 100);
    fc.assert(
      fc.property(fc.array(leg, { minLength: 1, maxLength: 4 }), rate, (legs, commissionPerContract) => {
        const cost = orderCost(legs, commissionPerContract);
        expect(isWholeCents(cost.premium) && isWholeCents(cost.commission) && isWholeCents(cost.totalCost)).toBe(true);
        expect(Math.round(cost.totalCost * 100)).toBe(Math.round(cost.premium * 100) + Math.round(cost.commission * 100));
        const contracts = legs.reduce((s, l) => s + l.quantity, 0);
        expect(Math.round(cost.commission * 100)).toBe(Math.round(contracts * commissionPerContract * 100));
      }),
    );
  });
});
