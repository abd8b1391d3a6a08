import { describe, expect, it } from 'vitest';
import { closeEstimate } from '@web/features/trading/lib/estimate';

const settings = { fillModel: 'bid-ask', midShare: 0.25, commissionPerContract: 0.65 } as const;
const option = { kind: 'option', bid: 2.1, ask: 2.3, mark: 2.2 } as const;

describe('closeEstimate: what the close-position dialog shows', () => {
  it('sells a long option at the bid under the default fill model, commission taken off the credit', () => {
    // 3 contracts × $2.10 × 100 = $630 credit, less 3 × $0.65 commission.
    expect(closeEstimate({ ...option, quantity: 3 }, settings)).toEqual({ price: 2.1, commission: 1.95, totalCost: -628.05 });
  });

  it('buys back a short option at the ask, commission added to the cost', () => {
    expect(closeEstimate({ ...option, quantity: -2 }, settings)).toEqual({ price: 2.3, commission: 1.3, totalCost: 461.3 });
  });

  it('follows the account’s fill model: mid, and mid plus a share of the half-spread against the trader', () => {
    expect(closeEstimate({ ...option, quantity: 1 }, { ...settings, fillModel: 'mid' }).price).toBe(2.2);
    // Selling: mid 2.20 less 50% of the 0.10 half-spread.
    expect(closeEstimate({ ...option, quantity: 1 }, { ...settings, fillModel: 'mid-plus', midShare: 0.5 }).price).toBe(2.15);
  });

  it('uses the mark where the quote lacks the side needed', () => {
    expect(closeEstimate({ kind: 'option', bid: null, ask: 0.05, mark: 0.03, quantity: 1 }, settings)).toEqual({
      price: 0.03,
      commission: 0.65,
      totalCost: -2.35,
    });
  });

  it('closes shares at the underlying price without commission', () => {
    expect(closeEstimate({ kind: 'stock', bid: null, ask: null, mark: 601.25, quantity: 100 }, settings)).toEqual({
      price: 601.25,
      commission: 0,
      totalCost: -60125,
    });
    expect(closeEstimate({ kind: 'stock', bid: null, ask: null, mark: 601.25, quantity: -100 }, settings).totalCost).toBe(60125);
  });
});
