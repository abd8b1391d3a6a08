import type { OptionContract } from '@shared/market/chain';
import { daysBetween } from '@shared/market/dates';
import { EARLY_EXERCISE_SHOWN_FROM, earlyExercisePremium, type Action, type OptionType, type StrategyLeg } from '@shared/strategy';
import type { ChainView } from '@web/api/market';

/** Spec part 3 §9: the expiry selector offers the 6 soonest distinct expirations. */
export const EXPIRY_CHOICES = 6;
/** A draft holds at most 8 legs (shared/drafts). */
export const MAX_LEGS = 8;
export const MULTIPLIERS = [1, 2, 3, 4, 5, 10] as const;
export type Multiplier = (typeof MULTIPLIERS)[number];

/** A leg as the builder holds it (spec part 3 §3 "Strategy builder leg"); the price comes from the chain. */
export interface BuilderLeg {
  id: string;
  action: Action;
  optionType: OptionType;
  expiration: string;
  strike: number;
  /** Contracts per unit of the strategy (a butterfly's body has 2); the order sends lots × multiplier. */
  lots: number;
  /**
   * True for legs made or edited in the builder: the strike follows the nearest listed strike once the
   * expiry's chain is loaded. False for reopened drafts: a strike no longer listed is flagged instead.
   */
  snap: boolean;
  /** The premium saved with a draft; shown (and flagged) when the contract is no longer listed. */
  savedPremium?: number;
}

export type LegStatus = 'loading' | 'listed' | 'unlisted';

/** A leg with its contract in the loaded chain. */
export interface QuotedLeg {
  leg: BuilderLeg;
  status: LegStatus;
  /** The listed strike the leg uses (the nearest one for a snapping leg). */
  strike: number;
  contract: OptionContract | null;
  /** The contract's mark (else its last trade) per share; the saved premium for an unlisted draft leg. */
  premium: number | null;
}

const priceOf = (c: OptionContract): number | null => c.mark ?? c.last;

/** The contracts of one type on one chain that have a price, one per strike, by strike ascending. */
export function gridOf(chain: ChainView | undefined, type: OptionType): OptionContract[] {
  if (!chain) return [];
  const byStrike = new Map<number, OptionContract>();
  for (const c of chain.contracts) if (c.contract_type === type && priceOf(c) !== null && !byStrike.has(c.strike_price)) byStrike.set(c.strike_price, c);
  return [...byStrike.values()].sort((a, b) => a.strike_price - b.strike_price);
}

/** Strikes a learner can step to: those with open interest or volume (spec part 3 §2). */
export const isTraded = (c: OptionContract): boolean => (c.open_interest ?? 0) > 0 || (c.volume ?? 0) > 0;

/** The contract at the listed strike nearest K (the lower one on a tie), or null on an empty grid. */
export function nearestContract(grid: readonly OptionContract[], K: number): OptionContract | null {
  let best: OptionContract | null = null;
  for (const c of grid) if (best === null || Math.abs(c.strike_price - K) < Math.abs(best.strike_price - K) - 1e-9) best = c;
  return best;
}

/** The next strike up (+1) or down (−1) from K among strikes with open interest or volume; null at the end. */
export function stepStrike(grid: readonly OptionContract[], K: number, direction: 1 | -1): number | null {
  const traded = grid.filter(isTraded).map((c) => c.strike_price);
  const next = direction > 0 ? traded.find((k) => k > K + 1e-9) : [...traded].reverse().find((k) => k < K - 1e-9);
  return next ?? null;
}

/**
 * A strike typed into a leg's strike field ("605", "$1,005.5"), moved to the nearest strike a learner can step to
 * (open interest or volume), or to the nearest listed one where none is traded; null if the text is not a
 * positive number or the grid is empty.
 */
export function typedStrike(grid: readonly OptionContract[], text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  const K = cleaned === '' ? NaN : Number(cleaned);
  if (!(K > 0 && K < Infinity)) return null;
  const traded = grid.filter(isTraded);
  return nearestContract(traded.length ? traded : grid, K)?.strike_price ?? null;
}

/** The leg's contract in the loaded chains; `listed` is the expirations listed now (an expired one is not). */
export function quoteLeg(leg: BuilderLeg, chains: ReadonlyMap<string, ChainView>, listed?: ReadonlySet<string>): QuotedLeg {
  if (listed && !listed.has(leg.expiration)) return { leg, status: 'unlisted', strike: leg.strike, contract: null, premium: leg.savedPremium ?? null };
  const chain = chains.get(leg.expiration);
  if (!chain) return { leg, status: 'loading', strike: leg.strike, contract: null, premium: leg.savedPremium ?? null };
  const grid = gridOf(chain, leg.optionType);
  const exact = grid.find((c) => Math.abs(c.strike_price - leg.strike) < 1e-9);
  const contract = exact ?? (leg.snap ? nearestContract(grid, leg.strike) : null);
  if (!contract) return { leg, status: 'unlisted', strike: leg.strike, contract: null, premium: leg.savedPremium ?? null };
  return { leg, status: 'listed', strike: contract.strike_price, contract, premium: priceOf(contract) };
}

/** The 6 soonest listed expirations, soonest first. */
export const soonestExpiries = (expirations: readonly string[]): string[] => [...expirations].sort().slice(0, EXPIRY_CHOICES);

/** A leg's expiry choices: the 6 soonest, plus its own when a template or draft put it further out. */
export const expiryChoices = (soonest: readonly string[], own: string): string[] => (soonest.includes(own) ? [...soonest] : [...soonest, own].sort());

/** The expiry among the choices nearest 30 days out (the earlier one on a tie): where a new leg starts. */
export function defaultExpiry(choices: readonly string[], today: string): string | null {
  let best: string | null = null;
  for (const e of choices) if (best === null || Math.abs(daysBetween(today, e) - 30) < Math.abs(daysBetween(today, best) - 30)) best = e;
  return best;
}

/** Spec part 3 §2, §5: lots are whole numbers from 1; anything else counts as 1. */
export function parseLots(text: string): number {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(n) && n >= 1 ? n : 1;
}

/** The legs as the strategy domain reads them; legs without a price are left out. */
export function toStrategyLegs(quoted: readonly QuotedLeg[], underlying: string): StrategyLeg[] {
  return quoted.flatMap((q) =>
    q.premium === null
      ? []
      : [
          {
            action: q.leg.action,
            optionType: q.leg.optionType,
            strike: q.strike,
            premium: q.premium,
            quantity: q.leg.lots,
            expiration: q.leg.expiration,
            underlying,
            ...(q.contract
              ? {
                  contractTicker: q.contract.contract_ticker,
                  openInterest: q.contract.open_interest,
                  volume: q.contract.volume,
                  iv: q.contract.implied_volatility,
                }
              : {}),
          },
        ],
  );
}

/** The legs with the strike each really uses, for an edit to start from. */
export const settledLegs = (quoted: readonly QuotedLeg[]): BuilderLeg[] => quoted.map((q) => (q.status === 'listed' ? { ...q.leg, strike: q.strike } : q.leg));

let counter = 0;
export const newLegId = (): string => `leg-${Date.now().toString(36)}-${(counter++).toString(36)}`;

export const NO_LEGS_HINT = 'No legs yet. Add a leg, or pick a ready-made strategy.';

/**
 * A quoted leg's early-exercise premium per share (American − European value today, issue 23 §3), where the page
 * shows it: from EARLY_EXERCISE_SHOWN_FROM, for a priced leg of an American-style underlying; else null.
 */
export function legEarlyExercise(quoted: QuotedLeg, underlying: string, spot: number | null, asOf: string): number | null {
  if (spot === null) return null;
  const [leg] = toStrategyLegs([quoted], underlying);
  if (!leg) return null;
  const premium = earlyExercisePremium(leg, { spot, asOf });
  return premium >= EARLY_EXERCISE_SHOWN_FROM ? premium : null;
}
