import { americanGreeks, americanImpliedVol, americanPrice, greeks, inDisplayUnits, price, type OptionInput, type OptionType } from '../../../pricing';
import { normCdf } from '../../../pricing/normal-distribution';
import type { OptionContract } from '../../../market/chain';
import type { ChainSnapshot } from '../../snapshot';
import type { MarketInputs } from '../types';
import { SPY, SPY_SNAPSHOT_ID } from '../lib/snapshot';

/**
 * The options_greeks module's market: the frozen SPY chain of Nov 20, 2026 (../../snapshots) and the pricing core.
 * Every figure of the module comes from here, in the product's display units (shared/market/chain.ts): theta per
 * calendar day (raw/365), vega per 1 vol point (raw/100), rho per 1 rate point (raw/100).
 */
export const SNAPSHOT: ChainSnapshot = SPY;
/** The snapshot's name, as a chain-task widget refers to it (the course's registry, ../lib/snapshot.ts). */
export const SNAPSHOT_NAME = SPY_SNAPSHOT_ID;
export const S = SNAPSHOT.underlyingPrice;
export const r = SNAPSHOT.r;
export const q = SNAPSHOT.q;
/** Said under every figure taken from the snapshot. */
export const SOURCE = 'SPY option chain, end of day, Nov 20, 2026 (simulated market)';
export const DATE = 'end of day, Nov 20, 2026 (simulated market)';

export interface Expiry {
  expiration: string;
  days: number;
  /** ACT/365 to the 16:00 New York close of the expiry day, as the chain is priced (shared/market/chain.ts). */
  T: number;
  contracts: OptionContract[];
}

/** The snapshot's expiry with this many days to go (7, 28 or 41). */
export function expiry(days: number): Expiry {
  const e = SNAPSHOT.expiries.find((x) => x.daysToExpiry === days);
  if (!e) throw new Error(`No ${days}-day expiry in ${SNAPSHOT_NAME}`);
  return { expiration: e.expiration, days, T: days / 365, contracts: e.contracts };
}

/** The listed strike nearest the underlying's price. */
export const ATM_STRIKE = expiry(28).contracts.reduce(
  (b, c) => (Math.abs(c.strike_price - S) < Math.abs(b - S) ? c.strike_price : b),
  Number.POSITIVE_INFINITY,
);

export interface Quote {
  contract: OptionContract;
  expiry: Expiry;
  /** The pricing core's input: S, K, T, r, q and σ solved from the mark by the American engine (as the chain's IV). */
  input: OptionInput;
  mark: number;
}

/** One contract of the snapshot with its model input. */
export function quote(days: number, type: OptionType, K: number): Quote {
  const e = expiry(days);
  const contract = e.contracts.find((c) => c.contract_type === type && c.strike_price === K);
  if (!contract || contract.mark === null) throw new Error(`No ${days}-day ${K} ${type} with a mark in ${SNAPSHOT_NAME}`);
  const sigma = americanImpliedVol({ type, S, K, T: e.T, r, q, price: contract.mark });
  if (!Number.isFinite(sigma)) throw new Error(`No implied volatility for ${contract.contract_ticker}`);
  return { contract, expiry: e, input: { type, S, K, T: e.T, r, q, sigma }, mark: contract.mark };
}

/** A greeks widget's inputs (the course's symbol table). */
export const marketInputs = (input: OptionInput): MarketInputs => ({ S: input.S, K: input.K, T: input.T, sigma: input.sigma, r: input.r, q: input.q });

/** Price and the five Greeks in display units: theta $/calendar day, vega $/vol point, rho $/rate point (per share). */
export interface DisplayGreeks {
  price: number;
  delta: number;
  gamma: number;
  theta: number;
  vega: number;
  rho: number;
}

export function displayGreeks(input: OptionInput, style: 'american' | 'european' = 'american'): DisplayGreeks {
  return inDisplayUnits(style === 'american' ? americanGreeks(input) : greeks(input));
}

/** The American price (Andersen-Lake-Offengenden), what the product values US options with. */
export const value = (input: OptionInput): number => americanPrice(input);
/** The European (Black-Scholes-Merton) price. */
export const europeanValue = (input: OptionInput): number => price(input);

/** d₁, d₂ and Φ of each, Black-Scholes-Merton with dividend yield (Hull, 9th ed., §17.4). */
export function d1d2(input: OptionInput): { d1: number; d2: number; Nd1: number; Nd2: number } {
  const v = input.sigma * Math.sqrt(input.T);
  const d1 = (Math.log(input.S / input.K) + (input.r - input.q + (input.sigma * input.sigma) / 2) * input.T) / v;
  const d2 = d1 - v;
  return { d1, d2, Nd1: normCdf(d1), Nd2: normCdf(d2) };
}

export const intrinsic = (type: OptionType, spot: number, K: number): number => Math.max(0, type === 'call' ? spot - K : K - spot);

/** The contract of an expiry and type whose chain delta is nearest the target (the chain's own figure). */
export function nearestDelta(days: number, type: OptionType, target: number): OptionContract {
  const candidates = expiry(days).contracts.filter((c) => c.contract_type === type && c.delta !== null);
  return candidates.reduce((b, c) => (Math.abs(c.delta! - target) < Math.abs(b.delta! - target) ? c : b));
}
