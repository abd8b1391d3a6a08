import { formatMoney, formatUsd } from '@shared/format/money';
import { formatNumber, formatPercent } from '@shared/format/number';
import { legName } from '@shared/format/options';
import { formatExpiry } from '@shared/format/time';
import { plural } from '@shared/format/words';
import type { RunResult, RunTrade } from '@web/api/backtest';

/**
 * What the results say in words: each exit reason, each leg, the builder's link to a trade at its entry, and every
 * figure's formula with the run's own inputs (the info tips beside the metrics).
 */
export const EXIT_REASON_WORDS: Record<RunTrade['exitReason'], string> = {
  'profit-target': 'Profit target reached',
  'stop-loss': 'Stop loss hit',
  'days-before-expiry': 'Closed before expiry (days-before-expiry rule)',
  expiry: 'Held to expiry',
  'end-of-range': 'Closed at the end of the date range',
};

/** "Sell SPY Jan 16, 2026 $580 Put ×1", the product's contract name with the contracts of the trade. */
export const legWords = (underlying: string, trade: RunTrade, leg: RunTrade['legs'][number]): string =>
  `${legName(leg.action, { underlying, expiration: trade.expiration, strike: leg.strike, type: leg.optionType })} ×${leg.quantity * trade.lots}`;

/** The builder's quantity has at most three digits (use-builder-params.ts); a larger trade opens one lot. */
const MAX_BUILDER_QUANTITY = 999;

/**
 * The builder with the trade's legs as they were at its entry (?underlying=&legs=action.type.strike.expiration.qty),
 * as of its entry day (&asOf=): the builder prices them on that day's modelled chain, the model the run used, so each
 * leg shows the trade's entry price.
 */
export function builderHref(underlying: string, trade: RunTrade): string {
  const total = trade.legs.reduce((s, l) => s + l.quantity * trade.lots, 0);
  const lots = trade.legs.every((l) => l.quantity * trade.lots <= MAX_BUILDER_QUANTITY) && total > 0 ? trade.lots : 1;
  const legs = trade.legs.map((l) => `${l.action}.${l.optionType}.${l.strike}.${trade.expiration}.${l.quantity * lots}`).join(',');
  return `/app/trading?${new URLSearchParams({ underlying, legs, asOf: trade.entryDate }).toString()}`;
}

export interface Figure {
  id: 'winRate' | 'averageWin' | 'averageLoss' | 'expectancy' | 'maxDrawdown' | 'returnOnRisk';
  label: string;
  value: string;
  /** The formula with this run's inputs, for the info tip. */
  formula: string;
}

const dash = (x: number | null, f: (n: number) => string) => (x === null ? '—' : f(x));

/** The risk of a run: the sum of each trade's max loss (null when one was unlimited). */
export function totalRisk(trades: readonly RunTrade[]): number | null {
  let sum = 0;
  for (const t of trades) {
    if (t.maxLoss === null) return null;
    sum += Math.abs(t.maxLoss);
  }
  return sum;
}

/** The six figures of issue 39's results, each with its formula and this run's inputs. */
export function figuresOf(result: RunResult): Figure[] {
  const m = result.metrics;
  const winsTotal = result.trades.filter((t) => t.pnl > 0).reduce((s, t) => s + t.pnl, 0);
  const lossesTotal = result.trades.filter((t) => t.pnl < 0).reduce((s, t) => s + t.pnl, 0);
  const risk = totalRisk(result.trades);
  return [
    {
      id: 'winRate',
      label: 'Win rate',
      value: dash(m.winRate, (x) => formatPercent(x / 100)),
      formula: `Winning trades ÷ all trades = ${m.wins} ÷ ${m.trades}. A win is a trade with P&L above $0 after costs.`,
    },
    {
      id: 'averageWin',
      label: 'Average win',
      value: dash(m.averageWin, formatMoney),
      formula: `Sum of the winning trades’ P&L ÷ winning trades = ${formatUsd(winsTotal)} ÷ ${m.wins}.`,
    },
    {
      id: 'averageLoss',
      label: 'Average loss',
      value: dash(m.averageLoss, formatMoney),
      formula: `Sum of the losing trades’ P&L ÷ losing trades = ${formatUsd(lossesTotal)} ÷ ${m.losses}.`,
    },
    {
      id: 'expectancy',
      label: 'Expectancy',
      value: dash(m.expectancy, formatMoney),
      formula: `Total P&L ÷ trades = ${formatUsd(m.totalPnl)} ÷ ${m.trades}: what a trade made on average, after costs (win rate × average win + loss rate × average loss).`,
    },
    {
      id: 'maxDrawdown',
      label: 'Max drawdown',
      value: `${formatMoney(-m.maxDrawdown)} (${formatPercent(-m.maxDrawdownPct / 100)})`,
      formula: `The largest fall of the equity curve from its running peak: ${formatUsd(m.maxDrawdown)}, ${formatNumber(m.maxDrawdownPct)}% of that peak.`,
    },
    {
      id: 'returnOnRisk',
      label: 'Return on risk',
      value: dash(m.returnOnRisk, (x) => formatPercent(x / 100)),
      formula:
        risk === null
          ? 'Total P&L ÷ the sum of each trade’s max loss. A trade here had an unlimited max loss, so there is no figure.'
          : `Total P&L ÷ the sum of each trade’s max loss = ${formatUsd(m.totalPnl)} ÷ ${formatUsd(risk)}.`,
    },
  ];
}

/** "From Jan 2, 2026 to Nov 27, 2026, 48 trades". */
export const rangeWords = (result: RunResult): string =>
  `${formatExpiry(result.from)} to ${formatExpiry(result.to)}, ${plural(result.metrics.trades, 'trade')}`;

/** A rule's path in words, for the no-trade message ("filters.ivRank" → "the IV rank filter"). */
const RULE_WORDS: Record<string, string> = {
  'entry.maxOpen': 'the most open positions (entry rules)',
  underlying: 'the underlying',
  'filters.ivRank': 'the IV rank filter',
  'entry.daysToExpiry': 'the days to expiry (entry rules)',
  'filters.noEarningsBeforeExpiry': 'the “no earnings before expiry” filter',
  strategy: 'the strategy',
  'size.riskPct': 'the risk per trade (size)',
  'entry.schedule': 'the entry schedule',
};
export const ruleWords = (field: string): string => RULE_WORDS[field] ?? field;
