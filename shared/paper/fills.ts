import { cents, gcd } from '../kernel/money';
import type { AccountSettings } from './types';
import type { OrderLegInput, Quote, Side } from '../trading/order';

/**
 * The price a leg fills at under the account's fill model (issue 6):
 * - 'bid-ask' (default): buys at the ask, sells at the bid;
 * - 'mid': at the midpoint;
 * - 'mid-plus': the midpoint plus a share of the half-spread against the trader.
 * Null when the quote lacks the side needed.
 */
export function fillPrice(quote: Pick<Quote, 'bid' | 'ask'>, side: Side, settings: Pick<AccountSettings, 'fillModel' | 'midShare'>): number | null {
  const { bid, ask } = quote;
  if (settings.fillModel === 'bid-ask') return side === 'buy' ? ask : bid;
  if (bid === null || ask === null) return null;
  const mid = (bid + ask) / 2;
  if (settings.fillModel === 'mid') return cents(mid);
  const half = (ask - bid) / 2;
  const share = Math.min(1, Math.max(0, settings.midShare));
  return cents(side === 'buy' ? mid + share * half : mid - share * half);
}

/** A multi-leg order trades in units of its leg ratio: 2 × (1 buy, 2 sell) is 2 units of 1:2. */
export function orderUnits(legs: readonly OrderLegInput[]): number {
  return legs.reduce((g, l) => gcd(g, l.quantity), 0) || 1;
}

/** Net price of one unit, per share: positive for a net debit, negative for a net credit. */
export function netUnitPrice(legs: readonly OrderLegInput[], prices: readonly number[]): number {
  const units = orderUnits(legs);
  return cents(legs.reduce((sum, leg, i) => sum + (leg.side === 'buy' ? 1 : -1) * prices[i]! * (leg.quantity / units), 0));
}

/**
 * The limit on the same signed scale as netUnitPrice: a single-leg sell's limit (the least to take)
 * becomes a negative net; a multi-leg limit is already signed.
 */
export function signedLimit(legs: readonly OrderLegInput[], limitPrice: number): number {
  return legs.length === 1 && legs[0]!.side === 'sell' ? -Math.abs(limitPrice) : limitPrice;
}

/** A limit order is marketable when its net price is no worse than the limit. */
export const isMarketable = (net: number, limit: number): boolean => net <= limit + 1e-9;
