/**
 * What the prediction markets read from one underlying's option chain for one expiry: the price, the rate and
 * dividend yield the chain was priced with, the time to expiry its implied volatilities were solved with, the
 * at-the-money IV, the smile (each listed strike's IV) and the expiry's one-standard-deviation move.
 */
import type { OptionContract } from '../market/chain';
import { newYorkInstant, yearsBetween } from '../market/dates';
import type { StoredChain } from '../market/market-store.port';
import { RISK_FREE_RATE, underlyingProfile } from '../market/underlyings';
import { atmIvOfExpiry } from '../metrics/daily-summary';
import { ok, type Result } from '../result';
import { chainExpired, noAtmIv } from './prediction.errors';

/** One expiry's chain with the rate and dividend yield it was priced with. */
export interface ExpiryChain {
  underlying: string;
  /** The expiry, a New York date (YYYY-MM-DD). */
  expiration: string;
  underlyingPrice: number;
  /** ISO instant the quotes refer to: the data's date every figure shows. */
  asOf: string;
  /** Continuously compounded risk-free rate. */
  r: number;
  /** Continuous dividend yield. */
  q: number;
  /** The market data's provider, named in the resolution source. */
  provider: string;
  contracts: readonly OptionContract[];
}

/**
 * A stored chain with the rate and dividend yield the product prices every chain with (the market's risk-free rate
 * and the underlying's dividend yield, as the chain reader uses them).
 */
export function expiryChainOf(stored: StoredChain): ExpiryChain {
  return {
    underlying: stored.underlying,
    expiration: stored.expiration,
    underlyingPrice: stored.underlyingPrice,
    asOf: stored.asOf,
    r: RISK_FREE_RATE,
    q: underlyingProfile(stored.underlying)?.dividendYield ?? 0,
    provider: stored.provider,
    contracts: stored.contracts,
  };
}

/** One listed strike and its implied volatility. */
export interface SmilePoint {
  strike: number;
  iv: number;
}

/** The numbers every fair value of an expiry starts from. */
export interface ExpiryModel {
  underlying: string;
  expiration: string;
  asOf: string;
  S: number;
  /**
   * Years from the quotes to the expiry's 16:00 New York close (ACT/365): the T the chain's implied volatilities
   * were solved with, so σ²T is the chain's own total variance (on an early-close day too).
   */
  T: number;
  r: number;
  q: number;
  /** The forward S·e^((r−q)T). */
  forward: number;
  /** The at-the-money IV: the strikes' IVs interpolated at the forward (the product's ATM IV of an expiry). */
  atmIv: number;
  /** The expiry's one-standard-deviation move in price: σ_ATM·√T·S. */
  move: number;
  /** Each listed strike with an IV, ascending: the mean of its call's and put's IV (either alone if one is missing). */
  smile: SmilePoint[];
}

/** The listed strikes' IVs, ascending by strike: the mean of the call's and the put's IV, or the one that has one. */
export function smileOf(contracts: readonly OptionContract[]): SmilePoint[] {
  const byStrike = new Map<number, { sum: number; n: number }>();
  for (const c of contracts) {
    const iv = c.implied_volatility;
    if (iv === null || !(iv > 0)) continue;
    const at = byStrike.get(c.strike_price) ?? { sum: 0, n: 0 };
    at.sum += iv;
    at.n += 1;
    byStrike.set(c.strike_price, at);
  }
  return [...byStrike.entries()].map(([strike, { sum, n }]) => ({ strike, iv: sum / n })).sort((a, b) => a.strike - b.strike);
}

/**
 * The IV at any strike: linear in strike between the two listed strikes around it, the end strike's IV beyond the
 * listed range (flat). NaN for an empty smile.
 */
export function ivAt(smile: readonly SmilePoint[], K: number): number {
  if (smile.length === 0) return Number.NaN;
  const first = smile[0]!;
  const last = smile[smile.length - 1]!;
  if (K <= first.strike) return first.iv;
  if (K >= last.strike) return last.iv;
  let hi = 1;
  while (smile[hi]!.strike < K) hi++;
  const a = smile[hi - 1]!;
  const b = smile[hi]!;
  return a.iv + ((b.iv - a.iv) * (K - a.strike)) / (b.strike - a.strike);
}

/** The expiry's model: T, forward, ATM IV, move and smile. Fails for a chain quoted at or after its expiry's close or without an IV around the forward. */
export function expiryModel(chain: ExpiryChain): Result<ExpiryModel> {
  const S = chain.underlyingPrice;
  const T = yearsBetween(new Date(chain.asOf), newYorkInstant(chain.expiration, 16));
  if (!(T > 0)) return chainExpired(chain.underlying, chain.expiration);
  const forward = S * Math.exp((chain.r - chain.q) * T);
  const atmIv = atmIvOfExpiry(chain.contracts, forward);
  if (atmIv === null || !(atmIv > 0)) return noAtmIv(chain.underlying, chain.expiration);
  return ok({
    underlying: chain.underlying,
    expiration: chain.expiration,
    asOf: chain.asOf,
    S,
    T,
    r: chain.r,
    q: chain.q,
    forward,
    atmIv,
    move: atmIv * Math.sqrt(T) * S,
    smile: smileOf(chain.contracts),
  });
}
