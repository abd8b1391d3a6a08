import { formatUsd } from '../format/money';
import type { DailySummary } from '../metrics/daily-summary';
import { MIN_HISTORY_SESSIONS, YEAR_SESSIONS } from '../metrics/daily-summary';
import { ivRank } from '../metrics/volatility';
import { daysBetween, weekday } from '../market/dates';
import { exerciseStyle } from '../market/underlyings';
import { CONTRACT_MULTIPLIER } from '../paper/types';
import { ok, type Result } from '../result';
import { analyzeAtExpiry } from '../strategy/payoff';
import { templateById } from '../strategy/templates';
import type { StrategyTemplate } from '../strategy/templates/types';
import type { Action, OptionType, Rates } from '../strategy/types';
import { intrinsic, optionValue, ratesFor } from '../strategy/valuation';
import { backtestFailure, datesOutsideHistory } from './backtest.errors';
import { chooseExpiry, placeEntry, type EntryDay } from './entry';
import { backtestMetrics, type BacktestMetrics } from './metrics';
import type { BacktestRules } from './rules';
import { surfaceOf, volAt, type DaySurface } from './surface';

/**
 * The strategy backtester's engine (issue 39, "Backtesting"): `runBacktest(history, rules)` walks the stored daily
 * summaries of one underlying in date order and, each session, decides only from the rows up to and including that
 * session (no look-ahead):
 *
 * 1. the session's surface is its row's (surface.ts), or the latest earlier one when the row has no IV30;
 * 2. every open position is valued at the session's close: each leg at its strike's and expiry's volatility on that
 *    surface, by its contract's model (`optionValue`: the American engine for American-style contracts, Black-Scholes-
 *    Merton for European-style ones; shared/market/underlyings.ts `exerciseStyle`), T = calendar days to expiry / 365;
 * 3. exits, in this order: a position whose expiry is this session settles at intrinsic value at this close (an
 *    expiry with no row of its own, a holiday, settles on the next row at the last close on or before the expiry);
 *    else the stop, the profit target, then the days-before-expiry rule, each compared with the open P&L at the model
 *    value (mid) before costs, a target or stop met exactly counting as hit; on the range's last session every open
 *    position closes ("end-of-range");
 * 4. entries on the schedule's sessions (never the range's last): the filters, the listed expiry nearest the target,
 *    the builder's placement, the size, then the opening at the model value plus costs. A position is first examined
 *    for an exit on the session after its entry.
 *
 * Money: a position's value is Σ (+1 bought, −1 sold) × quantity × lots × 100 × the leg's value per share; cash falls by
 * the value at the opening (a credit raises it) and rises by the value at the closing; commissions and spread cost are
 * paid per contract on the opening and on a closing trade, never on a settlement at expiry. Equity = cash + the value
 * of the open positions. Buy-and-hold: the starting balance in the underlying at the range's first close, dividends
 * left out. Returned figures are rounded: dollars to the cent, prices per share to 1/10,000.
 */

export type ExitReason = 'profit-target' | 'stop-loss' | 'days-before-expiry' | 'expiry' | 'end-of-range';
/** Why an entry session opened nothing. */
export type SkipReason = 'max-open' | 'no-iv' | 'iv-rank' | 'iv-rank-history' | 'no-expiry' | 'earnings' | 'placement' | 'size';

export interface TradeLeg {
  action: Action;
  optionType: OptionType;
  strike: number;
  /** Contracts per lot. */
  quantity: number;
  /** Per share, the model value at the entry and at the exit (intrinsic value at expiry). */
  entryPrice: number;
  exitPrice: number;
}

export interface TradeMark {
  date: string;
  close: number;
  /** The position's value at the model (dollars; negative for a position that would cost to close). */
  value: number;
  /** Open P&L at the model value, before costs. */
  pnl: number;
}

export interface BacktestTrade {
  entryDate: string;
  exitDate: string;
  expiration: string;
  lots: number;
  legs: TradeLeg[];
  /** Cash at the opening, before costs: positive a credit received, negative a debit paid. */
  entryNet: number;
  /** Cash at the closing or settlement, before costs: positive received, negative paid. */
  exitNet: number;
  /** entryNet + exitNet. */
  grossPnl: number;
  costs: number;
  /** After costs. */
  pnl: number;
  exitReason: ExitReason;
  /** Calendar days from entry to exit, and sessions. */
  daysHeld: number;
  sessionsHeld: number;
  /** The position's max profit and max loss at expiry for its lots (Infinity / −Infinity when unlimited). */
  maxProfit: number;
  maxLoss: number;
  /** Each session from the entry to the exit. */
  marks: TradeMark[];
}

export interface EquityPoint {
  date: string;
  close: number;
  equity: number;
  buyAndHold: number;
}

export interface NoTrade {
  /** The rule that skipped the most entry sessions (or the schedule, when no session was an entry session). */
  reason: SkipReason | 'schedule';
  field: string;
  message: string;
}

export interface BacktestResult {
  underlying: string;
  from: string;
  to: string;
  startingBalance: number;
  trades: BacktestTrade[];
  equity: EquityPoint[];
  metrics: BacktestMetrics;
  /** Entry sessions skipped, by reason. */
  skipped: Partial<Record<SkipReason, number>>;
  noTrade: NoTrade | null;
  /** What modelled prices leave out (MODEL_NOTE), for the page beside the results. */
  note: string;
}

/** What the results page says about the prices (issue 39: "says plainly that the prices are modelled"). */
export const MODEL_NOTE =
  'Prices are modelled from each day’s end-of-day volatility surface (IV30, IV90 and the 25-delta skew), not traded quotes. ' +
  'They leave out the real bid-ask spread beyond the cost you set, intraday moves (a stop or target is checked at the close only), ' +
  'early assignment of short legs, dividends on buy-and-hold, and the difference between a chain’s own skew and the one fitted here.';

const SKIP_FIELD: Record<SkipReason, { field: string; message: string }> = {
  'max-open': { field: 'entry.maxOpen', message: 'every entry day already had the most open positions allowed' },
  'no-iv': { field: 'underlying', message: 'the stored history has no implied volatility on the entry days' },
  'iv-rank': { field: 'filters.ivRank', message: 'the IV rank was never in the range you set on an entry day' },
  'iv-rank-history': { field: 'filters.ivRank', message: `IV rank needs ${MIN_HISTORY_SESSIONS} sessions of IV history before an entry day` },
  'no-expiry': { field: 'entry.daysToExpiry', message: 'no listed expiry was found for the days to expiry you set' },
  earnings: { field: 'filters.noEarningsBeforeExpiry', message: 'an earnings report fell before the expiry on every entry day' },
  placement: { field: 'strategy', message: 'the strategy could not be placed on the listed strikes on any entry day' },
  size: { field: 'size.riskPct', message: 'the risk per trade was smaller than one lot’s max loss on every entry day' },
};

interface OpenLeg {
  action: Action;
  optionType: OptionType;
  strike: number;
  quantity: number;
  entryPrice: number;
  /** (+1 bought, −1 sold) × quantity × lots × 100. */
  weight: number;
}

interface OpenPosition {
  entryIndex: number;
  entryDate: string;
  expiration: string;
  lots: number;
  legs: OpenLeg[];
  entryValue: number;
  entryCosts: number;
  maxProfit: number;
  maxLoss: number;
  /** Open P&L at or above which it closes; at or below which it stops; null without the rule. */
  target: number | null;
  stop: number | null;
  marks: TradeMark[];
  /** The value at the latest close (unrounded), for the equity curve. */
  value: number;
}

const cents = (x: number) => (Number.isFinite(x) ? Math.round(x * 100) / 100 + 0 : x);
const price4 = (x: number) => Math.round(x * 1e4) / 1e4 + 0;
/**
 * A target or a stop met to a millionth of a dollar counts as met: the expiry analysis keeps max profit and max loss to
 * a millionth (strategy/valuation.ts `clean`), and the sums carry binary round-off.
 */
const EPSILON = 1e-6;

type StrategySource = { template: Pick<StrategyTemplate, 'legs'> } | { legs: Extract<BacktestRules['strategy'], { legs: unknown }>['legs'] };

function strategySource(rules: BacktestRules): Result<StrategySource> {
  if ('legs' in rules.strategy) return ok({ legs: rules.strategy.legs });
  const template = templateById(rules.strategy.template);
  if (!template) return backtestFailure('strategy.template', 'unknown-template', `There is no template "${rules.strategy.template}" in the library.`);
  if (template.legs.some((l) => l.expiration !== '30d'))
    return backtestFailure('strategy.template', 'template-not-supported', `${template.name} uses two expiries; the backtester takes strategies on one expiry.`);
  if (template.requiresShares)
    return backtestFailure(
      'strategy.template',
      'template-not-supported',
      `${template.name} holds shares too; the backtester takes strategies of options only.`,
    );
  return ok({ template });
}

function isEntrySession(rules: BacktestRules, date: string, indexInRange: number): boolean {
  const s = rules.entry.schedule;
  return s.kind === 'every' ? indexInRange % s.tradingDays === 0 : weekday(date) === s.weekday;
}

/** Runs the rules over one underlying's daily summaries (any order; every row of that underlying). */
export function runBacktest(history: readonly DailySummary[], rules: BacktestRules): Result<BacktestResult> {
  const ticker = rules.underlying.toUpperCase();
  if (history.some((r) => r.underlying.toUpperCase() !== ticker))
    return backtestFailure('underlying', 'wrong-underlying', `The history given is not ${ticker}’s alone.`);
  const rows = [...history].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const first = rows[0]?.date;
  const last = rows.at(-1)?.date;
  if (!first || !last) return backtestFailure('underlying', 'dates-outside-history', `No history of ${ticker} is stored.`);
  if (rules.from < first || rules.from > last) return datesOutsideHistory('from', first, last);
  if (rules.to < first || rules.to > last) return datesOutsideHistory('to', first, last);
  const source = strategySource(rules);
  if (!source.ok) return source;

  const rates: Rates = ratesFor(ticker);
  const style = exerciseStyle(ticker);
  const start = rows.findIndex((r) => r.date >= rules.from);
  const end = rows.findLastIndex((r) => r.date <= rules.to);
  const valueOf = (legs: readonly OpenLeg[], S: number, date: string, expiration: string, surface: DaySurface) => {
    const tau = Math.max(0, daysBetween(date, expiration)) / 365;
    let v = 0;
    const prices = legs.map((l) => {
      const p =
        tau <= 0
          ? intrinsic(l.optionType, S, l.strike)
          : optionValue(l.optionType, S, l.strike, tau, rates.r, rates.q, volAt(surface, S, l.strike, tau, rates.r, rates.q), style);
      v += l.weight * p;
      return p;
    });
    return { value: v, prices };
  };
  const perContractCost = rules.costs.commissionPerContract + rules.costs.spreadPerContract;
  const costsOf = (legs: readonly OpenLeg[], lots: number) => legs.reduce((s, l) => s + l.quantity * lots * perContractCost, 0);

  let cash = rules.startingBalance;
  let surface: DaySurface | null = null;
  for (let i = 0; i < start; i++) surface = surfaceOf(rows[i]!) ?? surface;
  const open: OpenPosition[] = [];
  const trades: (BacktestTrade & { risk: number })[] = [];
  const equity: EquityPoint[] = [];
  /** The equity unrounded, for the drawdown. */
  const equityCurve: number[] = [];
  const skipped: Partial<Record<SkipReason, number>> = {};
  let entrySessions = 0;
  let placementError: string | null = null;
  let sizeChecked = false;
  const firstClose = rows[start]!.close;

  const close = (p: OpenPosition, index: number, exitDate: string, exitPrices: number[], exitValue: number, reason: ExitReason, exitCosts: number) => {
    const costs = p.entryCosts + exitCosts;
    const gross = exitValue - p.entryValue;
    trades.push({
      entryDate: p.entryDate,
      exitDate,
      expiration: p.expiration,
      lots: p.lots,
      legs: p.legs.map((l, j) => ({
        action: l.action,
        optionType: l.optionType,
        strike: l.strike,
        quantity: l.quantity,
        entryPrice: price4(l.entryPrice),
        exitPrice: price4(exitPrices[j]!),
      })),
      entryNet: cents(-p.entryValue),
      exitNet: cents(exitValue),
      grossPnl: cents(gross),
      costs: cents(costs),
      pnl: cents(gross - costs),
      exitReason: reason,
      daysHeld: daysBetween(p.entryDate, exitDate),
      sessionsHeld: index - p.entryIndex,
      maxProfit: cents(p.maxProfit),
      maxLoss: cents(p.maxLoss),
      marks: p.marks,
      risk: -p.maxLoss,
    });
    cash += exitValue - exitCosts;
  };

  for (let i = start; i <= end; i++) {
    const row = rows[i]!;
    const date = row.date;
    const S = row.close;
    surface = surfaceOf(row) ?? surface;
    const lastSession = i === end;

    // Exits of the positions opened before this session.
    for (let j = 0; j < open.length; j++) {
      const p = open[j]!;
      let exit: { reason: ExitReason; prices: number[]; value: number; costs: number; date: string } | null = null;
      if (date >= p.expiration) {
        // Settlement at intrinsic value: at this close on the expiry itself, else at the last close on or before it.
        const settle = date === p.expiration ? S : rows[i - 1]!.close;
        const prices = p.legs.map((l) => intrinsic(l.optionType, settle, l.strike));
        const value = p.legs.reduce((s, l, k) => s + l.weight * prices[k]!, 0);
        p.marks.push({ date: p.expiration, close: cents(settle), value: cents(value), pnl: cents(value - p.entryValue) });
        exit = { reason: 'expiry', prices, value, costs: 0, date: p.expiration };
      } else {
        const { value, prices } = valueOf(p.legs, S, date, p.expiration, surface!);
        const pnl = value - p.entryValue;
        p.value = value;
        p.marks.push({ date, close: S, value: cents(value), pnl: cents(pnl) });
        const reason: ExitReason | null =
          p.stop !== null && pnl <= p.stop + EPSILON
            ? 'stop-loss'
            : p.target !== null && pnl >= p.target - EPSILON
              ? 'profit-target'
              : rules.exit.daysBeforeExpiry !== undefined && daysBetween(date, p.expiration) <= rules.exit.daysBeforeExpiry
                ? 'days-before-expiry'
                : lastSession
                  ? 'end-of-range'
                  : null;
        if (reason) exit = { reason, prices, value, costs: costsOf(p.legs, p.lots), date };
      }
      if (exit) {
        close(p, i, exit.date, exit.prices, exit.value, exit.reason, exit.costs);
        open.splice(j--, 1);
      }
    }

    // Entries.
    if (!lastSession && isEntrySession(rules, date, i - start)) {
      entrySessions++;
      const skip = (why: SkipReason) => {
        skipped[why] = (skipped[why] ?? 0) + 1;
      };
      const today = surfaceOf(row);
      const expiration = chooseExpiry(ticker, date, rules.entry.daysToExpiry);
      const filters = rules.filters;
      let rank: number | null = null;
      let rankHistory = 0;
      if (filters.ivRank && today) {
        const past: number[] = [];
        for (let k = Math.max(0, i - (YEAR_SESSIONS - 1)); k < i; k++) {
          const iv = rows[k]!.iv30;
          if (iv !== null) past.push(iv);
        }
        rankHistory = past.length;
        // A history of one value has no range, and no rank: no entry either.
        rank = ivRank(today.iv30, past);
      }
      if (open.length >= rules.entry.maxOpen) skip('max-open');
      else if (!today) skip('no-iv');
      else if (filters.ivRank && rankHistory < MIN_HISTORY_SESSIONS) skip('iv-rank-history');
      else if (
        filters.ivRank &&
        (rank === null ||
          (filters.ivRank.above !== undefined && !(rank > filters.ivRank.above)) ||
          (filters.ivRank.below !== undefined && !(rank < filters.ivRank.below)))
      )
        skip('iv-rank');
      else if (!expiration) skip('no-expiry');
      else if (filters.noEarningsBeforeExpiry && row.nextEarnings !== null && row.nextEarnings >= date && row.nextEarnings <= expiration) skip('earnings');
      else {
        const day: EntryDay = { ticker, date, S, surface: today, rates, style };
        const placed = placeEntry(day, expiration, source.value);
        if (!placed.ok) {
          placementError ??= placed.error.message;
          skip('placement');
        } else {
          const legs: OpenLeg[] = placed.legs.map((l) => ({
            action: l.action,
            optionType: l.optionType,
            strike: l.strike,
            quantity: l.quantity,
            entryPrice: 0,
            weight: (l.action === 'buy' ? 1 : -1) * l.quantity * CONTRACT_MULTIPLIER,
          }));
          const perLot = valueOf(legs, S, date, expiration, today);
          legs.forEach((l, k) => (l.entryPrice = perLot.prices[k]!));
          const lotAnalysis = analyzeAtExpiry(
            placed.legs.map((l, k) => ({ ...l, premium: perLot.prices[k]! })),
            { r: rates.r, q: rates.q },
          );
          const lotRisk = -lotAnalysis.maxLoss;
          if (!Number.isFinite(lotRisk))
            return backtestFailure(
              'strategy',
              'undefined-risk',
              'This strategy’s maximum loss is unlimited (a sold call no bought call covers); the backtester takes strategies of defined risk only, as the paper account does.',
            );
          let lots: number;
          if (rules.size.kind === 'contracts') {
            lots = rules.size.contracts;
            if (!sizeChecked && lots * lotRisk > rules.startingBalance)
              return backtestFailure(
                'size.contracts',
                'size-over-balance',
                `The size is over the starting balance: ${lots} lots of this strategy risk up to ${formatUsd(lots * lotRisk)} on ${date}, more than ${formatUsd(rules.startingBalance)}.`,
              );
          } else {
            lots = lotRisk > 0 ? Math.floor(((rules.size.riskPct / 100) * rules.startingBalance) / lotRisk + EPSILON) : 0;
          }
          sizeChecked = true;
          if (lots < 1) skip('size');
          else {
            for (const l of legs) l.weight *= lots;
            const entryValue = perLot.value * lots;
            const entryCosts = costsOf(legs, lots);
            const maxProfit = lotAnalysis.maxProfit * lots;
            const maxLoss = lotAnalysis.maxLoss * lots;
            const pct = rules.exit.profitTargetPct;
            const targetBase = Number.isFinite(maxProfit) ? maxProfit : Math.abs(entryValue);
            const stopRule = rules.exit.stopLoss;
            const stopBase = stopRule ? (stopRule.of === 'max-loss' ? -maxLoss : Math.abs(entryValue)) : 0;
            cash -= entryValue + entryCosts;
            open.push({
              entryIndex: i,
              entryDate: date,
              expiration,
              lots,
              legs,
              entryValue,
              entryCosts,
              maxProfit,
              maxLoss,
              target: pct !== undefined ? (pct / 100) * targetBase : null,
              stop: stopRule ? -(stopRule.pct / 100) * stopBase : null,
              marks: [{ date, close: S, value: cents(entryValue), pnl: 0 }],
              value: entryValue,
            });
          }
        }
      }
    }

    let openValue = 0;
    for (const p of open) openValue += p.value;
    equityCurve.push(cash + openValue);
    equity.push({ date, close: S, equity: cents(cash + openValue), buyAndHold: cents((rules.startingBalance * S) / firstClose) });
  }

  if (placementError && trades.length === 0 && open.length === 0 && (skipped.placement ?? 0) === entrySessions)
    return backtestFailure('strategy', 'template-cannot-be-placed', `The template cannot be placed: ${placementError}.`);

  let noTrade: NoTrade | null = null;
  if (trades.length === 0) {
    const worst = (Object.entries(skipped) as [SkipReason, number][]).sort((a, b) => b[1] - a[1])[0];
    noTrade = worst
      ? { reason: worst[0], ...SKIP_FIELD[worst[0]], message: `No trade: ${SKIP_FIELD[worst[0]].message}.` }
      : { reason: 'schedule', field: 'entry.schedule', message: 'No trade: no session of the range was an entry day (the last session opens nothing).' };
  }

  return ok({
    underlying: ticker,
    from: rows[start]!.date,
    to: rows[end]!.date,
    startingBalance: rules.startingBalance,
    trades: trades.map(({ risk: _risk, ...t }) => t),
    equity,
    metrics: roundMetrics(
      backtestMetrics(
        trades.map((t) => ({ pnl: t.pnl, risk: t.risk })),
        equityCurve,
      ),
    ),
    skipped,
    noTrade,
    note: MODEL_NOTE,
  });
}

function roundMetrics(m: BacktestMetrics): BacktestMetrics {
  const r = (x: number | null) => (x === null ? null : cents(x));
  return {
    ...m,
    winRate: r(m.winRate),
    averageWin: r(m.averageWin),
    averageLoss: r(m.averageLoss),
    expectancy: r(m.expectancy),
    totalPnl: cents(m.totalPnl),
    maxDrawdown: cents(m.maxDrawdown),
    maxDrawdownPct: cents(m.maxDrawdownPct),
    returnOnRisk: r(m.returnOnRisk),
  };
}
