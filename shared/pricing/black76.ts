/**
 * Black (1976) model for European options on futures and forwards (index, commodity and rate futures options).
 *
 *   d1 = [ln(F/K) + σ²T/2] / (σ√T),  d2 = d1 - σ√T
 *   call = e^{-rT} [F Φ(d1) - K Φ(d2)],  put = e^{-rT} [K Φ(-d2) - F Φ(-d1)]
 *
 * Units: F, K in currency; T in years; r continuously compounded (discounts the premium); σ annualised.
 * It is BSM with the forward as underlying and cost of carry zero, i.e. S = F and q = r.
 * References: F. Black, "The pricing of commodity contracts", J. Financial Economics 3 (1976) 167-179;
 * Hull, "Options, Futures, and Other Derivatives", 9th ed., the chapter on futures options; Haug (2007), Black-76.
 */
import { bsmPrice, checkOptionFields } from './bsm';
import type { Black76Input } from './types';
import { checkPositive, isPositive } from './validate';

/** Black-76 price of a European option on a forward/futures price F. Throws RangeError on invalid input. */
export function black76(input: Black76Input): number {
  const { type, F, K, T, r, sigma } = input;
  // Validated as the BSM input it is (S = F, q = r), but with the message naming F.
  if (!isPositive(F)) checkPositive('F', F);
  checkOptionFields(type, F, K, T, r, r, sigma);
  return bsmPrice(type === 'call', F, K, T, r, r, sigma);
}
