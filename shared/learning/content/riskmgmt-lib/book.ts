import type { StrategyLeg } from '../../../strategy';
import type { Position } from '../../../paper/types';
import { CONTRACT_MULTIPLIER } from '../../../paper/types';
import { SESSION, analyze, place, type Placed } from '../advanced-lib/place';

/**
 * The risk_management module's numbers: strategies placed on the SPY snapshot of Nov 20, 2026 by the builder's
 * placement (advanced-lib/place), sized and budgeted with plain arithmetic, and turned into the paper account's own
 * positions so that the buying power and compliance figures come from shared/paper and shared/compliance themselves.
 */

/** The largest starting balance a paper account can choose (STARTING_CAPITALS), the module's example account. */
export const ACCOUNT = 100_000;
/** The plan's risk per trade and its cap on the risk of all open trades, fractions of the account. */
export const RISK_PER_TRADE = 0.01;
export const MAX_OPEN_RISK = 0.05;

/** One lot's 1R: the most it can lose at expiry, dollars (positive). Defined-risk only. */
export const oneR = (p: Pick<Placed, 'analysis'>): number => {
  if (!Number.isFinite(p.analysis.maxLoss)) throw new Error('undefined risk has no 1R at expiry');
  return -p.analysis.maxLoss;
};

/** Contracts (lots) that keep the worst case within the budget: floor(budget / 1R). */
export const lotsFor = (budget: number, r: number): number => Math.floor(budget / r + 1e-9);

/** The legs as the paper account holds them after the fill (quantity signed: negative is short). */
export function positionsOf(legs: readonly StrategyLeg[], lots = 1): Position[] {
  return legs.map((l) => ({
    symbol: l.contractTicker ?? `${l.underlying}-${l.expiration}-${l.optionType}-${l.strike}`,
    kind: 'option' as const,
    underlying: l.underlying,
    optionType: l.optionType,
    strike: l.strike,
    expiration: l.expiration,
    quantity: (l.action === 'buy' ? 1 : -1) * l.quantity * lots,
    avgPrice: l.premium,
    openedAt: `${SESSION}T21:00:00.000Z`,
    openedDate: SESSION,
    version: 1,
  }));
}

/** P&L of one lot at expiry if the underlying ends at `ST`, dollars. */
export const pnlAtExpiry = (legs: readonly StrategyLeg[], ST: number): number =>
  legs.reduce((s, l) => {
    const intrinsic = Math.max(0, l.optionType === 'call' ? ST - l.strike : l.strike - ST);
    return s + (l.action === 'buy' ? 1 : -1) * l.quantity * (intrinsic - l.premium) * CONTRACT_MULTIPLIER;
  }, 0);

/** Legs repeated for `lots` lots. */
export const scaled = (legs: readonly StrategyLeg[], lots: number): StrategyLeg[] => legs.map((l) => ({ ...l, quantity: l.quantity * lots }));

export { analyze, place, type Placed };
