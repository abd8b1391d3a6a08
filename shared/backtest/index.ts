/**
 * The strategy backtester's pure core (issue 39, "Backtesting"): the rules (rules.ts, with their zod schema), the
 * surface read from a daily summary (surface.ts), the entry's expiry and placement (entry.ts), the engine
 * (engine.ts `runBacktest`), the run's figures (metrics.ts) and the "what this teaches" panel (teaches.ts). No I/O: the caller passes the stored summaries.
 */
export { runBacktest, MODEL_NOTE } from './engine';
export type { BacktestResult, BacktestTrade, EquityPoint, ExitReason, NoTrade, SkipReason, TradeLeg, TradeMark } from './engine';
export { BacktestRulesSchema, DEFAULT_COSTS, DEFAULT_STARTING_BALANCE } from './rules';
export type { BacktestRules, BacktestRulesInput, Costs, EntryRule, ExitRule, ExplicitLeg, Filters, SizeRule, StrategyRule, StrikeRule } from './rules';
export { atmVolAt, surfaceOf, volAt } from './surface';
export type { DaySurface } from './surface';
export { chooseExpiry, listingStyleOf } from './entry';
export type { BacktestMetrics, PnlBucket } from './metrics';
export type { BacktestFailureDetails, BacktestFailureReason } from './backtest.errors';
export { whatThisTeaches, findGap, findIvSpike, TEACH_THRESHOLDS } from './teaches';
export type {
  GapFinding,
  IvSpikeFinding,
  MoveFinding,
  OtherFigures,
  OtherUnderlyingRun,
  OtherUnderlyingsLesson,
  ProfitTargetLesson,
  TargetFigures,
  TeachInput,
  TeachThresholds,
  WhatThisTeaches,
  WorstReason,
  WorstTradeLesson,
} from './teaches';
