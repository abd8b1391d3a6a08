import { cents } from '../kernel/money';
import { newYorkDate, type ExitReason, type JournalAccount, type JournalTrade } from './trades';

/**
 * The journal's statistics over closed trades (issue 18; formulas as Wealth-Lab's performance report, freqtrade's
 * expectancy docs and Tradervue's reports define them). Each figure is null where it is undefined (no trade, no loss, …), never 0 or Infinity.
 *
 * Notation: trade i has net P&L p_i (after every commission). A scratch is |p_i| < $1 and is neither a win nor a loss;
 * wins W = {p_i ≥ $1}, losses L = {p_i ≤ −$1}.
 */
export const SCRATCH_THRESHOLD = 1;
/** The equity curve sent has at most this many points (a chart is no wider); the figures use every trade. */
export const MAX_CURVE_POINTS = 400;
/** Figures computed from fewer trades than this carry a "small sample" badge. */
export const SMALL_SAMPLE = 20;

/** A closed trade as the statistics and the closed list read it: one compact row of the learner's ledger. */
export interface ClosedTradeRow {
  id: string;
  account: JournalAccount;
  strategy: string;
  underlying: string;
  openedAt: string;
  closedAt: string;
  /** New York date of the close (the calendar's day). */
  date: string;
  pnl: number;
  /** 1R: the max loss at entry of a defined-risk trade; null for undefined risk. */
  risk: number | null;
  maxProfit: number | null;
  exitReason: ExitReason;
  setupTags: string[];
  mistakeTags: string[];
  reflected: boolean;
  legs: number;
  /** Opened by the learner's agent token of this name. */
  agent?: string;
}

export function rowOf(trade: JournalTrade): ClosedTradeRow {
  if (trade.status !== 'closed' || !trade.closedAt || !trade.exitReason) throw new Error(`trade ${trade.id} is not closed`);
  return {
    id: trade.id,
    account: trade.account,
    strategy: trade.strategy,
    underlying: trade.underlying,
    openedAt: trade.openedAt,
    closedAt: trade.closedAt,
    date: newYorkDate(trade.closedAt),
    pnl: trade.realizedPnl,
    risk: trade.entry.maxLoss !== null && trade.entry.maxLoss > 0 ? trade.entry.maxLoss : null,
    maxProfit: trade.entry.maxProfit,
    exitReason: trade.exitReason,
    setupTags: trade.setupTags,
    mistakeTags: trade.mistakeTags,
    reflected: trade.entryId !== null,
    legs: trade.legs.length,
    ...(trade.agent ? { agent: trade.agent } : {}),
  };
}

export interface StatsFilter {
  /** New York dates of the close, inclusive. */
  from?: string;
  to?: string;
  strategy?: string;
  underlying?: string;
  tag?: string;
  mistake?: string;
  /** Paper and live never mix: paper unless asked. */
  account?: JournalAccount;
}

const has = (tags: readonly string[], tag: string) => tags.some((t) => t.toLowerCase() === tag.toLowerCase());

/** The rows a filter keeps; trades ended by an account reset are never counted (neither the learner nor the market closed them). */
export function filterRows(rows: readonly ClosedTradeRow[], f: StatsFilter): ClosedTradeRow[] {
  const account = f.account ?? 'paper';
  return rows.filter(
    (r) =>
      r.exitReason !== 'account_reset' &&
      r.account === account &&
      (!f.from || r.date >= f.from) &&
      (!f.to || r.date <= f.to) &&
      (!f.strategy || r.strategy === f.strategy) &&
      (!f.underlying || r.underlying === f.underlying) &&
      (!f.tag || has(r.setupTags, f.tag)) &&
      (!f.mistake || has(r.mistakeTags, f.mistake)),
  );
}

export interface StrategyStats {
  strategy: string;
  trades: number;
  wins: number;
  losses: number;
  netPnl: number;
  winRate: number | null;
}

export interface CalendarDay {
  date: string;
  realizedPnl: number;
  trades: number;
}

export interface EquityPoint {
  /** The closed trade's number in order of close, from 1. */
  n: number;
  date: string;
  /** Cumulative realized P&L after this trade. */
  equity: number;
  /** Peak of the cumulative P&L so far minus the cumulative P&L now (≥ 0). */
  drawdown: number;
}

export interface JournalStats {
  trades: number;
  wins: number;
  losses: number;
  scratches: number;
  netPnl: number;
  grossProfit: number;
  grossLoss: number;
  winRate: number | null;
  averageWin: number | null;
  averageLoss: number | null;
  payoffRatio: number | null;
  profitFactor: number | null;
  expectancy: number | null;
  breakEvenWinRate: number | null;
  /** Trades with a defined risk (an R). */
  rTrades: number;
  meanR: number | null;
  maxDrawdown: number | null;
  maxDrawdownPct: number | null;
  /** Trades with a finite max profit above zero. */
  maxProfitTrades: number;
  /** Mean over those of P&L / max profit at entry (0.5 = half the max profit kept). */
  maxProfitCaptured: number | null;
  smallSample: boolean;
  byStrategy: StrategyStats[];
  mistakes: { tag: string; trades: number; cost: number }[];
  calendar: CalendarDay[];
  equity: EquityPoint[];
  /** The starting equity the drawdown percentage is measured on. */
  startingEquity: number;
}

const isWin = (p: number) => p >= SCRATCH_THRESHOLD;
const isLoss = (p: number) => p <= -SCRATCH_THRESHOLD;
const ratio = (a: number, b: number): number | null => (b === 0 ? null : a / b);
const round = (x: number | null, digits = 4): number | null => (x === null ? null : Math.round(x * 10 ** digits) / 10 ** digits);

/**
 * Every figure of the issue over the rows (already filtered):
 * - win rate = |W| / (|W| + |L|); average win = Σ_W p / |W|; average loss = |Σ_L p| / |L| (a positive number);
 * - payoff ratio = average win / average loss; profit factor = gross profit / gross loss = Σ_W p / |Σ_L p| (none without a loss);
 * - expectancy = mean of p over all trades; break-even win rate = 1 / (1 + payoff ratio);
 * - R = p / max loss at entry for defined-risk trades (undefined-risk trades have none); mean R over those;
 * - equity curve E_k = startingEquity + Σ_{j≤k} p_j in order of close; drawdown = running peak − E_k; max drawdown in
 *   dollars, and as a share of the peak where it happened;
 * - % of max profit captured = mean of p / max profit over trades with a finite positive max profit;
 * - the cost of a mistake tag = Σ p over trades carrying it.
 */
export function computeStats(rows: readonly ClosedTradeRow[], startingEquity = 0): JournalStats {
  const ps = rows.map((r) => r.pnl);
  const winsP = ps.filter(isWin);
  const lossesP = ps.filter(isLoss);
  const grossProfit = cents(winsP.reduce((s, p) => s + p, 0));
  const grossLoss = cents(Math.abs(lossesP.reduce((s, p) => s + p, 0)));
  const averageWin = winsP.length ? grossProfit / winsP.length : null;
  const averageLoss = lossesP.length ? grossLoss / lossesP.length : null;
  const payoffRatio = averageWin !== null && averageLoss !== null ? ratio(averageWin, averageLoss) : null;
  const netPnl = cents(ps.reduce((s, p) => s + p, 0));

  const rs = rows.filter((r) => r.risk !== null && r.risk > 0).map((r) => r.pnl / r.risk!);
  const captured = rows.filter((r) => r.maxProfit !== null && r.maxProfit > 0).map((r) => r.pnl / r.maxProfit!);

  const ordered = [...rows].sort((a, b) => a.closedAt.localeCompare(b.closedAt) || a.id.localeCompare(b.id));
  let equity = startingEquity;
  let peak = startingEquity;
  let maxDrawdown = 0;
  let maxDrawdownPct: number | null = null;
  const curve: EquityPoint[] = [];
  for (const r of ordered) {
    equity = cents(equity + r.pnl);
    peak = Math.max(peak, equity);
    const drawdown = cents(peak - equity);
    if (drawdown > maxDrawdown) {
      maxDrawdown = drawdown;
      maxDrawdownPct = peak > 0 ? drawdown / peak : null;
    }
    curve.push({ n: curve.length + 1, date: r.date, equity: cents(equity - startingEquity), drawdown });
  }

  const byStrategy = new Map<string, ClosedTradeRow[]>();
  for (const r of rows) byStrategy.set(r.strategy, [...(byStrategy.get(r.strategy) ?? []), r]);
  const days = new Map<string, CalendarDay>();
  for (const r of rows) {
    const d = days.get(r.date) ?? { date: r.date, realizedPnl: 0, trades: 0 };
    days.set(r.date, { date: r.date, realizedPnl: cents(d.realizedPnl + r.pnl), trades: d.trades + 1 });
  }
  const mistakes = new Map<string, { tag: string; trades: number; cost: number }>();
  for (const r of rows) {
    for (const tag of r.mistakeTags) {
      const m = mistakes.get(tag) ?? { tag, trades: 0, cost: 0 };
      mistakes.set(tag, { tag, trades: m.trades + 1, cost: cents(m.cost + r.pnl) });
    }
  }

  return {
    trades: rows.length,
    wins: winsP.length,
    losses: lossesP.length,
    scratches: rows.length - winsP.length - lossesP.length,
    netPnl,
    grossProfit,
    grossLoss,
    winRate: round(ratio(winsP.length, winsP.length + lossesP.length)),
    averageWin: averageWin === null ? null : cents(averageWin),
    averageLoss: averageLoss === null ? null : cents(averageLoss),
    payoffRatio: round(payoffRatio),
    profitFactor: round(ratio(grossProfit, grossLoss)),
    expectancy: rows.length ? cents(netPnl / rows.length) : null,
    breakEvenWinRate: payoffRatio === null ? null : round(1 / (1 + payoffRatio)),
    rTrades: rs.length,
    meanR: rs.length ? round(rs.reduce((s, r) => s + r, 0) / rs.length) : null,
    maxDrawdown: rows.length ? maxDrawdown : null,
    maxDrawdownPct: round(maxDrawdownPct),
    maxProfitTrades: captured.length,
    maxProfitCaptured: captured.length ? round(captured.reduce((s, c) => s + c, 0) / captured.length) : null,
    smallSample: rows.length < SMALL_SAMPLE,
    byStrategy: [...byStrategy.entries()]
      .map(([strategy, rs2]) => {
        const w = rs2.filter((r) => isWin(r.pnl)).length;
        const l = rs2.filter((r) => isLoss(r.pnl)).length;
        return { strategy, trades: rs2.length, wins: w, losses: l, netPnl: cents(rs2.reduce((s, r) => s + r.pnl, 0)), winRate: round(ratio(w, w + l)) };
      })
      .sort((a, b) => b.trades - a.trades || a.strategy.localeCompare(b.strategy)),
    mistakes: [...mistakes.values()].sort((a, b) => a.cost - b.cost),
    calendar: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)),
    equity: thinCurve(curve, MAX_CURVE_POINTS),
    startingEquity,
  };
}

/**
 * At most `max` points of a curve: in each of max/2 equal runs of trades, the point with the highest equity and the
 * one with the deepest drawdown, in order, so peaks and the largest drawdown stay on the chart; the last point always.
 */
export function thinCurve(curve: readonly EquityPoint[], max: number): EquityPoint[] {
  if (curve.length <= max) return [...curve];
  const runs = Math.floor(max / 2);
  const kept = new Set<EquityPoint>();
  for (let r = 0; r < runs; r++) {
    const run = curve.slice(Math.floor((r * curve.length) / runs), Math.floor(((r + 1) * curve.length) / runs));
    if (!run.length) continue;
    kept.add(run.reduce((a, b) => (b.equity > a.equity ? b : a)));
    kept.add(run.reduce((a, b) => (b.drawdown > a.drawdown ? b : a)));
  }
  kept.add(curve.at(-1)!);
  return curve.filter((p) => kept.has(p)).slice(-max);
}
