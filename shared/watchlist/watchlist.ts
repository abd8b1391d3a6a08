/**
 * The learner's watchlist (issue 37): one list per learner of underlyings and option contracts, in the learner's
 * order. An item's id is its symbol (the ticker, or the OCC symbol of a contract), so watching the same thing twice is
 * one item, and an id names nothing outside its owner's list.
 */
import { parseOcc } from '../market/occ';
import { underlyingProfile } from '../market/underlyings';
import type { ContractType } from '../market/market-data.port';

export type WatchKind = 'underlying' | 'contract';

export interface WatchItem {
  /** The symbol: SPY, or SPY261218C00600000. */
  id: string;
  kind: WatchKind;
  underlying: string;
  /** Position in the list, smallest first; a reorder rewrites them 0, 1, 2, … */
  order: number;
  addedAt: string;
}

/** What a symbol names once checked: a listed underlying, or a contract of one. */
export type WatchTarget =
  | { kind: 'underlying'; id: string; underlying: string }
  | { kind: 'contract'; id: string; underlying: string; expiration: string; type: ContractType; strike: number };

/** The largest list any level allows is well under this; a request naming more ids is refused before any read. */
export const MAX_WATCH_ITEMS = 100;

/** Reads a symbol as an underlying the product lists or an OCC contract on one; null when it is neither. */
export function watchTarget(symbol: string): WatchTarget | null {
  const s = symbol.trim().toUpperCase().replace(/^O:/, '');
  const profile = underlyingProfile(s);
  if (profile) return { kind: 'underlying', id: profile.ticker, underlying: profile.ticker };
  const occ = parseOcc(s);
  if (!occ) return null;
  const under = underlyingProfile(occ.underlying);
  if (!under) return null;
  return { kind: 'contract', id: s, underlying: under.ticker, expiration: occ.expiration, type: occ.type, strike: occ.strike };
}

/** The items in the learner's order (ties, which a reorder never leaves, by the time added). */
export const inOrder = (items: readonly WatchItem[]): WatchItem[] =>
  [...items].sort((a, b) => a.order - b.order || a.addedAt.localeCompare(b.addedAt) || a.id.localeCompare(b.id));
