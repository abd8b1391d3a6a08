/**
 * The strategy domain (spec part 3 §2–§5, §9): templates and their placement on a real chain, expiry
 * analysis, leg validation, and the builder's analytics (payoff, POP, expected move, P&L table, Greeks,
 * funds and margins). Pure functions; money in dollars, premiums per share, 100 shares a contract.
 */
export type { Action, ExpiryAnalysis, OptionType, Rates, StrategyLeg } from './types';
export { analyzeAtExpiry, expiryPnl, netPremium } from './payoff';
export type { ExpiryOptions } from './payoff';
export { KNOWN_STRATEGIES, OUR_TEXTS, SPEC_TEXTS, STRATEGY_REQUIREMENTS, knownStrategy, validateStrategy } from './validate';
export type { ExpirationRule, KnownStrategy, OptionTypeRule, StrategyRequirement, ValidationResult } from './validate';
export {
  EARLY_EXERCISE_SHOWN_FROM,
  EARLY_EXERCISE_WHY,
  POP_METHOD,
  atmImpliedVol,
  earlyExercisePremium,
  expectedMove,
  netDebitCredit,
  payoffCurve,
  pnlTable,
  positionGreeks,
  probabilityOfProfit,
  rewardRisk,
  strategySummary,
  tableDates,
  timeValue,
} from './analytics';
export type {
  ExpectedMove,
  MarketOptions,
  NetDebitCredit,
  PayoffCurveOptions,
  PayoffPoint,
  PnlTable,
  PnlTableOptions,
  PopOptions,
  PositionGreeks,
  ProbabilityOfProfit,
  StrategySummary,
} from './analytics';
export { PAYOFF_ZOOMS, framePrices, niceStep, payoffFrame } from './payoff-frame';
export type { PayoffFrame, PayoffFrameInput, PayoffZoom } from './payoff-frame';
export { fundsAndMargins, legsToPositions } from './funds';
export { GUIDELINE_TEXTS, POSITION_SIZE_RANGE, PROFIT_TARGET_RANGE, tradeGuidelines } from './guidelines';
export type { TradeGuidelines } from './guidelines';
export type { FundsAndMargins, FundsOptions } from './funds';
export { placeTemplate, templateExpiries } from './placement';
export type { PlacementChain, PlacementError, PlacementErrorCode, PlacementOptions, PlacementResult } from './placement';
export { DEFAULT_IV, earlyExerciseValue, legStyle, optionValue, resolveIv } from './valuation';
export { STRATEGY_TEMPLATES, TEMPLATE_CATEGORIES, searchTemplates, templateById } from './templates';
export type * from './templates/types';
