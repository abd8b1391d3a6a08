import { americanGreeks, greeks } from '../pricing';
import type { OptionContract } from '../market/chain';
import { daysBetween } from '../market/dates';
import { nearestIndex } from '../market/strikes';
import type { OptionType, StrategyLeg } from './types';
import type { StrategyTemplate, StrikeIntent, TemplateExpiration } from './templates/types';
import { ratesFor } from './valuation';

/** What the builder has loaded: the spot, the listed expirations (sorted) and the contracts of those it fetched. */
export interface PlacementChain {
  spot: number;
  expirations: readonly string[];
  contracts: readonly OptionContract[];
}

export type PlacementErrorCode = 'no-expiration' | 'no-later-expiration' | 'no-contracts' | 'no-delta' | 'off-grid' | 'bad-template';

export interface PlacementError {
  code: PlacementErrorCode;
  message: string;
}

export type PlacementResult = { ok: true; legs: StrategyLeg[]; expirations: { front?: string; back?: string } } | { ok: false; error: PlacementError };

export interface PlacementOptions {
  /** YYYY-MM-DD, the quote date. */
  today: string;
  /** For deltas computed from IV when the chain has none; defaults as in valuation. */
  r?: number;
  q?: number;
}

const TARGET_DAYS: Record<TemplateExpiration, number> = { '30d': 30, '60d': 60 };

/** The expiry whose days to expiry are nearest the target (the earlier one on a tie). */
function nearestExpiry(candidates: readonly string[], today: string, days: number): string | undefined {
  let best: string | undefined;
  for (const e of candidates) {
    if (best === undefined || Math.abs(daysBetween(today, e) - days) < Math.abs(daysBetween(today, best) - days)) best = e;
  }
  return best;
}

/**
 * The listed expiries a template's legs go on, as placeTemplate chooses them: '30d' the one nearest 30 days out,
 * '60d' the one nearest 60 days out (strictly after the front one when the template has both); the earlier on a tie.
 * Whoever places a template loads these expiries' chains first.
 */
export function templateExpiries(template: Pick<StrategyTemplate, 'legs'>, expirations: readonly string[], today: string): { front?: string; back?: string } {
  const future = [...expirations].filter((e) => e > today).sort();
  const front = template.legs.some((l) => l.expiration === '30d') ? nearestExpiry(future, today, TARGET_DAYS['30d']) : undefined;
  const back = template.legs.some((l) => l.expiration === '60d')
    ? nearestExpiry(
        future.filter((e) => !front || e > front),
        today,
        TARGET_DAYS['60d'],
      )
    : undefined;
  return { ...(front ? { front } : {}), ...(back ? { back } : {}) };
}

/** A contract's price per share: the mark (mid, else last), else the last trade. */
const priceOf = (c: OptionContract): number | null => c.mark ?? c.last;

interface Grid {
  expiration: string;
  type: OptionType;
  /** One contract per strike, ascending. */
  contracts: OptionContract[];
}

const fail = (code: PlacementErrorCode, message: string): PlacementResult => ({ ok: false, error: { code, message } });

/** Index of the listed strike nearest K (the lower one on a tie). */
const nearestStrikeIndex = (grid: Grid, K: number): number =>
  Math.max(
    0,
    nearestIndex(
      grid.contracts.map((c) => c.strike_price),
      K,
    ),
  );

function refs(intent: StrikeIntent): number[] {
  if ('at' in intent) return [];
  if ('delta' in intent) return intent.beyond ? [intent.beyond.leg] : [];
  return [intent.leg, ...(intent.plus ? [intent.plus.from, intent.plus.to] : [])];
}

/**
 * Places a template's legs on the real strike grid (spec part 3 §4, replacing its fixed $5 offsets): each
 * leg on the listed expiry nearest 30 days ('30d') or nearest 60 days ('60d', strictly after the front expiry
 * when the template has both), at the strike its intent names on that expiry's listed strikes of its type
 * (ATM = the strike nearest the spot; steps = listed strikes away; delta = the strike whose |delta| is closest).
 * Premiums are the marks; IV, open interest, volume and the contract ticker come from the chain.
 * Failures (no expiry, no contracts, not enough strikes) are values with a code and a message.
 */
export function placeTemplate(template: Pick<StrategyTemplate, 'legs'>, chain: PlacementChain, options: PlacementOptions): PlacementResult {
  const { today } = options;
  const future = chain.expirations.filter((e) => e > today);
  const needsFront = template.legs.some((l) => l.expiration === '30d');
  const needsBack = template.legs.some((l) => l.expiration === '60d');
  const { front, back } = templateExpiries(template, chain.expirations, today);
  if (future.length === 0 || (needsFront && !front)) return fail('no-expiration', `No expiration after ${today} is listed`);
  if (needsBack && !back) return fail('no-later-expiration', `No expiration later than ${front} is listed for the back leg`);

  const grids: Grid[] = [];
  for (const leg of template.legs) {
    const expiration = (leg.expiration === '30d' ? front : back)!;
    const byStrike = new Map<number, OptionContract>();
    for (const c of chain.contracts) {
      if (c.expiration_date === expiration && c.contract_type === leg.optionType && priceOf(c) !== null && !byStrike.has(c.strike_price))
        byStrike.set(c.strike_price, c);
    }
    if (byStrike.size === 0) return fail('no-contracts', `No ${leg.optionType}s with a price are listed for ${expiration}`);
    grids.push({ expiration, type: leg.optionType, contracts: [...byStrike.values()].sort((a, b) => a.strike_price - b.strike_price) });
  }

  const rates = ratesFor(chain.contracts[0]?.underlying_ticker, options);
  const absDelta = (grid: Grid, c: OptionContract): number | null => {
    if (c.delta !== null && Number.isFinite(c.delta)) return Math.abs(c.delta);
    if (c.implied_volatility === null || !(c.implied_volatility > 0)) return null;
    const T = Math.max(0, daysBetween(today, grid.expiration)) / 365;
    // The IV is the one the contract's model solved (an American IV is no Black-Scholes-Merton IV).
    const input = { type: grid.type, S: chain.spot, K: c.strike_price, T, r: rates.r, q: rates.q, sigma: c.implied_volatility };
    return Math.abs((c.pricing_model === 'american' ? americanGreeks(input) : greeks(input)).delta);
  };

  const placed: (number | undefined)[] = template.legs.map(() => undefined);
  const offGrid = (i: number) => fail('off-grid', `Not enough ${grids[i]!.type} strikes on ${grids[i]!.expiration} to place leg ${i + 1}`);
  for (let pass = 0; pass < template.legs.length && placed.some((p) => p === undefined); pass++) {
    for (const [i, leg] of template.legs.entries()) {
      if (placed[i] !== undefined) continue;
      const intent = leg.place;
      const deps = refs(intent);
      if (deps.some((d) => d < 0 || d >= template.legs.length || d === i)) return fail('bad-template', `Leg ${i + 1} refers to a leg that does not exist`);
      if (deps.some((d) => placed[d] === undefined)) continue;
      const grid = grids[i]!;
      const strikes = grid.contracts.map((c) => c.strike_price);
      let idx: number;
      if ('at' in intent) {
        idx = nearestStrikeIndex(grid, chain.spot) + (intent.steps ?? 0);
      } else if ('delta' in intent) {
        let best = -1,
          bestGap = Infinity;
        grid.contracts.forEach((c, j) => {
          const d = absDelta(grid, c);
          if (d === null) return;
          const gap = Math.abs(d - intent.delta);
          if (gap < bestGap - 1e-12 || (Math.abs(gap - bestGap) <= 1e-12 && Math.abs(c.strike_price - chain.spot) < Math.abs(strikes[best]! - chain.spot))) {
            best = j;
            bestGap = gap;
          }
        });
        if (best < 0) return fail('no-delta', `No ${grid.type} on ${grid.expiration} has a delta to match`);
        idx = best;
        if (intent.beyond) {
          const ref = placed[intent.beyond.leg]!;
          const s = intent.beyond.steps;
          if (s > 0) idx = Math.max(idx, strikes.filter((k) => k <= ref + 1e-9).length + s - 1);
          else if (s < 0) idx = Math.min(idx, strikes.filter((k) => k < ref - 1e-9).length + s);
        }
      } else {
        const base = placed[intent.leg]!;
        const distance = intent.plus ? placed[intent.plus.to]! - placed[intent.plus.from]! : 0;
        const target = base + distance;
        const side = grid.contracts
          .map((c, j) => ({ k: c.strike_price, j }))
          .filter(({ k }) => (distance > 0 ? k > base + 1e-9 : distance < 0 ? k < base - 1e-9 : true));
        if (side.length === 0) return offGrid(i);
        idx = side.reduce((b, x) => (Math.abs(x.k - target) < Math.abs(b.k - target) - 1e-9 ? x : b), side[0]!).j + (intent.steps ?? 0);
      }
      if (idx < 0 || idx >= strikes.length) return offGrid(i);
      placed[i] = strikes[idx]!;
    }
  }
  if (placed.some((p) => p === undefined)) return fail('bad-template', 'The template’s legs refer to each other in a circle');

  const legs: StrategyLeg[] = template.legs.map((leg, i) => {
    const grid = grids[i]!;
    const c = grid.contracts.find((x) => x.strike_price === placed[i])!;
    return {
      action: leg.action,
      optionType: leg.optionType,
      strike: c.strike_price,
      premium: priceOf(c)!,
      quantity: leg.quantity,
      expiration: grid.expiration,
      underlying: c.underlying_ticker,
      contractTicker: c.contract_ticker,
      openInterest: c.open_interest,
      volume: c.volume,
      iv: c.implied_volatility,
    };
  });
  return { ok: true, legs, expirations: { ...(front ? { front } : {}), ...(back ? { back } : {}) } };
}
