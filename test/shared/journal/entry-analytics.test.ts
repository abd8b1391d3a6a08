import { describe, expect, it } from 'vitest';
import { entryAnalytics, recogniseStrategy } from '@shared/journal/entry-analytics';

const leg = (contract: string, side: 'buy' | 'sell', quantity = 1, price = 1) => ({ contract, side, quantity, price, commission: 0.65 * quantity, iv: 0.2 });

describe('strategy recognition from the legs', () => {
  it('names the common shapes by the validator', () => {
    expect(recogniseStrategy([leg('SPY261218C00600000', 'buy')])).toBe('Long Call');
    expect(recogniseStrategy([leg('SPY261218P00580000', 'sell')])).toBe('Cash-Secured Put');
    expect(recogniseStrategy([leg('SPY261218P00580000', 'sell', 1, 3.1), leg('SPY261218P00570000', 'buy', 1, 1.6)])).toBe('Bull Put Spread');
    expect(recogniseStrategy([leg('SPY261218C00600000', 'buy', 1, 8), leg('SPY261218C00610000', 'sell', 1, 3)])).toBe('Bull Call Spread');
  });
});

describe('entry analytics', () => {
  it('a 2-lot bull put spread: credit, max profit and loss, breakeven, DTE, Greeks summed from the quotes', () => {
    const legs = [leg('SPY261218P00580000', 'sell', 2, 3.1), leg('SPY261218P00570000', 'buy', 2, 1.6)];
    const quotes = new Map([
      ['SPY261218P00580000', { underlyingPrice: 600, delta: -0.3, gamma: 0.01, theta: -0.2, vega: 0.5 }],
      ['SPY261218P00570000', { underlyingPrice: 600, delta: -0.2, gamma: 0.008, theta: -0.15, vega: 0.4 }],
    ]);
    const a = entryAnalytics(legs, { filledAt: '2026-11-18T15:00:00.000Z', quotes });
    // Credit (3.10 − 1.60)·200 = 300; max loss (10 − 1.50)·200 = 1,700; breakeven 580 − 1.50.
    expect(a).toMatchObject({ netPremium: 300, commissions: 2.6, underlyingPrice: 600, maxProfit: 300, maxLoss: 1700, breakevens: [578.5], dte: 30, lots: 2 });
    // Δ = −200·(−0.3) + 200·(−0.2) = 20
    expect(a.greeks).toEqual({ delta: 20, gamma: -0.4, theta: 10, vega: -20 });
    expect(a.pop).toBeGreaterThan(0.5);
  });

  it('an undefined-risk short call has no max loss', () => {
    const a = entryAnalytics([leg('SPY261218C00650000', 'sell', 1, 2)], {
      filledAt: '2026-11-18T15:00:00.000Z',
      quotes: new Map([['SPY261218C00650000', { underlyingPrice: 600 }]]),
    });
    expect(a.maxLoss).toBeNull();
    expect(a.maxProfit).toBe(200);
    expect(a.greeks).toBeNull();
  });
});
