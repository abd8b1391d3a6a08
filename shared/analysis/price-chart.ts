import type { DailyBar } from '../market/market-data.port';
import { isTradingDay } from '../market/calendar';
import { addDays, daysBetween } from '../market/dates';
import { earningsBetween } from '../market/earnings';
import type { DailySummary } from '../metrics/daily-summary';

/**
 * The figures of the underlying's price chart (issue 37, "Charts of the underlying"): end-of-day, computed from the
 * stored daily summaries (a year of closes, volume, IV30 and HV20) and the stored daily bars (open, high, low and close
 * of the sessions they are kept for). Pure: the web draws them, the text summary reads them.
 */

/** One session of the chart: its close and volume always, its candle when a daily bar of that session is stored. */
export interface ChartDay {
  date: string;
  close: number;
  volume: number | null;
  /** Open, high and low of the session's daily bar, or null when only the close is stored (older sessions). */
  candle: { open: number; high: number; low: number } | null;
}

export interface SeriesPoint {
  date: string;
  value: number;
}

/**
 * The sessions of the chart, oldest first: every summary row, with the candle of the bar of the same date. A bar whose
 * session has no summary row yet (the row arrives with the same ingestion) is a session too; its close is the bar's.
 */
export function chartDays(summaries: readonly Pick<DailySummary, 'date' | 'close' | 'volume'>[], bars: readonly DailyBar[]): ChartDay[] {
  const byDate = new Map<string, ChartDay>();
  for (const r of summaries) byDate.set(r.date, { date: r.date, close: r.close, volume: r.volume, candle: null });
  for (const b of bars) {
    const row = byDate.get(b.date);
    byDate.set(b.date, {
      date: b.date,
      close: row?.close ?? b.close,
      volume: row?.volume ?? b.volume,
      candle: { open: b.open, high: Math.max(b.high, b.open, b.close), low: Math.min(b.low, b.open, b.close) },
    });
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * The simple moving average of the closes over `period` sessions: the mean of the last `period` closes, first drawn on
 * the `period`-th session (no average over fewer sessions than its name says).
 */
export function simpleMovingAverage(days: readonly Pick<ChartDay, 'date' | 'close'>[], period: number): SeriesPoint[] {
  if (!Number.isInteger(period) || period < 1) throw new RangeError(`period must be a whole number ≥ 1, got ${period}`);
  const out: SeriesPoint[] = [];
  let sum = 0;
  for (let i = 0; i < days.length; i++) {
    sum += days[i]!.close;
    if (i >= period) sum -= days[i - period]!.close;
    if (i >= period - 1) out.push({ date: days[i]!.date, value: sum / period });
  }
  return out;
}

export interface ConePoint {
  date: string;
  upper: number;
  lower: number;
}

/**
 * The expected-move cone of an expiry: ±1σ around the last close on each trading day from the close's session to the
 * expiry, where one standard deviation of the price move over t calendar days is S × σ × √(t / 365), σ the expiry's
 * implied volatility (the "one standard deviation price change", Natenberg, "Option Volatility and Pricing", ch. 4;
 * the same rule as Cboe's expected move). A lognormal price makes the band slightly skewed; this is the linear rule of
 * thumb learners meet on every platform, drawn as such.
 */
export function expectedMoveCone(input: { lastDate: string; lastClose: number; expiration: string; iv: number }): ConePoint[] {
  const { lastDate, lastClose, expiration, iv } = input;
  if (!(lastClose > 0) || !(iv >= 0) || expiration <= lastDate) return [];
  const out: ConePoint[] = [{ date: lastDate, upper: lastClose, lower: lastClose }];
  for (let d = addDays(lastDate, 1); d <= expiration; d = addDays(d, 1)) {
    if (!isTradingDay(d) && d !== expiration) continue;
    const move = expectedMove(lastClose, iv, daysBetween(lastDate, d));
    out.push({ date: d, upper: lastClose + move, lower: lastClose - move });
  }
  return out;
}

/** S × σ × √(days / 365): the one-standard-deviation move over `days` calendar days. */
export const expectedMove = (price: number, iv: number, days: number): number => price * iv * Math.sqrt(Math.max(0, days) / 365);

export interface VolatilityPoint {
  date: string;
  iv30: number | null;
  hv20: number | null;
}

/**
 * IV30 against HV20 for the pane below the price: one point per session of the summaries, both on the same dates, each
 * null where it is not known (a real provider's backfilled sessions have no IV; HV20 needs 20 sessions first).
 */
export function volatilitySeries(summaries: readonly Pick<DailySummary, 'date' | 'iv30' | 'hv20'>[]): VolatilityPoint[] {
  return [...summaries].sort((a, b) => a.date.localeCompare(b.date)).map((r) => ({ date: r.date, iv30: r.iv30, hv20: r.hv20 }));
}

export interface EarningsMarker {
  /** The report date (the last session before the news). */
  date: string;
  /** Whether the report is after the chart's last session (the next one known). */
  upcoming: boolean;
}

/**
 * Earnings reports within [from, to]: the simulated market's calendar for its single stocks, and the report dates the
 * summaries carried (`nextEarnings`, a real provider's calendar), each date once, oldest first.
 */
export function earningsMarkers(
  ticker: string,
  summaries: readonly Pick<DailySummary, 'date' | 'nextEarnings'>[],
  window: { from: string; to: string; lastSession: string },
): EarningsMarker[] {
  const dates = new Set<string>(earningsBetween(ticker, window.from, window.to).map((e) => e.reportDate));
  for (const r of summaries) if (r.nextEarnings) dates.add(r.nextEarnings);
  return [...dates]
    .filter((d) => d >= window.from && d <= window.to)
    .sort()
    .map((date) => ({ date, upcoming: date > window.lastSession }));
}

/** What the text summary says: the period, the first and last close, the high and low, the averages, the cone. */
export interface ChartFacts {
  from: string;
  to: string;
  sessions: number;
  firstClose: number;
  lastClose: number;
  /** The highest high (the close where no candle is stored) and its session. */
  high: { value: number; date: string };
  low: { value: number; date: string };
  sma20: number | null;
  sma50: number | null;
  cone: { expiration: string; upper: number; lower: number } | null;
}

export function chartFacts(days: readonly ChartDay[], cone: readonly ConePoint[] = []): ChartFacts | null {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return null;
  let high = { value: -Infinity, date: first.date };
  let low = { value: Infinity, date: first.date };
  for (const d of days) {
    const h = d.candle?.high ?? d.close;
    const l = d.candle?.low ?? d.close;
    if (h > high.value) high = { value: h, date: d.date };
    if (l < low.value) low = { value: l, date: d.date };
  }
  const end = cone.at(-1);
  return {
    from: first.date,
    to: last.date,
    sessions: days.length,
    firstClose: first.close,
    lastClose: last.close,
    high,
    low,
    sma20: simpleMovingAverage(days, 20).at(-1)?.value ?? null,
    sma50: simpleMovingAverage(days, 50).at(-1)?.value ?? null,
    cone: end && cone.length > 1 ? { expiration: end.date, upper: end.upper, lower: end.lower } : null,
  };
}
