import { addDays } from '../../../market/dates';
import { americanPrice } from '../../../pricing';
import { analyzeAtExpiry, expiryPnl, placeTemplate, positionGreeks, templateById, type ExpiryAnalysis, type StrategyLeg } from '../../../strategy';
import type { ChainSnapshot } from '../../snapshot';
import { contractAt, legOf } from '../lib/snapshot';

/**
 * Strategies on the course's snapshot (issue 17): a template placed by the builder's own placement
 * (shared/strategy placeTemplate: strikes by the template's intents on the listed grid), then each leg traded as the
 * paper account fills by default (a buy at the ask, a sale at the bid), so a lesson's figures are what the learner
 * would pay, computed by the strategy analytics.
 */

/** The legs of a template placed on the snapshot, at natural fills. */
export function placed(snapshot: ChainSnapshot, templateId: string): StrategyLeg[] {
  const template = templateById(templateId);
  if (!template) throw new Error(`no strategy template ${templateId}`);
  const chain = {
    spot: snapshot.underlyingPrice,
    expirations: snapshot.expiries.map((e) => e.expiration),
    contracts: snapshot.expiries.flatMap((e) => e.contracts),
  };
  const result = placeTemplate(template, chain, { today: snapshot.session, r: snapshot.r, q: snapshot.q });
  if (!result.ok) throw new Error(`${templateId}: ${result.error.message}`);
  return result.legs.map((l) => legOf(contractAt(snapshot, l.optionType, l.expiration, l.strike), l.action, l.quantity));
}

/**
 * 100 shares bought at `price`, as a leg the expiry analytics can add up: at any expiry price S_T they gain
 * 100 × (S_T − price), exactly what a call of strike 0 bought at `price` pays. Used only inside analyses of covered
 * calls, protective puts and collars (the builder's legs are options; its templates carry the shares separately).
 */
export const sharesAt = (underlying: string, price: number, expiration: string): StrategyLeg => ({
  action: 'buy',
  optionType: 'call',
  strike: 0,
  premium: price,
  quantity: 1,
  expiration,
  underlying,
});

/** Expiry analysis of option legs with 100 shares bought at the spot (covered call, protective put, collar). */
export function withShares(snapshot: ChainSnapshot, legs: StrategyLeg[]): { analysis: ExpiryAnalysis; pnl: (S: number) => number } {
  const all = [sharesAt(snapshot.underlying, snapshot.underlyingPrice, legs[0]!.expiration), ...legs];
  return { analysis: analyzeAtExpiry(all), pnl: expiryPnl(all) };
}

/** Position Greeks of legs on the snapshot's session (theta in dollars a day, vega per vol point). */
export const greeksOn = (snapshot: ChainSnapshot, legs: StrategyLeg[]) =>
  positionGreeks(legs, { spot: snapshot.underlyingPrice, asOf: snapshot.session, r: snapshot.r, q: snapshot.q });

/**
 * A LEAPS call the snapshot does not list (its expiries end at 41 days): valued by the American pricing core one
 * year out, at the implied volatility of the same strike on the snapshot's longest expiry. A model value, labelled
 * as such wherever it is shown.
 */
export function modelLeaps(snapshot: ChainSnapshot, strike: number, days = 365) {
  const longest = snapshot.expiries[snapshot.expiries.length - 1]!;
  const sigma = contractAt(snapshot, 'call', longest.expiration, strike).implied_volatility!;
  const inputs = { type: 'call' as const, S: snapshot.underlyingPrice, K: strike, T: days / 365, r: snapshot.r, q: snapshot.q, sigma };
  const expiration = addDays(snapshot.session, days);
  return { inputs, days, expiration, sigmaFrom: longest.expiration, value: americanPrice(inputs) };
}
