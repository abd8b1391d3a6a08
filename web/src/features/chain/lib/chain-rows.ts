import type { OptionContract } from '@shared/market/chain';

/** One strike of the chain: the call on the left, the put on the right (either may be missing). */
export interface ChainRow {
  strike: number;
  call: OptionContract | null;
  put: OptionContract | null;
}

/** Which side a single-sided view shows; 'both' is the mirrored table. */
export type Side = 'call' | 'put' | 'both';
export type SortKey = 'strike' | 'volume' | 'openInterest' | 'iv' | 'delta';
export type SortOrder = 'asc' | 'desc';

export const SORT_KEYS: readonly { key: SortKey; label: string }[] = [
  { key: 'strike', label: 'Strike' },
  { key: 'volume', label: 'Volume' },
  { key: 'openInterest', label: 'Open Interest' },
  { key: 'iv', label: 'IV' },
  { key: 'delta', label: 'Delta' },
];

/** Spec part 2 §9: the default window is 15 strikes on either side; ATM means within 2%. */
export const STRIKES_EACH_SIDE = 15;
export const ATM_TOLERANCE = 0.02;

/** Pairs calls and puts by strike, lowest strike first. */
export function toRows(contracts: readonly OptionContract[]): ChainRow[] {
  const byStrike = new Map<number, ChainRow>();
  for (const c of contracts) {
    const row = byStrike.get(c.strike_price) ?? { strike: c.strike_price, call: null, put: null };
    if (c.contract_type === 'call') row.call = c;
    else row.put = c;
    byStrike.set(c.strike_price, row);
  }
  return [...byStrike.values()].sort((a, b) => a.strike - b.strike);
}

/** The strike at or just above the price, as an index into ascending strikes (the last one when all are below). */
export function pivotIndex(strikes: readonly number[], price: number): number {
  const i = strikes.findIndex((k) => k >= price);
  return i === -1 ? strikes.length - 1 : i;
}

/**
 * The default strike range (spec part 2 §4): 15 strikes on either side of the strike at or just
 * above the underlying price, counted in the chain's own strikes; null for an empty chain.
 */
export function defaultStrikeWindow(strikes: readonly number[], price: number, each = STRIKES_EACH_SIDE): { from: number; to: number } | null {
  if (strikes.length === 0) return null;
  const sorted = [...strikes].sort((a, b) => a - b);
  const pivot = pivotIndex(sorted, price);
  return { from: sorted[Math.max(0, pivot - each)]!, to: sorted[Math.min(sorted.length - 1, pivot + each)]! };
}

/**
 * Near the money: the strike is within 2% of the underlying price (spec part 2 §9 calls this band "ATM"). The chain
 * shades the one at-the-money strike, the listed strike nearest the price (`atTheMoneyStrike`), and this band more
 * lightly, and its legend says which is which.
 */
export function isAtTheMoney(strike: number, price: number, tolerance = ATM_TOLERANCE): boolean {
  return price > 0 && Math.abs(strike - price) / price <= tolerance;
}

/** Calls are in the money below the price, puts above it. */
export function isInTheMoney(type: 'call' | 'put', strike: number, price: number): boolean {
  return type === 'call' ? strike < price : strike > price;
}

export interface RowFilters {
  /** Rows where every shown side trades less than this are hidden. */
  minVolume: number;
  /** Inclusive strike bounds; null means no bound. */
  from: number | null;
  to: number | null;
}

const volumeOf = (c: OptionContract | null) => c?.volume ?? 0;

export function filterRows(rows: readonly ChainRow[], filters: RowFilters, side: Side = 'both'): ChainRow[] {
  const min = Math.max(0, filters.minVolume);
  return rows.filter((row) => {
    if (filters.from !== null && row.strike < filters.from) return false;
    if (filters.to !== null && row.strike > filters.to) return false;
    if (min <= 0) return true;
    if (side === 'call') return volumeOf(row.call) >= min;
    if (side === 'put') return volumeOf(row.put) >= min;
    return volumeOf(row.call) >= min || volumeOf(row.put) >= min;
  });
}

const larger = (a: number | null | undefined, b: number | null | undefined): number | null => {
  const values = [a, b].filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  return values.length ? Math.max(...values) : null;
};

/**
 * The value a row sorts by. Strike is the strike; volume, open interest and IV are the larger of the
 * call's and the put's (spec part 2 §2). Delta sorts by absolute value, of the side shown, and in the
 * mirrored table of the call (the put's when there is no call): the larger of the two would only
 * measure distance from the money, since |call delta| + |put delta| is about 1.
 */
export function sortValue(row: ChainRow, key: SortKey, side: Side = 'both'): number | null {
  const pick = (c: OptionContract | null, field: 'volume' | 'open_interest' | 'implied_volatility') => c?.[field] ?? null;
  const only = side === 'call' ? row.call : side === 'put' ? row.put : null;
  switch (key) {
    case 'strike':
      return row.strike;
    case 'volume':
      return side === 'both' ? larger(pick(row.call, 'volume'), pick(row.put, 'volume')) : pick(only, 'volume');
    case 'openInterest':
      return side === 'both' ? larger(pick(row.call, 'open_interest'), pick(row.put, 'open_interest')) : pick(only, 'open_interest');
    case 'iv':
      return side === 'both' ? larger(pick(row.call, 'implied_volatility'), pick(row.put, 'implied_volatility')) : pick(only, 'implied_volatility');
    case 'delta': {
      const delta = side === 'both' ? (row.call?.delta ?? row.put?.delta ?? null) : (only?.delta ?? null);
      return delta === null ? null : Math.abs(delta);
    }
  }
}

/** Sorted copy; rows without a value go last in either order, ties keep strike order. */
export function sortRows(rows: readonly ChainRow[], key: SortKey, order: SortOrder, side: Side = 'both'): ChainRow[] {
  const dir = order === 'asc' ? 1 : -1;
  return rows
    .map((row) => ({ row, value: sortValue(row, key, side) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) return a.value === b.value ? a.row.strike - b.row.strike : a.value === null ? 1 : -1;
      return (a.value - b.value) * dir || a.row.strike - b.row.strike;
    })
    .map((x) => x.row);
}

/** The largest volume among the rows, for the volume bars' scale (at least 1). */
export function maxVolume(rows: readonly ChainRow[], side: Side = 'both'): number {
  let max = 1;
  for (const row of rows) {
    if (side !== 'put') max = Math.max(max, volumeOf(row.call));
    if (side !== 'call') max = Math.max(max, volumeOf(row.put));
  }
  return max;
}
