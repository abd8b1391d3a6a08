import { americanImpliedVol, americanPrice, impliedVol, price } from '../pricing';
import { daysBetween } from '../market/dates';
import { exerciseStyle, RISK_FREE_RATE, underlyingProfile, type ExerciseStyle } from '../market/underlyings';
import { CONTRACT_MULTIPLIER } from '../paper/types';
import type { OptionType, Rates, StrategyLeg } from './types';

/**
 * Volatility assumed for a leg whose IV is unknown and cannot be solved from its premium: 25%,
 * the figure the spec's broker-contract mapping fixes when the broker gives no volatility (part 3 §7).
 */
export const DEFAULT_IV = 0.25;

/** +1 for a bought leg, -1 for a sold one. */
export const legSign = (leg: Pick<StrategyLeg, 'action'>): 1 | -1 => (leg.action === 'buy' ? 1 : -1);

/** Intrinsic value per share: max(0, S − K) for a call, max(0, K − S) for a put. */
export const intrinsic = (type: OptionType, S: number, K: number): number => Math.max(0, type === 'call' ? S - K : K - S);

/** Year fraction between two trading dates, close to close (ACT/365, the pricing core's T), never negative. */
export const yearsBetweenDates = (from: string, to: string): number => Math.max(0, daysBetween(from, to)) / 365;

/** The rate and the underlying's dividend yield the simulated market prices with; caller values win. */
export function ratesFor(underlying: string | undefined, given: Partial<Rates> = {}): Rates {
  return {
    r: given.r ?? RISK_FREE_RATE,
    q: given.q ?? (underlying ? underlyingProfile(underlying)?.dividendYield : undefined) ?? 0,
  };
}

/** The exercise style of a leg's contract: its underlying's (shared/market/underlyings.ts). */
export const legStyle = (leg: Pick<StrategyLeg, 'underlying'>): ExerciseStyle => exerciseStyle(leg.underlying);

/**
 * Value per share of an option with τ years left:
 *   τ ≤ 0 or S ≤ 0: intrinsic value (the payoff at expiry);
 *   American-style: the American price (Andersen-Lake-Offengenden; never below intrinsic, since the holder can
 *   always exercise, and above the European price by the early-exercise premium);
 *   European-style: Black-Scholes-Merton (which can be below intrinsic deep in the money: it cannot be exercised).
 * Units: S, K in dollars; τ in years; r, q continuous; σ annualised.
 * Reference: Hull, "Options, Futures, and Other Derivatives", 9th ed., §11.5 (bounds), ch. 15 and §21.7;
 * shared/pricing/README.md (the American engine).
 */
export function optionValue(type: OptionType, S: number, K: number, tau: number, r: number, q: number, sigma: number, style: ExerciseStyle): number {
  if (tau <= 0 || S <= 0) return intrinsic(type, Math.max(S, 0), K);
  const input = { type, S, K, T: tau, r, q, sigma };
  return style === 'american' ? americanPrice(input) : price(input);
}

/**
 * Early-exercise premium per share: the American value less the European one at the same S, τ, r, q and σ
 * (never negative; 0 at expiry). What the right to exercise before expiry is worth: for a put, receiving the
 * strike early to earn interest on it; for a call, owning the shares before they pay a dividend.
 */
export function earlyExerciseValue(type: OptionType, S: number, K: number, tau: number, r: number, q: number, sigma: number): number {
  if (tau <= 0 || S <= 0) return 0;
  const input = { type, S, K, T: tau, r, q, sigma };
  return Math.max(0, americanPrice(input) - price(input));
}

export interface IvContext extends Rates {
  /** Spot and valuation date, to solve an unknown IV from the leg's premium. */
  spot?: number;
  asOf?: string;
  /** Used when the leg has no IV and none can be solved; default DEFAULT_IV. */
  fallbackIv?: number;
}

/**
 * The volatility a leg is valued with: its own IV; else the IV implied by its premium at the spot on
 * the valuation date, by the model of its exercise style (americanImpliedVol, or Jäckel's "Let's Be
 * Rational" for European-style legs); else the fallback (25%).
 */
export function resolveIv(leg: StrategyLeg, ctx: IvContext): number {
  if (leg.iv !== undefined && leg.iv !== null && Number.isFinite(leg.iv) && leg.iv >= 0) return leg.iv;
  if (ctx.spot !== undefined && ctx.asOf !== undefined && ctx.spot > 0 && leg.strike > 0 && leg.premium > 0) {
    const T = yearsBetweenDates(ctx.asOf, leg.expiration);
    if (T > 0) {
      const input = { type: leg.optionType, S: ctx.spot, K: leg.strike, T, r: ctx.r, q: ctx.q, price: leg.premium };
      const solved = legStyle(leg) === 'american' ? americanImpliedVol(input) : impliedVol(input);
      if (Number.isFinite(solved) && solved > 0) return solved;
    }
  }
  return ctx.fallbackIv ?? DEFAULT_IV;
}

/** A leg reduced to what valuation needs: signed contracts × 100, strike, type, style, premium, expiry and σ. */
export interface PricedLeg {
  type: OptionType;
  style: ExerciseStyle;
  K: number;
  premium: number;
  expiration: string;
  /** sign × quantity × CONTRACT_MULTIPLIER × multiplier: dollars per $1 of option value. */
  weight: number;
  sigma: number;
}

export function pricedLegs(legs: readonly StrategyLeg[], ctx: IvContext, multiplier = 1): PricedLeg[] {
  return legs.map((leg) => ({
    type: leg.optionType,
    style: legStyle(leg),
    K: leg.strike,
    premium: leg.premium,
    expiration: leg.expiration,
    weight: legSign(leg) * leg.quantity * CONTRACT_MULTIPLIER * multiplier,
    sigma: resolveIv(leg, ctx),
  }));
}

/**
 * P&L in dollars of the priced legs at price S on a date: Σ weight × (value − premium), each leg valued
 * (optionValue, by its exercise style) with the time it has left after `date` (legs already expired are at
 * intrinsic value at S).
 */
export function pnlOnDate(legs: readonly PricedLeg[], S: number, date: string, rates: Rates): number {
  let total = 0;
  for (const leg of legs) {
    const tau = yearsBetweenDates(date, leg.expiration);
    total += leg.weight * (optionValue(leg.type, S, leg.K, tau, rates.r, rates.q, leg.sigma, leg.style) - leg.premium);
  }
  return total;
}

/** The earliest expiration among the legs (the "expiry" of a calendar or diagonal). */
export function firstExpiration(legs: readonly Pick<StrategyLeg, 'expiration'>[]): string | undefined {
  let first: string | undefined;
  for (const leg of legs) if (first === undefined || leg.expiration < first) first = leg.expiration;
  return first;
}

/** Removes binary fuzz from a dollar figure (235.00000000000003 → 235) without hiding real cents. */
export const clean = (x: number): number => (Number.isFinite(x) ? Math.round(x * 1e6) / 1e6 + 0 : x);
