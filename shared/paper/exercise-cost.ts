import { formatUsd } from '../format/money';
import { cents } from '../kernel/money';
import { CONTRACT_MULTIPLIER, type Position } from './types';
import type { Quote } from '../trading/order';

/**
 * What exercising a long option early throws away (issue 23 §3). Exercising gets the intrinsic value (shares at
 * the strike, worth the market price, or the strike for shares delivered on a put) and nothing for the option's
 * remaining time value; selling the option gets its bid, time value included, less the commission. An American
 * option is worth at least its intrinsic value, so where the bid is above it selling is the better way out, and
 * the difference is the time value exercising gives up. Dollars for the contracts exercised.
 */
export interface ExerciseCost {
  contracts: number;
  /** Intrinsic value per share at the underlying price (0 out of the money). */
  intrinsic: number;
  /** What exercising is worth: intrinsic × 100 × contracts. */
  exerciseValue: number;
  /** What selling the contracts at the bid gets, after the commission; null without a bid. */
  saleValue: number | null;
  /** saleValue − exerciseValue where selling gets more (else 0): the time value exercising gives up; null without a bid. */
  timeValueLost: number | null;
  /** The warning for the ticket and the exercise, where exercising gives up at least a cent; else null. */
  warning: string | null;
}

/**
 * The cost of exercising `contracts` (default all) of a long option now rather than selling them at the quote's bid,
 * with `commissionPerContract` charged on a sale (exercising is free in the paper account).
 */
export function exerciseCost(
  position: Pick<Position, 'optionType' | 'strike' | 'quantity'>,
  quote: Pick<Quote, 'bid'> | null | undefined,
  underlyingPrice: number,
  options: { contracts?: number; commissionPerContract?: number } = {},
): ExerciseCost {
  const contracts = Math.min(Math.abs(position.quantity), options.contracts ?? Math.abs(position.quantity));
  const shares = contracts * CONTRACT_MULTIPLIER;
  const intrinsic = cents(Math.max(0, position.optionType === 'call' ? underlyingPrice - position.strike! : position.strike! - underlyingPrice));
  const exerciseValue = cents(intrinsic * shares);
  const bid = quote?.bid;
  if (bid === null || bid === undefined || !Number.isFinite(bid)) {
    return { contracts, intrinsic, exerciseValue, saleValue: null, timeValueLost: null, warning: null };
  }
  const saleValue = cents(Math.max(0, bid * shares - (options.commissionPerContract ?? 0) * contracts));
  const timeValueLost = cents(Math.max(0, saleValue - exerciseValue));
  const warning =
    timeValueLost >= 0.01 ? `Exercising now gives up ${formatUsd(timeValueLost)} of time value; selling the option would get ${formatUsd(saleValue)}.` : null;
  return { contracts, intrinsic, exerciseValue, saleValue, timeValueLost, warning };
}
