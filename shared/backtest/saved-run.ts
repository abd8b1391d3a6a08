import { formatExpiry } from '../format/time';
import { templateById } from '../strategy/templates';
import type { RunSummary, SavedRunJson } from './backtest.api';
import { RUN_NAME_MAX } from './backtest.api';
import type { BacktestResult, BacktestTrade } from './engine';
import type { BacktestRules } from './rules';
import type { WhatThisTeaches } from './teaches';

/**
 * A run as it is saved and answered (issue 39, "Runs are saved per learner"): JSON has no Infinity, so a trade's
 * unlimited max profit or max loss (the engine's ±Infinity) is null; every other figure is kept as the engine gave it.
 */

const bounded = (x: number): number | null => (Number.isFinite(x) ? x : null);

export type TradeJson = SavedRunJson['result']['trades'][number];

export const tradeJson = (t: BacktestTrade): TradeJson => ({ ...t, maxProfit: bounded(t.maxProfit), maxLoss: bounded(t.maxLoss) });

export const resultJson = (r: BacktestResult): SavedRunJson['result'] => ({ ...r, trades: r.trades.map(tradeJson) });

export const teachesJson = (t: WhatThisTeaches): SavedRunJson['teaches'] => ({
  ...t,
  worstTrade: t.worstTrade.kind === 'worst' ? { ...t.worstTrade, trade: tradeJson(t.worstTrade.trade) } : t.worstTrade,
});

/** The strategy in words: the template's name, or the legs ("Sell put + buy put", "Buy 2 calls"). */
export function strategyLabel(rules: Pick<BacktestRules, 'strategy'>): string {
  const s = rules.strategy;
  if ('template' in s) return templateById(s.template)?.name ?? s.template;
  const words = s.legs.map((l) => `${l.side} ${l.quantity > 1 ? `${l.quantity} ${l.type}s` : l.type}`).join(' + ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The name a run gets when the learner gives none: "SPY Iron Condor, Dec 1, 2025 – Nov 27, 2026" (at most 80 characters). */
export function defaultRunName(rules: Pick<BacktestRules, 'strategy' | 'underlying' | 'from' | 'to'>): string {
  const name = `${rules.underlying} ${strategyLabel(rules)}, ${formatExpiry(rules.from)} – ${formatExpiry(rules.to)}`;
  return name.length <= RUN_NAME_MAX ? name : `${name.slice(0, RUN_NAME_MAX - 1)}…`;
}

/** The line of the saved runs' list. */
export const runSummary = (run: SavedRunJson): RunSummary => ({
  id: run.id,
  name: run.name,
  createdAt: run.createdAt,
  underlying: run.rules.underlying,
  strategy: strategyLabel(run.rules),
  from: run.rules.from,
  to: run.rules.to,
  trades: run.result.metrics.trades,
  winRate: run.result.metrics.winRate,
  returnOnRisk: run.result.metrics.returnOnRisk,
  maxDrawdown: run.result.metrics.maxDrawdown,
  totalPnl: run.result.metrics.totalPnl,
});

/** The underlyings a run is compared with when the learner names none, in this order of preference, then any stored. */
export const PREFERRED_COMPARE = ['SPY', 'QQQ', 'IWM'] as const;

/** Two stored underlyings other than the run's own: SPY and QQQ first (IWM when the run is on one of them), then the first others stored. */
export function defaultCompare(own: string, stored: readonly string[], count = 2): string[] {
  const others = stored.filter((s) => s !== own);
  const preferred = PREFERRED_COMPARE.filter((s) => others.includes(s));
  return [...preferred, ...others.filter((s) => !preferred.includes(s as (typeof PREFERRED_COMPARE)[number]))].slice(0, count);
}
