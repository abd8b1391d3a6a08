import type { StrategyLeg } from '@shared/strategy';

export const EXPIRY = '2026-12-18';

/** A leg on XYZ (no dividend) expiring EXPIRY unless told otherwise. */
export function leg(
  action: 'buy' | 'sell',
  optionType: 'call' | 'put',
  strike: number,
  premium: number,
  quantity = 1,
  more: Partial<StrategyLeg> = {},
): StrategyLeg {
  return { action, optionType, strike, premium, quantity, expiration: EXPIRY, underlying: 'XYZ', ...more };
}
export const buyCall = (K: number, p: number, n = 1, more: Partial<StrategyLeg> = {}) => leg('buy', 'call', K, p, n, more);
export const sellCall = (K: number, p: number, n = 1, more: Partial<StrategyLeg> = {}) => leg('sell', 'call', K, p, n, more);
export const buyPut = (K: number, p: number, n = 1, more: Partial<StrategyLeg> = {}) => leg('buy', 'put', K, p, n, more);
export const sellPut = (K: number, p: number, n = 1, more: Partial<StrategyLeg> = {}) => leg('sell', 'put', K, p, n, more);
