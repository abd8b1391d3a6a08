import type { ListingStyle } from './underlyings';

/**
 * Strike grids after listing practice: index ETFs in $1 steps near term and $5 for long-dated
 * series; stocks in steps that widen with the share price ($0.50 under $25 up to $10 above $500),
 * one step coarser beyond 60 days. The grid spans three and a half standard deviations of the move
 * to expiry, at least ±12% (index ETFs) or ±20% (stocks) and at most ±60% of the price.
 */
export function strikeIncrement(style: ListingStyle, price: number, daysToExpiry: number): number {
  const far = daysToExpiry > 60;
  if (style === 'index-etf') return far ? 5 : 1;
  const ladder = [0.5, 1, 2.5, 5, 10, 25];
  const i = price < 25 ? 0 : price < 50 ? 1 : price < 200 ? 2 : price < 500 ? 3 : 4;
  return ladder[Math.min(ladder.length - 1, i + (far ? 1 : 0))]!;
}

/** `step` is the listing's own strike step where an exchange sets it (NSE's per-underlying intervals); else the US ladder. */
export function strikeGrid(
  style: ListingStyle,
  price: number,
  daysToExpiry: number,
  atmVol: number,
  step: number = strikeIncrement(style, price, daysToExpiry),
): number[] {
  const T = Math.max(daysToExpiry, 1) / 365;
  const minWidth = style === 'index-etf' ? 0.12 : 0.2;
  const halfWidth = price * Math.min(0.6, Math.max(minWidth, 3.5 * atmVol * Math.sqrt(T)));
  const lo = Math.max(step, Math.ceil((price - halfWidth) / step) * step);
  const hi = Math.floor((price + halfWidth) / step) * step;
  const out: number[] = [];
  // Integer stepping avoids drift from adding 0.5 or 2.5 many times.
  for (let i = Math.round(lo / step); i <= Math.round(hi / step); i++) out.push(Math.round(i * step * 100) / 100);
  return out;
}

/**
 * The index of the value nearest `target` (the lower one on a tie, for values in ascending order); -1 when empty.
 * The at-the-money strike of a chain is the listed strike nearest the underlying's price, the one strike the lessons,
 * the chain and the builder's placement all mean by "at the money".
 */
export function nearestIndex(values: readonly number[], target: number): number {
  let best = -1;
  values.forEach((v, i) => {
    if (best === -1 || Math.abs(v - target) < Math.abs(values[best]! - target) - 1e-9) best = i;
  });
  return best;
}

/** The listed strike nearest the price (the lower one on a tie); null for no strikes. */
export function atTheMoneyStrike(strikes: readonly number[], price: number): number | null {
  const sorted = [...strikes].sort((a, b) => a - b);
  const i = nearestIndex(sorted, price);
  return i === -1 ? null : sorted[i]!;
}
