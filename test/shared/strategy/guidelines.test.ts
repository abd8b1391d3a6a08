import { describe, expect, it } from 'vitest';
import { GUIDELINE_TEXTS, tradeGuidelines } from '@shared/strategy';

const debit = (amount: number) => ({ kind: 'debit' as const, amount, netPremium: -amount });
const credit = (amount: number) => ({ kind: 'credit' as const, amount, netPremium: amount });

describe('trade management guidelines (spec part 3 §9)', () => {
  it('keeps the spec texts word for word', () => {
    expect(GUIDELINE_TEXTS).toEqual({
      positionSize: 'position size 1-5% (or 2-5%) of the portfolio',
      profitTarget: 'profit target 25-50% of max profit',
      stop: 'stop at 2x credit or 50% of debit',
    });
  });

  it('works out a credit spread: target a quarter to half of the credit, stop at twice the credit', () => {
    // A $5-wide put credit spread for $1.50 a share: max profit $150, max loss $350.
    const g = tradeGuidelines({ maxProfit: 150, maxLoss: -350, debitCredit: credit(150) }, 100_000);
    expect(g.positionSize).toEqual({ low: 1_000, high: 5_000, atRisk: 350, share: 0.0035, tooLarge: false });
    expect(g.profitTarget).toEqual({ low: 37.5, high: 75 });
    expect(g.stop).toEqual({ kind: 'credit', premium: 150, closeAt: 300, loss: 150 });
  });

  it('works out a long call: no profit target in dollars when the profit is unlimited, stop at half the debit', () => {
    const g = tradeGuidelines({ maxProfit: Infinity, maxLoss: -660, debitCredit: debit(660) }, 10_000);
    expect(g.profitTarget).toBeNull();
    expect(g.stop).toEqual({ kind: 'debit', premium: 660, closeAt: 330, loss: 330 });
    expect(g.positionSize).toMatchObject({ atRisk: 660, share: 0.066, tooLarge: true });
  });

  it('flags an unlimited loss as beyond any position size, and needs an account to size against', () => {
    expect(tradeGuidelines({ maxProfit: 200, maxLoss: -Infinity, debitCredit: credit(200) }, 25_000).positionSize).toMatchObject({
      atRisk: null,
      share: null,
      tooLarge: true,
    });
    expect(tradeGuidelines({ maxProfit: 200, maxLoss: -100, debitCredit: credit(200) }, null).positionSize).toBeNull();
    expect(tradeGuidelines({ maxProfit: 0, maxLoss: -100, debitCredit: { kind: 'even', amount: 0, netPremium: 0 } }, 25_000)).toMatchObject({
      profitTarget: null,
      stop: null,
    });
  });
});
