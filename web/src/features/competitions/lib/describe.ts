import { formatCount, formatNumber, formatPercent } from '@shared/format/number';
import { formatDate, formatNewYorkTime } from '@shared/format/time';
import { plural } from '@shared/format/words';
import type { BoardView, ScoreFigures, SeasonSummary } from '@web/api/competitions';

/** The competition pages' words for the API's figures (issue 39), in one place so the pages and the tests agree. */

/** Where the builder opens with a season's competition account chosen in the account selector. */
export const builderHref = (accountId: string) => `/app/trading?account=${encodeURIComponent(accountId)}`;
export const seasonHref = (seasonId: string) => `/app/competitions/${encodeURIComponent(seasonId)}`;

/** "Mon, Nov 30, 2026 – Fri, Dec 4, 2026" */
export const seasonDates = (s: { firstDay: string; lastDay: string }) => `${formatDate(s.firstDay)} – ${formatDate(s.lastDay)}`;

export const STATUS_WORDS: Record<SeasonSummary['status'], string> = {
  joinable: 'Open to join',
  running: 'Running',
  closed: 'Closed',
};

/** The basis of a board's standings, in words, with when they were computed. */
export function asOfText(asOf: BoardView['asOf']): string {
  if (!asOf) return 'No standings yet: the first are computed after the first trading day closes.';
  const basis = asOf.basis === 'closing' ? "From each day's closing equity" : asOf.basis === 'provisional' ? "Includes today's marks so far" : 'Final';
  return `${basis} · as of ${formatNewYorkTime(asOf.at)}`;
}

/** A score: two decimals, with its sign when negative. */
export const formatScore = (score: number) => formatNumber(score, { digits: 2 });

/** The return with its sign: "+1.25%", "−0.40%". */
export const formatReturn = (r: number) => formatPercent(r, 2, { sign: true });

/** What the return is divided by, and why. */
export function divisorText(f: ScoreFigures, floor: number): string {
  const d = formatPercent(f.divisor, 2);
  if (f.return <= 0) return `${d}: a season at or below its start is divided by the ${formatPercent(floor, 0)} floor`;
  return f.floorApplied ? `${d}: your drawdown is below the ${formatPercent(floor, 0)} floor, so the floor counts` : `${d}: your max drawdown`;
}

/** "3 of 5 closed trades · 2 of 3 trading days" */
export const sampleText = (sample: { closedTrades: number; tradingDays: number }, min: { minClosedTrades: number; minTradingDays: number }) =>
  `${formatCount(sample.closedTrades)} of ${plural(min.minClosedTrades, 'closed trade')} · ${formatCount(sample.tradingDays)} of ${plural(min.minTradingDays, 'trading day')}`;

/** How many trades still lack a plan, and what the award asks. */
export function planText(planned: { withPlan: number; trades: number }): string {
  if (planned.trades === 0) return 'No trades yet. The award needs a written plan on every trade, written before it closes.';
  const missing = planned.trades - planned.withPlan;
  if (missing === 0) return `Every trade has a plan (${plural(planned.trades, 'trade')}). The award needs a plan on every trade.`;
  return `${plural(missing, 'trade')} of ${formatCount(planned.trades)} ${missing === 1 ? 'lacks' : 'lack'} a plan. The award needs a plan on every trade, written before it closes.`;
}
