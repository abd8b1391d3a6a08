import { barSummary, type DailySummary } from '../metrics/daily-summary';
import type { OptionBarRow, StockBarRow, UploadKind, UploadRow } from './rows';

/**
 * What an uploaded row stores: the fields of a daily bar (open, high, low, close, volume) every reader of bars knows,
 * plus, for an option, the specification's quote and greeks. An option bar of the specification has one price, the
 * last trade: its open, high, low and close are that price, so the readers of bars see a flat bar.
 */
export type BarFields = Record<string, string | number | null>;

export function barFields(kind: UploadKind, row: UploadRow): { ticker: string; date: string; fields: BarFields } {
  if (kind === 'stock') {
    const r = row as StockBarRow;
    return { ticker: r.ticker, date: r.date, fields: { date: r.date, open: r.open, high: r.high, low: r.low, close: r.close, volume: r.volume } };
  }
  const r = row as OptionBarRow;
  return {
    ticker: r.contract_ticker,
    date: r.date,
    fields: {
      date: r.date,
      open: r.last,
      high: r.last,
      low: r.last,
      close: r.last,
      volume: r.volume,
      underlying: r.underlying_ticker,
      bid: r.bid,
      ask: r.ask,
      last: r.last,
      openInterest: r.open_interest,
      impliedVolatility: r.implied_volatility,
      delta: r.delta,
      gamma: r.gamma,
      theta: r.theta,
      vega: r.vega,
    },
  };
}

/**
 * Whether an upload must write a row over what is stored. It differs when nothing is stored, when the stored bar came
 * from the scheduled ingestion (the upload then makes it an uploaded bar, kept for good), or when any field's value
 * differs. The upload that stored it first is not a difference: the same file twice changes nothing.
 */
export function differs(stored: Readonly<Record<string, unknown>> | undefined, fields: BarFields): boolean {
  if (!stored || stored.origin !== 'upload') return true;
  return Object.entries(fields).some(([k, v]) => (stored[k] ?? null) !== v);
}

/**
 * The daily summaries an upload of stock bars refreshes. For each uploaded date: the stored summary keeps its option
 * figures and takes the bar's close and volume; a date without a summary gets one from the bar alone (the same row a
 * provider's backfilled day has). HV20 is recomputed from the closes up to that date, the uploaded ones replacing the
 * stored ones. `stored` holds the underlying's summaries from at least 30 sessions before the first uploaded date.
 */
export function refreshedSummaries(underlying: string, stored: readonly DailySummary[], bars: readonly StockBarRow[]): DailySummary[] {
  const byDate = new Map(stored.map((s) => [s.date, s]));
  const uploaded = new Map(bars.map((b) => [b.date, b]));
  const dates = [...new Set([...byDate.keys(), ...uploaded.keys()])].sort();
  const closeOf = (d: string) => uploaded.get(d)?.close ?? byDate.get(d)!.close;
  return dates.flatMap((date, i) => {
    const bar = uploaded.get(date);
    if (!bar) return [];
    const closes = dates.slice(0, i + 1).map(closeOf);
    const base = barSummary({ underlying, date, close: bar.close, volume: bar.volume, closes });
    const before = byDate.get(date);
    return [before ? { ...before, close: bar.close, volume: bar.volume, hv20: base.hv20 } : base];
  });
}
