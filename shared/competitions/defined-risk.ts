import { parseOcc } from '../market/occ';
import { requirement } from '../paper/buying-power';
import { applyFill } from '../paper/positions';
import { CONTRACT_MULTIPLIER, type Position } from '../paper/types';
import { ok, type Result } from '../result';
import { undefinedRisk } from './competitions.errors';
import { analyzeAtExpiry, type StrategyLeg } from '../strategy';
import type { Side } from '../trading/order';

/**
 * Defined risk only (issue 39): an order in a competition account is refused when, after it, the account's position in
 * any underlying the order touches could lose without limit. The worst case is the strategy analytics' `maxLoss`
 * (shared/strategy analyzeAtExpiry: exact for one expiry, the first expiry's value for several); unlimited means the
 * payoff keeps falling as the price rises (more calls sold than bought calls and shares cover, or shares sold short),
 * or a short call outlives the long call that covers it (see maxLossOf).
 * A cash-secured put is defined risk: its loss stops at the strike less the premium, and the paper account's buying
 * power check already holds that cash. The paper engine's own compliance checks (level, buying power, naked calls) run
 * as for any paper order; this check comes on top of them.
 */
export interface RiskOrderLeg {
  /** OCC symbol, or a ticker for shares. */
  contract: string;
  side: Side;
  /** Contracts, or shares. */
  quantity: number;
  /** Per share: the price the pre-trade check expects to pay or receive (the ask to buy, the bid to sell). */
  price: number;
}

export interface UnderlyingRisk {
  underlying: string;
  /** The most the underlying's whole position can lose at expiry, dollars, positive (0 when it cannot lose). */
  maxLoss: number;
}

const underlyingOf = (contract: string) => parseOcc(contract)?.underlying ?? contract.toUpperCase();

/** The account's positions after the order's legs fill at their prices, booked as the paper account books a fill. */
export function positionsAfter(positions: readonly Position[], legs: readonly RiskOrderLeg[]): Position[] {
  const bySymbol = new Map(positions.map((p) => [p.symbol, p]));
  for (const leg of legs) {
    const kind = parseOcc(leg.contract) ? 'option' : 'stock';
    const symbol = kind === 'option' ? leg.contract : leg.contract.toUpperCase();
    const outcome = applyFill(bySymbol.get(symbol) ?? null, { symbol, side: leg.side, quantity: leg.quantity, price: leg.price, at: '', date: '', kind });
    if (outcome.position) bySymbol.set(symbol, outcome.position);
    else bySymbol.delete(symbol);
  }
  return [...bySymbol.values()];
}

/** A date after any listed expiry, for shares held beside no option: the exact (one-expiry) analysis ignores it. */
const FAR = '9999-12-31';

/**
 * One underlying's positions as legs the analytics read. Shares are a call struck at 0 bought (or sold) at their
 * average price, 1/100 of a contract a share: for S ≥ 0 its payoff max(S − 0, 0) − price is exactly the shares' P&L;
 * it expires with the first option leg, where it is worth its intrinsic value.
 */
function legsOf(positions: readonly Position[]): StrategyLeg[] {
  const options = positions.filter((p) => p.kind === 'option' && p.quantity !== 0);
  const first = options.map((p) => p.expiration!).sort()[0] ?? FAR;
  return positions
    .filter((p) => p.quantity !== 0)
    .map((p) =>
      p.kind === 'option'
        ? {
            action: p.quantity > 0 ? 'buy' : 'sell',
            optionType: p.optionType!,
            strike: p.strike!,
            premium: p.avgPrice,
            quantity: Math.abs(p.quantity),
            expiration: p.expiration!,
            underlying: p.underlying,
          }
        : {
            action: p.quantity > 0 ? 'buy' : 'sell',
            optionType: 'call',
            strike: 0,
            premium: p.avgPrice,
            quantity: Math.abs(p.quantity) / CONTRACT_MULTIPLIER,
            expiration: first,
            underlying: p.underlying,
          },
    );
}

/**
 * The most an underlying's positions can lose, positive dollars, or Infinity when unlimited: the analytics' max loss at
 * the first expiry, and unlimited too when a short call outlives what covers it (the paper account's own pairing,
 * requirement().nakedCalls: shares, or a long call expiring no earlier), which a first-expiry view cannot see (a short
 * far call against a near long call is covered until the near one expires, then naked).
 */
export function maxLossOf(positions: readonly Position[]): number {
  const legs = legsOf(positions);
  if (legs.length === 0) return 0;
  if (requirement(positions).nakedCalls.length > 0) return Infinity;
  const { maxLoss } = analyzeAtExpiry(legs);
  return maxLoss === -Infinity ? Infinity : Math.max(0, -maxLoss);
}

/**
 * The competition account's defined-risk check of an order: the worst case of each underlying the order touches, or
 * the refusal of the first one that could lose without limit.
 */
export function checkDefinedRisk(positions: readonly Position[], legs: readonly RiskOrderLeg[]): Result<{ risks: UnderlyingRisk[] }> {
  const after = positionsAfter(positions, legs);
  const touched = [...new Set(legs.map((l) => underlyingOf(l.contract)))].sort();
  const risks: UnderlyingRisk[] = [];
  for (const underlying of touched) {
    const maxLoss = maxLossOf(after.filter((p) => p.underlying.toUpperCase() === underlying));
    if (maxLoss === Infinity) return undefinedRisk(underlying);
    risks.push({ underlying, maxLoss });
  }
  return ok({ risks });
}
