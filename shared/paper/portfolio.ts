import { cents } from '../kernel/money';
import { requirement } from './buying-power';
import { CONTRACT_MULTIPLIER, type PaperAccount, type Position } from './types';

/** Marks: options at the chain's mark (the mid), shares at the underlying price. */
export type Marks = ReadonlyMap<string, number>;

export const positionMultiplier = (p: Pick<Position, 'kind'>) => (p.kind === 'option' ? CONTRACT_MULTIPLIER : 1);

/** A position's market value at its mark, or at its average price when there is no mark. */
export function marketValue(p: Position, marks: Marks): number {
  return (marks.get(p.symbol) ?? p.avgPrice) * p.quantity * positionMultiplier(p);
}

export function unrealizedPnl(p: Position, marks: Marks): number {
  const mark = marks.get(p.symbol);
  return mark === undefined ? 0 : (mark - p.avgPrice) * p.quantity * positionMultiplier(p);
}

export interface Valuation {
  cash: number;
  positionsValue: number;
  /** Σ |market value|, the margin check's measure. */
  grossPositionValue: number;
  equity: number;
  requirement: number;
  buyingPower: number;
  unrealizedPnl: number;
}

/** Equity = cash + positions at their marks; buying power = cash − what short options reserve − what resting orders hold. */
export function valuation(
  account: Pick<PaperAccount, 'cash' | 'heldForOrders'>,
  positions: readonly Position[],
  marks: Marks,
  underlyingPrices: ReadonlyMap<string, number>,
): Valuation {
  const positionsValue = positions.reduce((s, p) => s + marketValue(p, marks), 0);
  const gross = positions.reduce((s, p) => s + Math.abs(marketValue(p, marks)), 0);
  const req = requirement(positions, underlyingPrices).total;
  return {
    cash: cents(account.cash),
    positionsValue: cents(positionsValue),
    grossPositionValue: cents(gross),
    equity: cents(account.cash + positionsValue),
    requirement: cents(req),
    buyingPower: cents(account.cash - req - account.heldForOrders),
    unrealizedPnl: cents(positions.reduce((s, p) => s + unrealizedPnl(p, marks), 0)),
  };
}
