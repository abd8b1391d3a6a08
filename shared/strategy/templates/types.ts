import type { Action, OptionType } from '../types';

/** The strategy template (spec part 3 §3): a ready-made strategy the builder can place on a real chain. */
export type StrategyCategory = 'bullish' | 'bearish' | 'neutral' | 'volatility';
export type Complexity = 'beginner' | 'intermediate' | 'advanced';
/** How the position's value responds to time passing / to implied volatility rising, all else equal. */
export type Impact = 'positive' | 'negative' | 'neutral';
/** '30d': the listed expiry nearest 30 days; '60d': nearest 60 days (after the front one, for calendars and diagonals). */
export type TemplateExpiration = '30d' | '60d';

/**
 * Where a leg goes on the real strike grid of its expiry (the listed strikes of its option type):
 * - `{ at: 'atm', steps }`: the strike nearest the spot, then `steps` listed strikes up (+) or down (−);
 * - `{ delta, beyond }`: the strike whose |delta| is closest to `delta`; with `beyond`, at least `steps` listed
 *   strikes above (+) or below (−) the strike of leg `leg`;
 * - `{ leg, plus, steps }`: the strike of leg `leg`, moved by the distance from leg `plus.from` to leg `plus.to`
 *   (to the nearest listed strike strictly on that side), then `steps` listed strikes. `{ leg: 0 }` alone is
 *   "the same strike as leg 0" (the back leg of a calendar).
 */
export type StrikeIntent =
  | { at: 'atm'; steps?: number }
  | { delta: number; beyond?: { leg: number; steps: number } }
  | { leg: number; steps?: number; plus?: { from: number; to: number } };

export interface TemplateLeg {
  action: Action;
  optionType: OptionType;
  /** A placeholder (spec): the placer sets the real strike. */
  strike: 0;
  expiration: TemplateExpiration;
  quantity: number;
  place: StrikeIntent;
}

export interface ExampleLeg {
  action: Action;
  optionType: OptionType;
  strike: number;
  /** Per share. */
  premium: number;
  quantity: number;
  /** Default '30d'. */
  expiration?: TemplateExpiration;
  /** Implied volatility of a later leg, which values it at the front expiry. */
  iv?: number;
}

/** A worked example for one lot on a concrete underlying; dollar figures as analyzeAtExpiry gives them. */
export interface TemplateExample {
  underlying: string;
  spot: number;
  legs: ExampleLeg[];
  /** Shares bought at the spot as part of the strategy (covered call, protective put, collar). */
  shares?: number;
  /** Credit positive, debit negative. */
  netPremium: number;
  /** Infinity when unlimited. */
  maxProfit: number;
  /** Negative for a loss; -Infinity when unlimited. */
  maxLoss: number;
  breakevens: number[];
  /** Calendars and diagonals: the figures depend on the model value of the later leg, so they are rounded. */
  approximate?: boolean;
  walkthrough: string;
}

export interface StrategyTemplate {
  /** kebab-case */
  id: string;
  name: string;
  description: string;
  type: StrategyCategory;
  complexity: Complexity;
  legs: TemplateLeg[];
  /** In words; starts with 'Unlimited' when the loss is unlimited. */
  maxRisk: string;
  /** In words; starts with 'Unlimited' when the profit is unlimited. */
  maxProfit: string;
  /** Formulas in words. */
  breakevens: string[];
  bestMarketConditions: string[];
  worstMarketConditions: string[];
  timeDecay: Impact;
  volatilityImpact: Impact;
  instructions: string[];
  example: TemplateExample;
  /** Shares of the underlying per lot the strategy also needs (the legs are options only). */
  requiresShares?: number;
}
