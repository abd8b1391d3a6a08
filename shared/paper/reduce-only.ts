import { fail, type Err } from '../result';
import { describe } from './describe';
import type { Position } from './types';
import type { OrderLegInput } from '../trading/order';

const contracts = (n: number) => `${n} contract${n === 1 ? '' : 's'}`;
const unitsOf = (p: Position, n: number) => (p.kind === 'stock' ? `${n} share${n === 1 ? '' : 's'}` : contracts(n));

/**
 * A closing order may only take positions towards zero, never past it (issue 16: two overlapping closes of a 2-lot
 * must not leave the learner short). Checked against the positions as they are when the order is booked, so the
 * second of two racing closes is decided again against what the first left.
 */
export function reduceOnlyViolation(positions: readonly Position[], legs: readonly OrderLegInput[]): Err | null {
  const bySymbol = new Map(positions.map((p) => [p.symbol, p]));
  const single = legs.length === 1;
  for (const leg of legs) {
    const symbol = leg.contract.toUpperCase();
    const p = bySymbol.get(symbol);
    const reduces = p && (p.quantity > 0 ? leg.side === 'sell' : leg.side === 'buy');
    if (!p || !reduces) return fail('conflict', single ? 'This position is already closed' : `${describe(symbol)} is already closed`);
    const held = Math.abs(p.quantity);
    if (leg.quantity > held) {
      const left = unitsOf(p, held);
      return fail(
        'conflict',
        single ? `Only ${left} ${held === 1 ? 'is' : 'are'} left to close` : `Only ${left} of ${describe(symbol)} ${held === 1 ? 'is' : 'are'} left to close`,
        {
          symbol,
          left: held,
        },
      );
    }
  }
  return null;
}
