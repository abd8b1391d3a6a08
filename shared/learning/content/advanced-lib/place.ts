import {
  analyzeAtExpiry,
  placeTemplate,
  positionGreeks,
  templateById,
  type ExpiryAnalysis,
  type PositionGreeks,
  type StrategyLeg,
  type StrategyTemplate,
} from '../../../strategy';
import { SPY, contractAt, expiryOf } from '../lib/snapshot';

/**
 * The advanced_strategies module's strategies: each a template of shared/strategy placed on the SPY snapshot of
 * Nov 20, 2026 by the builder's own placement (the listed expiry nearest 30 days, then 60 days; strikes by the
 * template's intent; premiums at the marks), and every figure from the strategy analytics, never typed.
 */
export const SESSION = SPY.session;
export const S = SPY.underlyingPrice;
export const RATES = { r: SPY.r, q: SPY.q };

export interface Placed {
  template: StrategyTemplate;
  legs: StrategyLeg[];
  /** Expiry figures of one lot in dollars (credit positive), from analyzeAtExpiry. */
  analysis: ExpiryAnalysis;
  /** Position Greeks of one lot on the session, from positionGreeks. */
  greeks: PositionGreeks;
}

export function template(id: string): StrategyTemplate {
  const t = templateById(id);
  if (!t) throw new Error(`No strategy template ${id}`);
  return t;
}

/** Analyses legs as the builder does, on the snapshot's session with its rates. */
export function analyze(legs: StrategyLeg[]): { analysis: ExpiryAnalysis; greeks: PositionGreeks } {
  const options = { spot: S, asOf: SESSION, r: RATES.r, q: RATES.q };
  return { analysis: analyzeAtExpiry(legs, options), greeks: positionGreeks(legs, options) };
}

/** A template placed on the snapshot, with its figures. */
export function place(id: string): Placed {
  const t = template(id);
  const chain = { spot: S, expirations: SPY.expiries.map((e) => e.expiration), contracts: SPY.expiries.flatMap((e) => e.contracts) };
  const placed = placeTemplate(t, chain, { today: SESSION, ...RATES });
  if (!placed.ok) throw new Error(`${id}: ${placed.error.message}`);
  return { template: t, legs: placed.legs, ...analyze(placed.legs) };
}

/** A copy of placed legs with leg `i` moved to another listed strike of its expiry and type, at that contract's mark. */
export function moveLeg(legs: readonly StrategyLeg[], i: number, strike: number): StrategyLeg[] {
  const leg = legs[i]!;
  const c = contractAt(SPY, leg.optionType, leg.expiration, strike);
  if (c.mark === null) throw new Error(`${c.contract_ticker} has no mark`);
  return legs.map((l, j) =>
    j === i
      ? { ...l, strike, premium: c.mark!, contractTicker: c.contract_ticker, openInterest: c.open_interest, volume: c.volume, iv: c.implied_volatility }
      : l,
  );
}

/** Days from the session to a leg's expiry, as the snapshot lists them. */
export const daysTo = (expiration: string): number => expiryOf(SPY, expiration).daysToExpiry;
