import { niceStep } from '../strategy/payoff-frame';

/**
 * The figures of a run (issue 39 "Results"), from its trades' P&L after costs and its daily equity curve:
 * - win rate: trades with P&L > 0 over all trades (a trade at exactly 0 is not a win, and is in neither average);
 * - average win (over P&L > 0) and average loss (over P&L < 0, negative);
 * - expectancy: the mean P&L per trade (= win rate × average win + loss rate × average loss);
 * - max drawdown: the largest fall of the equity curve from its running peak, in dollars and as a percent of that peak;
 * - return on risk: total P&L over the sum of each trade's max loss (its risk at entry); null when a trade's loss was
 *   unlimited, or with no trade;
 * - the P&L distribution: buckets of one round width (1, 2, 2.5 or 5 × 10ⁿ dollars, about ten across the range),
 *   each [from, to) and the last one closed.
 */
export interface PnlBucket {
  from: number;
  to: number;
  count: number;
}

export interface BacktestMetrics {
  trades: number;
  wins: number;
  losses: number;
  winRate: number | null;
  averageWin: number | null;
  averageLoss: number | null;
  expectancy: number | null;
  totalPnl: number;
  maxDrawdown: number;
  maxDrawdownPct: number;
  returnOnRisk: number | null;
  pnlDistribution: PnlBucket[];
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null);

export function drawdown(equity: readonly number[]): { max: number; maxPct: number } {
  let peak = -Infinity;
  let max = 0;
  let maxPct = 0;
  for (const e of equity) {
    if (e > peak) peak = e;
    const fall = peak - e;
    if (fall > max) max = fall;
    if (peak > 0 && (100 * fall) / peak > maxPct) maxPct = (100 * fall) / peak;
  }
  return { max, maxPct };
}

export function pnlDistribution(pnls: readonly number[]): PnlBucket[] {
  if (pnls.length === 0) return [];
  const lo = Math.min(...pnls);
  const hi = Math.max(...pnls);
  const width = niceStep(hi > lo ? (hi - lo) / 10 : Math.max(1, Math.abs(hi)) / 10);
  const start = Math.floor(lo / width) * width;
  const count = Math.max(1, Math.floor((hi - start) / width) + 1);
  const buckets: PnlBucket[] = Array.from({ length: count }, (_, i) => ({ from: round(start + i * width), to: round(start + (i + 1) * width), count: 0 }));
  for (const p of pnls) buckets[Math.min(count - 1, Math.floor((p - start) / width))]!.count++;
  return buckets;
}

const round = (x: number) => Math.round(x * 1e6) / 1e6 + 0;

export function backtestMetrics(trades: readonly { pnl: number; risk: number }[], equity: readonly number[]): BacktestMetrics {
  const pnls = trades.map((t) => t.pnl);
  const wins = pnls.filter((p) => p > 0);
  const losses = pnls.filter((p) => p < 0);
  const total = pnls.reduce((s, p) => s + p, 0);
  const risk = trades.reduce((s, t) => s + t.risk, 0);
  const dd = drawdown(equity);
  return {
    trades: trades.length,
    wins: wins.length,
    losses: losses.length,
    winRate: trades.length ? (100 * wins.length) / trades.length : null,
    averageWin: mean(wins),
    averageLoss: mean(losses),
    expectancy: mean(pnls),
    totalPnl: total,
    maxDrawdown: dd.max,
    maxDrawdownPct: dd.maxPct,
    returnOnRisk: trades.length && Number.isFinite(risk) && risk > 0 ? (100 * total) / risk : null,
    pnlDistribution: pnlDistribution(pnls),
  };
}
