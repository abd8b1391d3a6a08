/**
 * Kalshi's taker fee, as its published fee schedule gives it: fee = round up to the next cent of
 * 0.07 × C × P × (1 − P), with C the number of contracts and P the price in dollars (a contract pays $1). It is
 * largest at 50¢ (1.75¢ a contract, 2¢ for one) and falls toward the extremes (one contract at 1¢ or 99¢: 1¢).
 *
 * Worked in integer cents so that no binary fraction moves the rounding: with p the price in cents,
 * 0.07 × C × (p/100) × (1 − p/100) dollars = 7 × C × p × (100 − p) / 10 000 cents, rounded up.
 */
import { badCount, badPrice } from './prediction.errors';
import { ok, type Result } from '../result';

/** A contract's price in whole cents, 1 to 99 (Kalshi's tick), and what a contract pays: 100¢. */
export const MIN_PRICE_CENTS = 1;
export const MAX_PRICE_CENTS = 99;
export const PAYOUT_CENTS = 100;

export const isPriceCents = (p: number): boolean => Number.isInteger(p) && p >= MIN_PRICE_CENTS && p <= MAX_PRICE_CENTS;
export const isContractCount = (c: number): boolean => Number.isSafeInteger(c) && c >= 1;

/** The taker fee, in whole cents, of C contracts traded at p cents (p from 1 to 99, C a whole number from 1). */
export function takerFeeCents(count: number, priceCents: number): Result<number> {
  if (!isContractCount(count)) return badCount();
  if (!isPriceCents(priceCents)) return badPrice();
  const tenThousandths = 7 * count * priceCents * (PAYOUT_CENTS - priceCents);
  return ok(Math.ceil(tenThousandths / 10_000));
}

/**
 * The taker fee of an order filled at several prices (levels of whole cents and counts), in whole cents: the formula
 * summed over the levels and rounded up once, so an order pays what one equivalent fill would (Kalshi's API
 * documentation, "Fee Rounding": its fee accumulator makes the fee of many fills of an order converge to that).
 */
export function takerFeeOfFillCents(levels: readonly { price: number; count: number }[]): Result<number> {
  let tenThousandths = 0;
  for (const { price, count } of levels) {
    if (!isContractCount(count)) return badCount();
    if (!isPriceCents(price)) return badPrice();
    tenThousandths += 7 * count * price * (PAYOUT_CENTS - price);
  }
  return ok(Math.ceil(tenThousandths / 10_000));
}

/** The formula of the fee as the page shows it beside the preview. */
export const TAKER_FEE_FORMULA = 'fee = round up to the cent of 0.07 × C × P × (1 − P), C contracts at P dollars';
