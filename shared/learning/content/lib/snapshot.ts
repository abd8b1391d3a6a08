import type { OptionContract } from '../../../market/chain';
import { classifyExpiry, type ExpiryType } from '../../../market/expirations';
import { CONTRACT_MULTIPLIER } from '../../../paper/types';
import type { StrategyLeg } from '../../../strategy';
import type { ChainSnapshot } from '../../snapshot';
import spyJson from '../../snapshots/spy-2026-11-20.json';
import type { MarketInputs } from '../types';

/**
 * The course's frozen chains and the look-ups lessons use to take a figure from one (issue 17): a contract by type,
 * expiry and strike, the one nearest the money, the one nearest a delta. Every figure in content starts here, so a
 * lesson never types a market number.
 */
export const SPY_SNAPSHOT_ID = 'spy-2026-11-20';
export const SPY: ChainSnapshot = spyJson as ChainSnapshot;

/** Snapshots by the id a chain task names (`widget.snapshot`). */
export const SNAPSHOTS: Readonly<Record<string, ChainSnapshot>> = { [SPY_SNAPSHOT_ID]: SPY };

export type OptionKind = 'call' | 'put';

export function expiryOf(snapshot: ChainSnapshot, expiration: string): ChainSnapshot['expiries'][number] {
  const e = snapshot.expiries.find((x) => x.expiration === expiration);
  if (!e) throw new Error(`${snapshot.underlying} snapshot ${snapshot.session} has no expiry ${expiration}`);
  return e;
}

/** The expiry whose days to expiry are nearest `days` (the earlier on a tie). */
export function expiryNearestDays(snapshot: ChainSnapshot, days: number): ChainSnapshot['expiries'][number] {
  return snapshot.expiries.reduce((best, e) => (Math.abs(e.daysToExpiry - days) < Math.abs(best.daysToExpiry - days) ? e : best));
}

/** Weekly, Monthly, Quarterly… as the chain page classifies the expiry on the snapshot's session. */
export const expiryType = (snapshot: ChainSnapshot, expiration: string): ExpiryType => classifyExpiry(expiration, snapshot.session);

export function contractAt(snapshot: ChainSnapshot, type: OptionKind, expiration: string, strike: number): OptionContract {
  const c = expiryOf(snapshot, expiration).contracts.find((x) => x.contract_type === type && x.strike_price === strike);
  if (!c) throw new Error(`${snapshot.underlying} snapshot has no ${expiration} ${strike} ${type}`);
  return c;
}

/** The listed strikes of an expiry, ascending. */
export function strikesOf(snapshot: ChainSnapshot, expiration: string): number[] {
  return [...new Set(expiryOf(snapshot, expiration).contracts.map((c) => c.strike_price))].sort((a, b) => a - b);
}

/** The strike nearest the underlying's price (the lower on a tie). */
export function atTheMoneyStrike(snapshot: ChainSnapshot, expiration: string): number {
  const S = snapshot.underlyingPrice;
  return strikesOf(snapshot, expiration).reduce((best, k) => (Math.abs(k - S) < Math.abs(best - S) ? k : best));
}

/** The contract of a type whose strike is nearest the money. */
export const nearestTheMoney = (snapshot: ChainSnapshot, type: OptionKind, expiration: string): OptionContract =>
  contractAt(snapshot, type, expiration, atTheMoneyStrike(snapshot, expiration));

/** The contract of a type whose delta is nearest `delta` (signed: −0.30 for a 30-delta put). */
export function nearestDelta(snapshot: ChainSnapshot, type: OptionKind, expiration: string, delta: number): OptionContract {
  const candidates = expiryOf(snapshot, expiration).contracts.filter((c) => c.contract_type === type && c.delta !== null);
  return candidates.reduce((best, c) => (Math.abs(c.delta! - delta) < Math.abs(best.delta! - delta) ? c : best));
}

/** The contract of a type whose strike is nearest `strike` at or above it (calls out of the money: above S). */
export function firstStrikeAtOrAbove(snapshot: ChainSnapshot, type: OptionKind, expiration: string, price: number): OptionContract {
  const k = strikesOf(snapshot, expiration).find((x) => x >= price);
  if (k === undefined) throw new Error(`no ${expiration} strike at or above ${price}`);
  return contractAt(snapshot, type, expiration, k);
}

/** A quote's side, which every snapshot contract has; a missing one is a broken snapshot, not a content choice. */
export function bidOf(c: OptionContract): number {
  if (c.bid === null) throw new Error(`${c.contract_ticker} has no bid`);
  return c.bid;
}
export function askOf(c: OptionContract): number {
  if (c.ask === null) throw new Error(`${c.contract_ticker} has no ask`);
  return c.ask;
}

/** Midpoint of bid and ask, per share, unrounded. */
export const midOf = (c: OptionContract): number => (bidOf(c) + askOf(c)) / 2;

/** Ask − bid, per share. */
export const spreadOf = (c: OptionContract): number => askOf(c) - bidOf(c);

/** Intrinsic value per share at an underlying price: max(S − K, 0) for a call, max(K − S, 0) for a put. */
export const intrinsicAt = (type: OptionKind, S: number, K: number): number => Math.max(0, type === 'call' ? S - K : K - S);

/** Dollars for `contracts` contracts at a per-share price: price × 100 × contracts. */
export const dollars = (perShare: number, contracts = 1): number => perShare * CONTRACT_MULTIPLIER * contracts;

/**
 * A leg for the payoff widget and the analytics, traded as the paper account fills by default (issue 6): a buy at the
 * ask, a sale at the bid.
 */
export function legOf(c: OptionContract, action: 'buy' | 'sell', quantity = 1): StrategyLeg {
  return {
    action,
    optionType: c.contract_type,
    strike: c.strike_price,
    premium: action === 'buy' ? askOf(c) : bidOf(c),
    quantity,
    expiration: c.expiration_date,
    underlying: c.underlying_ticker,
    contractTicker: c.contract_ticker,
    iv: c.implied_volatility,
  };
}

/** The course's symbol table for a contract of the snapshot: S, K, T (ACT/365 days to expiry), σ (its IV), r, q. */
export function marketInputs(snapshot: ChainSnapshot, c: OptionContract): MarketInputs {
  const e = expiryOf(snapshot, c.expiration_date);
  return { S: snapshot.underlyingPrice, K: c.strike_price, T: e.daysToExpiry / 365, sigma: c.implied_volatility ?? NaN, r: snapshot.r, q: snapshot.q };
}
