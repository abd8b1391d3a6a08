import type { PriceHistory } from '../../history';
import type { ChainSnapshot } from '../../snapshot';
import historyJson from '../../snapshots/spy-history-2026-11-20.json';
import termJson from '../../snapshots/spy-term-2026-11-20.json';
import { realizedVolatility } from '../../../analysis';
import { dateLabel } from '../lib/figures';
import { SPY } from '../lib/snapshot';

/**
 * The market_analysis module's data (issue 17): the course's SPY chain of Nov 20, 2026 (../lib/snapshot.ts), a year
 * of SPY's daily closes and 30-/90-day at-the-money IV ending that session (tools/learning-snapshot/make-history.ts),
 * and the strike nearest the price of every listed expiry of the same session (make-term-structure.ts). All three are
 * the simulated market's end-of-day data; the figures are computed from them by shared/analysis and the pricing core.
 */
export const HISTORY: PriceHistory = historyJson as PriceHistory;
export const TERM: ChainSnapshot = termJson as ChainSnapshot;

export const DAYS = HISTORY.days;
export const FIRST_DAY = DAYS[0]!;
export const LAST_DAY = DAYS.at(-1)!;
export const CLOSES = DAYS.map((d) => d.close);
export const IV30 = DAYS.map((d) => d.iv30);
export const IV90 = DAYS.map((d) => d.iv90);

// The three files describe one session: a history that ended elsewhere, or at another close, is a broken freeze.
if (HISTORY.session !== SPY.session || LAST_DAY.date !== SPY.session || LAST_DAY.close !== SPY.underlyingPrice)
  throw new Error('the SPY history does not end on the chain snapshot’s session and close');
if (TERM.session !== SPY.session || TERM.underlyingPrice !== SPY.underlyingPrice) throw new Error('the SPY term structure is not the chain snapshot’s session');

/** The line under every example computed from the history. */
export const HISTORY_SOURCE = `SPY daily history, ${DAYS.length} sessions from ${dateLabel(FIRST_DAY.date)} to the end of day, ${dateLabel(LAST_DAY.date)} (simulated market): each session’s close and its 30- and 90-day at-the-money IV`;

/** The line under every example computed from the term structure. */
export const TERM_SOURCE = `SPY option chain, every listed expiry, end of day, ${dateLabel(TERM.session)} (simulated market): the call at the strike nearest SPY’s ${TERM.underlyingPrice}`;

/** The 20-day realized volatility on the history's day `index` (from the 21 closes ending there). */
export const hv20At = (index: number): number | null => realizedVolatility(CLOSES.slice(0, index + 1), 20);

/** The history's index of a date. */
export function dayIndex(date: string): number {
  const i = DAYS.findIndex((d) => d.date === date);
  if (i < 0) throw new Error(`no ${date} in the SPY history`);
  return i;
}
