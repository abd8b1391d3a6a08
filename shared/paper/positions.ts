import { cents } from '../kernel/money';
import { CONTRACT_MULTIPLIER, type Position } from './types';
import type { Side } from '../trading/order';
import { parseOcc } from '../market/occ';

/**
 * Applies one fill to a position (or none), the way a broker books it: a fill against the
 * position's direction closes first at the average price (realizing P&L), any excess opens the
 * other way at the fill price; a fill in the same direction averages in.
 */
export interface FillOutcome {
  position: Position | null;
  effect: 'open' | 'close' | 'close-and-open';
  closedQuantity: number;
  realizedPnl: number;
}

export function applyFill(
  existing: Position | null,
  fill: { symbol: string; side: Side; quantity: number; price: number; at: string; date: string; kind?: 'option' | 'stock'; underlying?: string },
): FillOutcome {
  const multiplier = (existing?.kind ?? fill.kind ?? 'option') === 'option' ? CONTRACT_MULTIPLIER : 1;
  const delta = fill.side === 'buy' ? fill.quantity : -fill.quantity;
  const q0 = existing?.quantity ?? 0;

  if (q0 === 0 || Math.sign(q0) === Math.sign(delta)) {
    const quantity = q0 + delta;
    const avgPrice = q0 === 0 ? fill.price : (Math.abs(q0) * existing!.avgPrice + Math.abs(delta) * fill.price) / Math.abs(quantity);
    return {
      position: { ...(existing ?? newPosition(fill)), quantity, avgPrice: roundPrice(avgPrice), openedAt: fill.at, openedDate: fill.date },
      effect: 'open',
      closedQuantity: 0,
      realizedPnl: 0,
    };
  }

  const closed = Math.min(Math.abs(q0), Math.abs(delta));
  const realizedPnl = cents((fill.price - existing!.avgPrice) * closed * Math.sign(q0) * multiplier);
  const quantity = q0 + delta;
  if (quantity === 0) return { position: null, effect: 'close', closedQuantity: closed, realizedPnl };
  if (Math.sign(quantity) === Math.sign(q0)) return { position: { ...existing!, quantity }, effect: 'close', closedQuantity: closed, realizedPnl };
  return {
    position: { ...existing!, quantity, avgPrice: fill.price, openedAt: fill.at, openedDate: fill.date },
    effect: 'close-and-open',
    closedQuantity: closed,
    realizedPnl,
  };
}

const roundPrice = (x: number) => Math.round(x * 10_000) / 10_000;

function newPosition(fill: { symbol: string; at: string; date: string; kind?: 'option' | 'stock'; underlying?: string }): Position {
  const occ = fill.kind === 'stock' ? null : parseOcc(fill.symbol);
  return {
    symbol: fill.symbol,
    kind: occ ? 'option' : 'stock',
    underlying: occ?.underlying ?? fill.underlying ?? fill.symbol,
    ...(occ ? { optionType: occ.type, strike: occ.strike, expiration: occ.expiration } : {}),
    quantity: 0,
    avgPrice: 0,
    openedAt: fill.at,
    openedDate: fill.date,
    version: 0,
  };
}
