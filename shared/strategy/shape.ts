import { daysBetween } from '../market/dates';

/**
 * A strategy's shape, apart from the day and the price it was built at (issue 20's strategy posts, issue 39's builder as
 * of a past day): each leg's strike as a ratio to the underlying's price and its expiry as days to expiry, so the same
 * shape can be laid on another day's chain: the listed expiry nearest the days to expiry, then the listed strike
 * nearest ratio × that day's price.
 */

export interface LegTemplate {
  action: 'buy' | 'sell';
  optionType: 'call' | 'put';
  /** Strike ÷ the underlying's price when shared (1 = at the money; 1.05 = 5% above). */
  strikeRatio: number;
  /** Calendar days from the share date to the leg's expiry. */
  dte: number;
  quantity: number;
  /** Premium per share ÷ the underlying's price when shared; null when unknown. */
  premiumRatio: number | null;
}

export interface ConcreteLeg {
  action: 'buy' | 'sell';
  optionType: 'call' | 'put';
  strike: number;
  expiration: string;
  quantity: number;
  premium: number | null;
}

const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;

/** The legs as templates relative to `spot` on `today` (YYYY-MM-DD, New York). */
export function legTemplates(legs: readonly ConcreteLeg[], spot: number, today: string): LegTemplate[] {
  if (!(spot > 0)) throw new RangeError('spot must be positive');
  return legs.map((l) => ({
    action: l.action,
    optionType: l.optionType,
    strikeRatio: round(l.strike / spot, 10),
    dte: Math.max(0, daysBetween(today, l.expiration)),
    quantity: l.quantity,
    premiumRatio: l.premium === null || !Number.isFinite(l.premium) ? null : round(l.premium / spot, 10),
  }));
}

/** The listed expiry whose days to expiry are nearest `dte` (the later one on a tie: more time, not less); null when none is listed. */
export function nearestExpiry(dte: number, today: string, listed: readonly string[]): string | null {
  let best: string | null = null;
  let bestGap = Infinity;
  for (const e of [...listed].sort()) {
    const d = daysBetween(today, e);
    if (d < 0) continue;
    const gap = Math.abs(d - dte);
    if (gap <= bestGap) {
      best = e;
      bestGap = gap;
    }
  }
  return best;
}

/** The listed strike nearest `target` (the lower one on a tie); null when the list is empty. */
export function nearestStrike(target: number, strikes: readonly number[]): number | null {
  let best: number | null = null;
  for (const k of strikes)
    if (best === null || Math.abs(k - target) < Math.abs(best - target) || (Math.abs(k - target) === Math.abs(best - target) && k < best)) best = k;
  return best;
}

export interface TodayChain {
  spot: number;
  today: string;
  /** Listed expiries. */
  expiries: readonly string[];
  /** Listed strikes of one expiry and option type. */
  strikes: (expiration: string, optionType: 'call' | 'put') => readonly number[];
}

/** The expiries the templates need on today's chain (to load just those chains first). */
export const expiriesFor = (templates: readonly LegTemplate[], today: string, listed: readonly string[]): string[] =>
  [...new Set(templates.map((t) => nearestExpiry(t.dte, today, listed)).filter((e): e is string => e !== null))].sort();

/**
 * The shape rebuilt on today's chain: each leg's expiry is the listed one nearest its days to expiry, its strike the
 * listed one nearest strikeRatio × today's price. Null when a leg finds no expiry or strike.
 */
export function rebuildOnChain(templates: readonly LegTemplate[], chain: TodayChain): ConcreteLeg[] | null {
  const out: ConcreteLeg[] = [];
  for (const t of templates) {
    const expiration = nearestExpiry(t.dte, chain.today, chain.expiries);
    if (!expiration) return null;
    const strike = nearestStrike(t.strikeRatio * chain.spot, chain.strikes(expiration, t.optionType));
    if (strike === null) return null;
    out.push({ action: t.action, optionType: t.optionType, strike, expiration, quantity: t.quantity, premium: null });
  }
  return out;
}
