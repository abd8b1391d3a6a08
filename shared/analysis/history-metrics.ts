import { MIN_HISTORY_SESSIONS, T30, type DailySummary } from '../metrics/daily-summary';
import { expectedMove, ivPercentile, ivRank } from '../metrics/volatility';

/**
 * What the analysis pages read off an underlying's daily summaries (issue 22; the definitions in volatility.ts and
 * sentiment.ts): IV rank and
 * percentile over the year, IV against realized volatility, term structure, skew, and put/call ratios against the
 * underlying's own history. Pure: the rows are the caller's, oldest first, the last one the session shown.
 */

const ratio = (a: number | null, b: number | null) => (a !== null && b !== null && b > 0 ? a / b : null);
const values = (xs: readonly (number | null)[]) => xs.filter((x): x is number => x !== null && Number.isFinite(x));
const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null);
/**
 * Percentile of the value against the underlying's own history: the share of history values below it, ties counting
 * half (a value equal to every past one is the middle, p50, not p0). Null when the value is missing or the history has
 * fewer than MIN_HISTORY_SESSIONS values: against a handful of sessions (a real provider's first weeks) any change is
 * an extreme, so the reading would jump between p0 and p100.
 */
export const percentileAgainst = (value: number | null, history: readonly (number | null)[]): number | null => {
  if (value === null) return null;
  const h = values(history);
  if (h.length < MIN_HISTORY_SESSIONS) return null;
  const below = h.filter((x) => x < value).length;
  const equal = h.filter((x) => x === value).length;
  return (100 * (below + equal / 2)) / h.length;
};

export interface VolatilityMetrics {
  iv30: number | null;
  iv90: number | null;
  hv20: number | null;
  /** Sessions with an IV30 before the latest (IV rank and percentile need MIN_HISTORY_SESSIONS). */
  ivSamples: number;
  ivRank: number | null;
  ivPercentile: number | null;
  iv52wLow: number | null;
  iv52wHigh: number | null;
  /** IV30 / HV20. */
  ivHvRatio: number | null;
  /** IV30 / IV90: below 1 contango (normal), above 1 backwardation. */
  termRatio: number | null;
  /** IV30 − HV20, in volatility points. */
  premiumPoints: number | null;
  /** 25-delta risk reversal IV(25Δ call) − IV(25Δ put), and butterfly (call + put) / 2 − ATM (Derivative Engines' handbook). */
  rr25: number | null;
  bf25: number | null;
  /** The 30-day one-SD expected move from IV30: S × IV30 × √(30/365), dollars. */
  expectedMove30: number | null;
  nextEarnings: string | null;
  /** An earnings report falls within the next 30 days: IV30 carries its event variance (why ORATS publishes an ex-earnings IV). */
  earningsInIv30Window: boolean;
}

export function volatilityMetrics(rows: readonly DailySummary[], today: string): VolatilityMetrics {
  const last = rows.at(-1);
  if (!last) throw new Error('volatilityMetrics needs at least one row');
  const history = values(rows.slice(0, -1).map((r) => r.iv30));
  const enough = history.length >= MIN_HISTORY_SESSIONS && last.iv30 !== null;
  const all = last.iv30 === null ? history : [...history, last.iv30];
  const rr25 = last.iv25dCall !== null && last.iv25dPut !== null ? last.iv25dCall - last.iv25dPut : null;
  const bf25 = last.iv25dCall !== null && last.iv25dPut !== null && last.iv30 !== null ? (last.iv25dCall + last.iv25dPut) / 2 - last.iv30 : null;
  const inWindow = last.nextEarnings !== null && last.nextEarnings >= today && daysFrom(today, last.nextEarnings) <= 30;
  return {
    iv30: last.iv30,
    iv90: last.iv90,
    hv20: last.hv20,
    ivSamples: history.length,
    ivRank: enough ? ivRank(last.iv30!, history) : null,
    ivPercentile: enough ? ivPercentile(last.iv30!, history) : null,
    iv52wLow: all.length ? Math.min(...all) : null,
    iv52wHigh: all.length ? Math.max(...all) : null,
    ivHvRatio: ratio(last.iv30, last.hv20),
    termRatio: ratio(last.iv30, last.iv90),
    premiumPoints: last.iv30 !== null && last.hv20 !== null ? (last.iv30 - last.hv20) * 100 : null,
    rr25,
    bf25,
    expectedMove30: last.iv30 !== null ? expectedMove({ price: last.close, iv: last.iv30, t: T30 }) : null,
    nextEarnings: last.nextEarnings,
    earningsInIv30Window: inWindow,
  };
}

const daysFrom = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

export interface RatioReading {
  /** The session's ratio. */
  today: number | null;
  /** Mean of the last 10 sessions' ratios (a single day is noise). */
  avg10: number | null;
  /** Percentile of today's ratio against the underlying's own year. */
  percentile: number | null;
}

export interface PutCallSeriesPoint {
  date: string;
  volume: number | null;
  openInterest: number | null;
  premium: number | null;
}

export const putCallSeries = (rows: readonly DailySummary[]): PutCallSeriesPoint[] =>
  rows.map((r) => ({
    date: r.date,
    volume: ratio(r.putVolume, r.callVolume),
    openInterest: ratio(r.putOpenInterest, r.callOpenInterest),
    premium: ratio(r.putPremium, r.callPremium),
  }));

function reading(series: readonly (number | null)[]): RatioReading {
  const today = series.at(-1) ?? null;
  return { today, avg10: mean(values(series.slice(-10))), percentile: percentileAgainst(today, series.slice(0, -1)) };
}

export interface SentimentReadings {
  volume: RatioReading;
  openInterest: RatioReading;
  premium: RatioReading;
  rr25: RatioReading;
}

/** Put/call ratios (volume, open interest, premium) and the 25-delta risk reversal, today, 10-day mean and percentile. */
export function sentimentReadings(rows: readonly DailySummary[]): SentimentReadings {
  const s = putCallSeries(rows);
  return {
    volume: reading(s.map((p) => p.volume)),
    openInterest: reading(s.map((p) => p.openInterest)),
    premium: reading(s.map((p) => p.premium)),
    rr25: reading(rows.map((r) => (r.iv25dCall !== null && r.iv25dPut !== null ? r.iv25dCall - r.iv25dPut : null))),
  };
}

/** Unusual activity, Barchart's inclusion rule (Barchart, "Unusual Options Activity"): volume > 500, OI > 100, last > $0.10, volume/OI ≥ 1.25. */
export const UNUSUAL_RULE = { minVolume: 500, minOpenInterest: 100, minLast: 0.1, minVolumeOverOi: 1.25 } as const;
export function isUnusual(c: { volume: number | null; open_interest: number | null; last: number | null }): boolean {
  const v = c.volume ?? 0;
  const oi = c.open_interest ?? 0;
  return v > UNUSUAL_RULE.minVolume && oi > UNUSUAL_RULE.minOpenInterest && (c.last ?? 0) > UNUSUAL_RULE.minLast && v / oi >= UNUSUAL_RULE.minVolumeOverOi;
}

export interface HeatCell {
  value: number | null;
  /** Against the underlying's own year: 50 is what is normal for it. */
  percentile: number | null;
}

export const HEATMAP_COLUMNS = ['pcVolume', 'pcOpenInterest', 'rr25', 'ivRank', 'ivChange1d', 'priceChange1d', 'volumeVs20d'] as const;
export type HeatmapColumn = (typeof HEATMAP_COLUMNS)[number];

/** One underlying's row of the sentiment heatmap (no fixed thresholds): each metric with its percentile against its own year. */
export function heatmapCells(rows: readonly DailySummary[]): Record<HeatmapColumn, HeatCell> {
  const s = putCallSeries(rows);
  const rr = rows.map((r) => (r.iv25dCall !== null && r.iv25dPut !== null ? r.iv25dCall - r.iv25dPut : null));
  const diff = (xs: readonly (number | null)[]) => xs.map((x, i) => (i === 0 || x === null || xs[i - 1] === null ? null : x - xs[i - 1]!));
  const ivChange = diff(rows.map((r) => r.iv30));
  const priceChange = rows.map((r, i) => (i === 0 ? null : r.close / rows[i - 1]!.close - 1));
  const volumeVs20 = rows.map((r, i) => {
    const prior = values(rows.slice(Math.max(0, i - 20), i).map((x) => (x.putVolume !== null && x.callVolume !== null ? x.putVolume + x.callVolume : null)));
    const total = r.putVolume !== null && r.callVolume !== null ? r.putVolume + r.callVolume : null;
    const avg = mean(prior);
    return total !== null && avg ? total / avg : null;
  });
  const cell = (series: readonly (number | null)[]): HeatCell => ({
    value: series.at(-1) ?? null,
    percentile: percentileAgainst(series.at(-1) ?? null, series.slice(0, -1)),
  });
  const m = volatilityMetrics(rows, rows.at(-1)!.date);
  return {
    pcVolume: cell(s.map((p) => p.volume)),
    pcOpenInterest: cell(s.map((p) => p.openInterest)),
    rr25: cell(rr),
    // IV rank is itself a position in the year; its colour is the IV percentile.
    ivRank: { value: m.ivRank, percentile: m.ivPercentile },
    ivChange1d: cell(ivChange),
    priceChange1d: cell(priceChange),
    volumeVs20d: cell(volumeVs20),
  };
}
