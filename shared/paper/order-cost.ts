import { cents } from '../kernel/money';
import { CONTRACT_MULTIPLIER } from './types';
import type { Side } from '../trading/order';

/** One leg as it fills: whole contracts at a price per share. */
export interface CostLeg {
  side: Side;
  quantity: number;
  price: number;
}

export interface OrderCost {
  /** The contracts' premium, price × contracts × 100 summed over the legs: positive paid, negative received. */
  premium: number;
  /** The commission per contract over every leg's contracts. */
  commission: number;
  /** What leaves the account, commission included: positive paid, negative received. */
  totalCost: number;
}

/** One leg's commission, in cents, as its fill records it. */
export const legCommission = (quantity: number, commissionPerContract: number): number => cents(quantity * commissionPerContract);

/**
 * What an option order costs (spec part 3 §5): premium × contracts × 100 per leg, bought legs paid and sold legs
 * received, plus the commission per contract; every figure rounded to cents (0.1 + 0.2 is 0.3 here). The ticket, the
 * builder, the close dialog and the fill all use this one function, so the estimate is what the account is charged.
 */
export function orderCost(legs: readonly CostLeg[], commissionPerContract: number): OrderCost {
  const premium = legs.reduce((sum, l) => sum + (l.side === 'buy' ? 1 : -1) * l.price * l.quantity * CONTRACT_MULTIPLIER, 0);
  const commission = cents(legs.reduce((sum, l) => sum + legCommission(l.quantity, commissionPerContract), 0));
  return { premium: cents(premium), commission, totalCost: cents(premium + commission) };
}
