import { formatNumber, formatPercent, orDash } from '@shared/format/number';
import type { JournalStats } from '@web/api/journal';
import { formatMoney } from '@shared/format/money';

/**
 * The statistics as the page shows them: each figure with its formula and the N it was computed from
 * (no figure without how it was computed and from how many trades).
 */
export interface Figure {
  id: string;
  label: string;
  value: string;
  formula: string;
  n: number;
  /** Said under the value (the break-even win rate beside the win rate). */
  note?: string;
}

const pct = orDash((x: number, digits = 1) => formatPercent(x, digits));
const num = orDash((x: number, digits = 2) => formatNumber(x, { digits }));
const money = (x: number | null) => (x === null ? '—' : formatMoney(x));

export function figuresOf(s: JournalStats): Figure[] {
  const decided = s.wins + s.losses;
  return [
    { id: 'trades', label: 'Closed trades', value: String(s.trades), formula: 'Trades closed in the filter (a multi-leg order is one trade)', n: s.trades },
    {
      id: 'win-rate',
      label: 'Win rate',
      value: pct(s.winRate),
      formula: 'wins ÷ (wins + losses); scratches (|P&L| < $1) count as neither',
      n: decided,
      note: s.breakEvenWinRate === null ? undefined : `Break-even win rate at this payoff: ${pct(s.breakEvenWinRate)}`,
    },
    { id: 'net', label: 'Net P&L', value: money(s.netPnl), formula: 'Σ P&L of the trades, after every commission', n: s.trades },
    { id: 'expectancy', label: 'Expectancy', value: money(s.expectancy), formula: 'mean P&L per trade = net P&L ÷ trades', n: s.trades },
    { id: 'average-win', label: 'Average win', value: money(s.averageWin), formula: 'Σ winning P&L ÷ wins', n: s.wins },
    { id: 'average-loss', label: 'Average loss', value: money(s.averageLoss), formula: '|Σ losing P&L| ÷ losses (a positive number)', n: s.losses },
    { id: 'payoff', label: 'Payoff ratio', value: num(s.payoffRatio), formula: 'average win ÷ average loss', n: decided },
    {
      id: 'profit-factor',
      label: 'Profit factor',
      value: s.profitFactor === null ? (s.losses === 0 && s.wins > 0 ? 'no losses' : '—') : num(s.profitFactor),
      formula: 'gross profit ÷ gross loss (none without a loss); above 1 is net profitable',
      n: decided,
    },
    {
      id: 'mean-r',
      label: 'Mean R',
      value: s.meanR === null ? '—' : `${num(s.meanR)}R`,
      formula: 'mean of P&L ÷ max loss at entry, over defined-risk trades (1R = max loss)',
      n: s.rTrades,
    },
    {
      id: 'drawdown',
      label: 'Max drawdown',
      value: s.maxDrawdown === null ? '—' : `${money(s.maxDrawdown)}${s.maxDrawdownPct === null ? '' : ` (${pct(s.maxDrawdownPct, 2)})`}`,
      formula: 'largest fall of the realized equity curve from its running peak, in dollars and % of that peak',
      n: s.trades,
    },
    {
      id: 'captured',
      label: '% of max profit captured',
      value: pct(s.maxProfitCaptured),
      formula: 'mean of P&L ÷ max profit at entry, over trades with a limited max profit',
      n: s.maxProfitTrades,
    },
  ];
}

export const EXIT_REASON_TEXT: Record<string, string> = {
  closed: 'Closed',
  expired_worthless: 'Expired worthless',
  exercised: 'Exercised',
  assigned: 'Assigned',
  cash_settled: 'Settled in cash',
  account_reset: 'Account reset',
};

export const FREE_KIND_TEXT: Record<string, string> = { trade: 'Trade reflection', daily_plan: 'Daily plan', weekly_review: 'Weekly review', note: 'Note' };
