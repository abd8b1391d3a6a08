import type { OptionContract } from '../market/chain';
import { daysBetween } from '../market/dates';
import { listedExpirations } from '../market/expirations';
import { occSymbol } from '../market/occ';
import { nearestIndex, strikeGrid } from '../market/strikes';
import { exerciseStyle, underlyingProfile, type ExerciseStyle, type ListingStyle } from '../market/underlyings';
import { americanChain, chainGreeks } from '../pricing';
import { placeTemplate, type PlacementError } from '../strategy/placement';
import type { StrategyTemplate, StrikeIntent, TemplateLeg } from '../strategy/templates/types';
import type { Rates, StrategyLeg } from '../strategy/types';
import type { ExplicitLeg } from './rules';
import { atmVolAt, volAt, type DaySurface } from './surface';

/**
 * How a past day's entry is placed without a stored chain: the expiries the simulated market lists on that day
 * (shared/market/expirations.ts `listedExpirations`: for index ETFs dailies for four weeks, Friday weeklies for nine,
 * third-Friday monthlies for a year and quarter ends; for stocks Friday weeklies for six weeks and monthlies for six
 * months; holidays move a Friday to the Thursday), the strikes it lists for that expiry (shared/market/strikes.ts
 * `strikeGrid`), each priced and its delta taken at the day's surface (surface.ts) by the contract's model, and then
 * the builder's own placement (shared/strategy/placement.ts `placeTemplate`) chooses the strikes.
 */

/** The listing style of an underlying: its profile's, else index-ETF listing for a European-style index, else a stock's. */
export const listingStyleOf = (ticker: string): ListingStyle =>
  underlyingProfile(ticker)?.style ?? (exerciseStyle(ticker) === 'european' ? 'index-etf' : 'stock');

/** The expiry listed on `date` whose calendar days to expiry are nearest `targetDays` (the earlier on a tie); after `date`. */
export function chooseExpiry(ticker: string, date: string, targetDays: number): string | undefined {
  let best: string | undefined;
  let bestGap = Infinity;
  for (const e of listedExpirations(listingStyleOf(ticker), date)) {
    if (e <= date) continue;
    const gap = Math.abs(daysBetween(date, e) - targetDays);
    if (gap < bestGap) {
      best = e;
      bestGap = gap;
    }
  }
  return best;
}

export interface EntryDay {
  ticker: string;
  date: string;
  /** The day's close. */
  S: number;
  surface: DaySurface;
  rates: Rates;
  style: ExerciseStyle;
}

/** The synthetic chain of one expiry on an entry day: a call and a put at each listed strike, priced at the surface. */
export function modelChain(day: EntryDay, expiration: string): OptionContract[] {
  const days = daysBetween(day.date, expiration);
  const T = days / 365;
  const strikes = strikeGrid(listingStyleOf(day.ticker), day.S, days, atmVolAt(day.surface, T));
  const n = strikes.length * 2;
  const isCall = new Uint8Array(n);
  const K = new Float64Array(n);
  const Ts = new Float64Array(n).fill(T);
  const sigma = new Float64Array(n);
  strikes.forEach((k, i) => {
    const s = volAt(day.surface, day.S, k, T, day.rates.r, day.rates.q);
    isCall[2 * i] = 1;
    K[2 * i] = k;
    K[2 * i + 1] = k;
    sigma[2 * i] = s;
    sigma[2 * i + 1] = s;
  });
  const batch = { S: day.S, r: day.rates.r, q: day.rates.q, isCall, K, T: Ts, sigma };
  const out = day.style === 'american' ? americanChain(batch) : chainGreeks(batch);
  const contracts: OptionContract[] = [];
  for (let i = 0; i < n; i++) {
    const type = isCall[i] === 1 ? 'call' : 'put';
    const k = K[i]!;
    contracts.push({
      contract_ticker: occSymbol(day.ticker, expiration, type, k),
      underlying_ticker: day.ticker,
      contract_type: type,
      strike_price: k,
      expiration_date: expiration,
      bid: null,
      ask: null,
      last: null,
      mark: out.price[i]!,
      volume: null,
      open_interest: null,
      implied_volatility: sigma[i]!,
      delta: out.delta[i]!,
      gamma: null,
      theta: null,
      vega: null,
      rho: null,
      intrinsic_value: Math.max(0, type === 'call' ? day.S - k : k - day.S),
      time_value: null,
      bid_ask_spread: null,
      last_trade_timestamp: null,
      pricing_model: day.style,
    });
  }
  return contracts;
}

/** Explicit legs as template legs on the one expiry; a distance becomes listed strikes from the at-the-money one. */
function explicitTemplate(legs: readonly ExplicitLeg[], contracts: readonly OptionContract[], S: number): Pick<StrategyTemplate, 'legs'> {
  const strikes = [...new Set(contracts.map((c) => c.strike_price))].sort((x, y) => x - y);
  const atm = nearestIndex(strikes, S);
  const intent = (rule: ExplicitLeg['strike']): StrikeIntent => {
    if (rule.by === 'delta') return { delta: rule.delta };
    if (rule.by === 'steps') return { at: 'atm', steps: rule.steps };
    const target = rule.unit === 'percent' ? S * (1 + rule.distance / 100) : S + rule.distance;
    return { at: 'atm', steps: nearestIndex(strikes, target) - atm };
  };
  return {
    legs: legs.map((l): TemplateLeg => ({ action: l.side, optionType: l.type, strike: 0, expiration: '30d', quantity: l.quantity, place: intent(l.strike) })),
  };
}

export type Placed = { ok: true; legs: StrategyLeg[] } | { ok: false; error: PlacementError };

/**
 * The legs of one entry on `expiration`, placed by the builder's placement on the model chain. A template's legs all
 * go on that expiry (the backtest takes single-expiry templates only); premiums are the model's.
 */
export function placeEntry(
  day: EntryDay,
  expiration: string,
  strategy: { template: Pick<StrategyTemplate, 'legs'> } | { legs: readonly ExplicitLeg[] },
): Placed {
  const contracts = modelChain(day, expiration);
  const template = 'template' in strategy ? strategy.template : explicitTemplate(strategy.legs, contracts, day.S);
  const placed = placeTemplate(template, { spot: day.S, expirations: [expiration], contracts }, { today: day.date, r: day.rates.r, q: day.rates.q });
  return placed.ok ? { ok: true, legs: placed.legs } : { ok: false, error: placed.error };
}
