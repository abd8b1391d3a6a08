import { formatPrice, formatUsd } from '../format/money';
import { formatLevel, formatNumber, formatPercent } from '../format/number';
import { formatExpiry } from '../format/time';
import { plural } from '../format/words';
import type { DailySummary } from '../metrics/daily-summary';
import { daysBetween } from '../market/dates';
import { exerciseStyle } from '../market/underlyings';
import { ok, type Result } from '../result';
import { optionValue, ratesFor } from '../strategy/valuation';
import type { BacktestFailureDetails } from './backtest.errors';
import { runBacktest, type BacktestResult, type BacktestTrade, type ExitReason } from './engine';
import type { BacktestRules } from './rules';
import { surfaceOf, volAt, type DaySurface } from './surface';

/**
 * The "what this teaches" panel of a backtest (issue 39, "Backtesting"), computed from the run and reruns of the engine,
 * never from typed figures:
 *
 * 1. **The profit target**: the same rules run again without the target (the trades then hold to the stop, the days-
 *    before-expiry rule, expiry or the range's end), and the two runs' win rate, average win, average loss and expectancy
 *    side by side, a plain sentence each. Rules without a target say so.
 * 2. **The worst trade and why**: the trade with the lowest P&L after costs (the earliest closed on a tie), and the reason
 *    read from the history over its sessions, first that applies:
 *    - a **gap** through a short strike: between two consecutive sessions of the trade the close went from at or on the
 *      safe side of a sold leg's strike (a put: at or above it; a call: at or below it) to past it, and that one-session
 *      move was more than `gapPct` percent of the earlier close (the largest such move is named);
 *    - an **IV spike**: IV30 rose during the trade by more than `ivSpikePoints` volatility points above its value on the
 *      entry session (20% to 26% is 6 points; the highest IV30 up to the exit is named);
 *    - a **steady move** against the position: the position valued on the exit session's surface and days left at the
 *      exit close is worth less than at the entry close, that difference being what the move cost;
 *    - otherwise **time and volatility**: the price did not move against it, the loss came from decay, IV and costs.
 *    A run whose every trade made money says so of its weakest trade.
 * 3. **Other underlyings**: the same rules (range, sizes, costs) run on each given underlying's history, compared by return
 *    on risk, win rate and max drawdown with the run's; a run that cannot happen there (dates outside its history, a
 *    template that cannot be placed, a size over the balance) is reported with the engine's field, reason and message.
 *
 * A threshold met exactly is not exceeded (to a billionth: the sums carry binary round-off). Money is written by the
 * product's formatter (shared/format/money.ts), dates as "Mar 2, 2026".
 */

export interface TeachThresholds {
  /** A one-session move through a short strike larger than this percent of the earlier close is a gap. */
  gapPct: number;
  /** A rise of IV30 during the trade of more than this many volatility points (percentage points) is a spike. */
  ivSpikePoints: number;
}

/** 2% in one session (about two typical days of an index at 16% volatility); 5 IV points (20% to 25%). */
export const TEACH_THRESHOLDS: TeachThresholds = { gapPct: 2, ivSpikePoints: 5 };

/** The figures of a run the profit-target lesson compares. */
export interface TargetFigures {
  trades: number;
  wins: number;
  winRate: number | null;
  averageWin: number | null;
  averageLoss: number | null;
  expectancy: number | null;
}

export type ProfitTargetLesson =
  | { kind: 'no-target'; sentence: string }
  | {
      kind: 'compared';
      targetPct: number;
      withTarget: TargetFigures;
      withoutTarget: TargetFigures;
      sentences: { winRate: string; averageWin: string; averageLoss: string; expectancy: string };
    };

export interface GapFinding {
  /** The sessions before and after the move. */
  fromDate: string;
  toDate: string;
  fromClose: number;
  toClose: number;
  /** The move as a percent of the earlier close, signed. */
  movePct: number;
  strike: number;
  optionType: 'call' | 'put';
}

export interface IvSpikeFinding {
  fromDate: string;
  toDate: string;
  fromIv: number;
  toIv: number;
  /** The rise in volatility points. */
  points: number;
}

export interface MoveFinding {
  fromClose: number;
  toClose: number;
  movePct: number;
  /** The position's value at the exit close less its value at the entry close, both on the exit session's surface and days left. */
  moveValue: number;
}

export type WorstReason = 'gap' | 'iv-spike' | 'steady-move' | 'time-and-volatility' | 'no-loss';

export type WorstTradeLesson =
  | { kind: 'no-trade'; sentence: string }
  | { kind: 'worst'; trade: BacktestTrade; reason: WorstReason; gap: GapFinding | null; ivSpike: IvSpikeFinding | null; move: MoveFinding; sentence: string };

export interface OtherFigures {
  trades: number;
  returnOnRisk: number | null;
  winRate: number | null;
  maxDrawdown: number;
}

export type OtherUnderlyingRun =
  | { underlying: string; ok: true; figures: OtherFigures; sentence: string }
  | { underlying: string; ok: false; field: string | null; reason: string | null; message: string; sentence: string };

export interface OtherUnderlyingsLesson {
  /** The run's own figures, for the side-by-side table. */
  own: { underlying: string; figures: OtherFigures };
  runs: OtherUnderlyingRun[];
  /** Which underlying did best by return on risk, when at least two have the figure; null otherwise. */
  sentence: string | null;
}

export interface WhatThisTeaches {
  thresholds: TeachThresholds;
  profitTarget: ProfitTargetLesson;
  worstTrade: WorstTradeLesson;
  otherUnderlyings: OtherUnderlyingsLesson;
}

export interface TeachInput {
  history: readonly DailySummary[];
  rules: BacktestRules;
  /** The run of these rules over this history when the caller has it already; else it is run here. */
  run?: BacktestResult;
  /** The other underlyings' histories (the page gives two), each of that underlying alone. */
  others?: readonly { underlying: string; history: readonly DailySummary[] }[];
  thresholds?: TeachThresholds;
}

/** Met exactly is not exceeded: a figure over its threshold by a billionth or less is at it. */
const EPSILON = 1e-9;
const exceeds = (x: number, threshold: number) => x > threshold + EPSILON;

const money = (x: number) => formatUsd(Math.abs(x));
const day = (date: string) => formatExpiry(date);
/** A signed percent to two decimals, one at least: −7.0%, −2.01% (a figure just over a threshold shows it is over). */
const pct = (x: number) => `${formatNumber(x, { digits: 2, minDigits: 1, sign: true })}%`;
const ivLevel = (x: number) => formatPercent(x, 2, { minDigits: 1 });
const rate = (x: number) => `${formatNumber(x, { digits: 0 })}%`;

/** Everything the panel says about one run, or the run's own failure. */
export function whatThisTeaches(input: TeachInput): Result<WhatThisTeaches> {
  const thresholds = input.thresholds ?? TEACH_THRESHOLDS;
  let run = input.run;
  if (!run) {
    const r = runBacktest(input.history, input.rules);
    if (!r.ok) return r;
    run = r.value;
  }
  const profitTarget = profitTargetLesson(input.history, input.rules, run);
  if (!profitTarget.ok) return profitTarget;
  return ok({
    thresholds,
    profitTarget: profitTarget.value,
    worstTrade: worstTradeLesson(input.history, input.rules.underlying, run, thresholds),
    otherUnderlyings: otherUnderlyingsLesson(input.rules, run, input.others ?? []),
  });
}

// 1. The profit target.

const targetFigures = (run: BacktestResult): TargetFigures => ({
  trades: run.metrics.trades,
  wins: run.metrics.wins,
  winRate: run.metrics.winRate,
  averageWin: run.metrics.averageWin,
  averageLoss: run.metrics.averageLoss,
  expectancy: run.metrics.expectancy,
});

const otherExitsWords = (rules: BacktestRules): string => {
  const exits: string[] = [];
  if (rules.exit.stopLoss) exits.push('the stop');
  if (rules.exit.daysBeforeExpiry !== undefined) exits.push(`${plural(rules.exit.daysBeforeExpiry, 'day')} before expiry`);
  exits.push('expiry');
  return exits.length === 1 ? exits[0]! : `${exits.slice(0, -1).join(', ')} or ${exits.at(-1)}`;
};

function profitTargetLesson(history: readonly DailySummary[], rules: BacktestRules, run: BacktestResult): Result<ProfitTargetLesson> {
  const targetPct = rules.exit.profitTargetPct;
  if (targetPct === undefined)
    return ok<ProfitTargetLesson>({
      kind: 'no-target',
      sentence: `These rules had no profit target, so there is nothing to compare: every trade ran to ${otherExitsWords(rules)}.`,
    });
  const { profitTargetPct: _target, ...otherExits } = rules.exit;
  const rerun = runBacktest(history, { ...rules, exit: otherExits });
  if (!rerun.ok) return rerun;
  const withTarget = targetFigures(run);
  const withoutTarget = targetFigures(rerun.value);
  const target = `Taking profit at ${formatNumber(targetPct, { digits: 2, minDigits: 0 })}% of the max profit`;
  const holding = `holding to ${otherExitsWords(rules)}`;
  const won = (f: TargetFigures) => (f.winRate === null ? 'no trade' : `${rate(f.winRate)} of trades (${f.wins} of ${f.trades})`);
  const avg = (x: number | null, none: string) => (x === null ? none : money(x));
  const perTrade = (x: number | null) => (x === null ? 'nothing, with no trade' : x < 0 ? `a loss of ${money(x)}` : `${money(x)}`);
  return ok<ProfitTargetLesson>({
    kind: 'compared',
    targetPct,
    withTarget,
    withoutTarget,
    sentences: {
      winRate: `${target} won ${won(withTarget)}; ${holding} won ${won(withoutTarget)}.`,
      averageWin: `The average win was ${avg(withTarget.averageWin, 'nothing (no trade won)')} with the target and ${avg(withoutTarget.averageWin, 'nothing (no trade won)')} without it.`,
      averageLoss: `The average loss was ${avg(withTarget.averageLoss, 'nothing (no trade lost)')} with the target and ${avg(withoutTarget.averageLoss, 'nothing (no trade lost)')} without it.`,
      expectancy: `Per trade, after costs, that averages out to ${perTrade(withTarget.expectancy)} with the target and ${perTrade(withoutTarget.expectancy)} without it.`,
    },
  });
}

// 2. The worst trade.

const EXIT_WORDS: Record<ExitReason, string> = {
  'profit-target': 'at the profit target',
  'stop-loss': 'at the stop',
  'days-before-expiry': 'by the days-before-expiry rule',
  expiry: 'at expiry',
  'end-of-range': 'at the end of the range',
};

/** The largest one-session move through a sold leg's strike over the threshold, among the trade's sessions. */
export function findGap(rows: readonly DailySummary[], trade: BacktestTrade, gapPct: number): GapFinding | null {
  const shorts = trade.legs.filter((l) => l.action === 'sell');
  let best: GapFinding | null = null;
  for (let k = 1; k < rows.length; k++) {
    const a = rows[k - 1]!;
    const b = rows[k]!;
    const movePct = (100 * (b.close - a.close)) / a.close;
    if (!exceeds(Math.abs(movePct), gapPct)) continue;
    for (const leg of shorts) {
      const through = leg.optionType === 'put' ? a.close >= leg.strike && b.close < leg.strike : a.close <= leg.strike && b.close > leg.strike;
      if (through && (!best || Math.abs(movePct) > Math.abs(best.movePct)))
        best = { fromDate: a.date, toDate: b.date, fromClose: a.close, toClose: b.close, movePct, strike: leg.strike, optionType: leg.optionType };
    }
  }
  return best;
}

/** IV30's highest rise above the entry session's during the trade, when over the threshold. */
export function findIvSpike(rows: readonly DailySummary[], ivSpikePoints: number): IvSpikeFinding | null {
  const entry = rows[0];
  if (!entry || entry.iv30 === null) return null;
  let peak: DailySummary | null = null;
  for (const r of rows.slice(1)) if (r.iv30 !== null && (peak === null || r.iv30 > peak.iv30!)) peak = r;
  if (!peak) return null;
  const points = 100 * (peak.iv30! - entry.iv30);
  return exceeds(points, ivSpikePoints) ? { fromDate: entry.date, toDate: peak.date, fromIv: entry.iv30, toIv: peak.iv30!, points } : null;
}

/** What the price move alone did to the position: its value at the exit close less at the entry close, on the exit's surface. */
function moveOf(rows: readonly DailySummary[], ticker: string, trade: BacktestTrade): MoveFinding {
  const fromClose = trade.marks[0]!.close;
  const toClose = trade.marks.at(-1)!.close;
  let surface: DaySurface | null = null;
  for (const r of rows) surface = surfaceOf(r) ?? surface;
  const tau = Math.max(0, daysBetween(trade.exitDate, trade.expiration)) / 365;
  const { r, q } = ratesFor(ticker);
  const style = exerciseStyle(ticker);
  const valueAt = (S: number) =>
    trade.legs.reduce((v, l) => {
      const sigma = surface ? volAt(surface, S, l.strike, tau, r, q) : 0.01;
      return v + (l.action === 'buy' ? 1 : -1) * l.quantity * trade.lots * 100 * optionValue(l.optionType, S, l.strike, tau, r, q, sigma, style);
    }, 0);
  return {
    fromClose,
    toClose,
    movePct: (100 * (toClose - fromClose)) / fromClose,
    moveValue: Math.round((valueAt(toClose) - valueAt(fromClose)) * 100) / 100 + 0,
  };
}

function worstTradeLesson(history: readonly DailySummary[], underlying: string, run: BacktestResult, thresholds: TeachThresholds): WorstTradeLesson {
  if (run.trades.length === 0) return { kind: 'no-trade', sentence: 'The run made no trade, so there is no worst trade to learn from.' };
  const trade = run.trades.reduce((w, t) => (t.pnl < w.pnl ? t : w));
  const rows = [...history]
    .filter((r) => r.date >= trade.entryDate && r.date <= trade.exitDate)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const gap = findGap(rows, trade, thresholds.gapPct);
  const ivSpike = findIvSpike(rows, thresholds.ivSpikePoints);
  const move = moveOf(rows, underlying, trade);
  const opened = `opened ${day(trade.entryDate)} and closed ${day(trade.exitDate)} ${EXIT_WORDS[trade.exitReason]}`;
  if (trade.pnl >= 0)
    return {
      kind: 'worst',
      trade,
      reason: 'no-loss',
      gap,
      ivSpike,
      move,
      sentence: `No trade lost money: the weakest, ${opened}, made ${money(trade.pnl)} after costs.`,
    };
  const reason: WorstReason = gap ? 'gap' : ivSpike ? 'iv-spike' : move.moveValue < 0 ? 'steady-move' : 'time-and-volatility';
  const parts = [`The worst trade, ${opened}, lost ${money(trade.pnl)} after costs.`];
  if (gap)
    parts.push(
      `On ${day(gap.toDate)} the price gapped from ${formatPrice(gap.fromClose)} to ${formatPrice(gap.toClose)} (${pct(gap.movePct)} since ${day(gap.fromDate)}, more than the ${formatNumber(thresholds.gapPct, { digits: 2, minDigits: 0 })}% that counts as a gap), straight through the ${formatLevel(gap.strike)} ${gap.optionType} it had sold.`,
    );
  if (ivSpike)
    parts.push(
      `${gap ? 'Also, ' : ''}IV30 rose from ${ivLevel(ivSpike.fromIv)} on ${day(ivSpike.fromDate)} to ${ivLevel(ivSpike.toIv)} on ${day(ivSpike.toDate)}, ${formatNumber(ivSpike.points, { digits: 2, minDigits: 1 })} points (more than the ${formatNumber(thresholds.ivSpikePoints, { digits: 2, minDigits: 0 })} that counts as a spike), which makes every option in the position dearer.`,
    );
  if (reason === 'steady-move')
    parts.push(
      `There was no gap and no IV spike: the price moved steadily against it, from ${formatPrice(move.fromClose)} on ${day(trade.entryDate)} to ${formatPrice(move.toClose)} on ${day(trade.exitDate)} (${pct(move.movePct)}), and that move alone cost about ${money(move.moveValue)}.`,
    );
  if (reason === 'time-and-volatility')
    parts.push(
      `The price did not move against it (${formatPrice(move.fromClose)} to ${formatPrice(move.toClose)}) and there was no gap or IV spike: the loss came from time decay, volatility and ${money(trade.costs)} of costs.`,
    );
  return { kind: 'worst', trade, reason, gap, ivSpike, move, sentence: parts.join(' ') };
}

// 3. Other underlyings.

const otherFigures = (run: BacktestResult): OtherFigures => ({
  trades: run.metrics.trades,
  returnOnRisk: run.metrics.returnOnRisk,
  winRate: run.metrics.winRate,
  maxDrawdown: run.metrics.maxDrawdown,
});

const onRisk = (x: number | null) => (x === null ? 'no return on risk' : `${pct(x)} on risk`);
const winRateWords = (f: OtherFigures) => (f.winRate === null ? 'no trade' : `${rate(f.winRate)} of ${plural(f.trades, 'trade')}`);

function otherUnderlyingsLesson(rules: BacktestRules, run: BacktestResult, others: NonNullable<TeachInput['others']>): OtherUnderlyingsLesson {
  const own = { underlying: run.underlying, figures: otherFigures(run) };
  const runs = others.map(({ underlying, history }): OtherUnderlyingRun => {
    const ticker = underlying.toUpperCase();
    const r = runBacktest(history, { ...rules, underlying: ticker });
    if (!r.ok) {
      const details = r.error.details as Partial<BacktestFailureDetails> | undefined;
      return {
        underlying: ticker,
        ok: false,
        field: details?.field ?? null,
        reason: details?.reason ?? null,
        message: r.error.message,
        sentence: `On ${ticker} the same rules could not run: ${r.error.message}`,
      };
    }
    const f = otherFigures(r.value);
    const mine = own.figures;
    return {
      underlying: ticker,
      ok: true,
      figures: f,
      sentence:
        `On ${ticker} the same rules made ${onRisk(f.returnOnRisk)} (${own.underlying}: ${onRisk(mine.returnOnRisk)}), ` +
        `won ${winRateWords(f)} (${own.underlying}: ${winRateWords(mine)}) ` +
        `and fell at most ${money(f.maxDrawdown)} from a peak (${own.underlying}: ${money(mine.maxDrawdown)}).`,
    };
  });
  const ranked = [own, ...runs.flatMap((o) => (o.ok ? [{ underlying: o.underlying, figures: o.figures }] : []))].filter(
    (o): o is { underlying: string; figures: OtherFigures & { returnOnRisk: number } } => o.figures.returnOnRisk !== null,
  );
  let sentence: string | null = null;
  if (ranked.length >= 2) {
    const best = ranked.reduce((b, o) => (o.figures.returnOnRisk > b.figures.returnOnRisk ? o : b));
    sentence =
      best.underlying === own.underlying
        ? `By return on risk these rules did best on ${own.underlying}, the underlying you tested.`
        : `By return on risk these rules did better on ${best.underlying} (${pct(best.figures.returnOnRisk)}) than on ${own.underlying}: a result can depend on the underlying as much as on the rules.`;
  }
  return { own, runs, sentence };
}
