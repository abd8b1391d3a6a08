import type { StrategySummary } from './analytics';

/** Spec part 3 §9's guideline texts, word for word. */
export const GUIDELINE_TEXTS = {
  positionSize: 'position size 1-5% (or 2-5%) of the portfolio',
  profitTarget: 'profit target 25-50% of max profit',
  stop: 'stop at 2x credit or 50% of debit',
} as const;

/** The share of the account one trade should put at risk, by the position-size guideline. */
export const POSITION_SIZE_RANGE = { low: 0.01, high: 0.05 } as const;
/** The profit-target guideline: this share of the maximum profit. */
export const PROFIT_TARGET_RANGE = { low: 0.25, high: 0.5 } as const;

export interface TradeGuidelines {
  /**
   * What the position-size guideline means for this account: 1% and 5% of equity in dollars, what the strategy
   * can lose at expiry (null when unlimited) and that as a share of equity; tooLarge when the loss is unlimited or
   * over 5%. Null without an account to measure against.
   */
  positionSize: { low: number; high: number; atRisk: number | null; share: number | null; tooLarge: boolean } | null;
  /** 25% and 50% of the maximum profit in dollars; null when the profit is unlimited or there is none. */
  profitTarget: { low: number; high: number } | null;
  /**
   * The stop in dollars. A credit: close when buying the position back would cost twice the credit, a loss of
   * the credit. A debit: close when the position is worth half of what was paid, a loss of half the debit.
   * Null when no premium changes hands.
   */
  stop: { kind: 'credit' | 'debit'; premium: number; closeAt: number; loss: number } | null;
}

/** The three §9 guidelines in dollars for one strategy (per the whole position) and the account's equity. */
export function tradeGuidelines(summary: Pick<StrategySummary, 'maxProfit' | 'maxLoss' | 'debitCredit'>, equity: number | null): TradeGuidelines {
  const atRisk = Number.isFinite(summary.maxLoss) ? Math.max(0, -summary.maxLoss) : null;
  const positionSize =
    equity !== null && equity > 0
      ? {
          low: equity * POSITION_SIZE_RANGE.low,
          high: equity * POSITION_SIZE_RANGE.high,
          atRisk,
          share: atRisk === null ? null : atRisk / equity,
          tooLarge: atRisk === null || atRisk > equity * POSITION_SIZE_RANGE.high,
        }
      : null;
  const profitTarget =
    Number.isFinite(summary.maxProfit) && summary.maxProfit > 0
      ? { low: summary.maxProfit * PROFIT_TARGET_RANGE.low, high: summary.maxProfit * PROFIT_TARGET_RANGE.high }
      : null;
  const { kind, amount } = summary.debitCredit;
  const stop =
    kind === 'credit'
      ? { kind, premium: amount, closeAt: 2 * amount, loss: amount }
      : kind === 'debit'
        ? { kind, premium: amount, closeAt: amount / 2, loss: amount / 2 }
        : null;
  return { positionSize, profitTarget, stop };
}
