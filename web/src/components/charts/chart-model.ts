import {
  chartDays,
  chartFacts,
  earningsMarkers,
  expectedMoveCone,
  simpleMovingAverage,
  volatilitySeries,
  type ChartDay,
  type ChartFacts,
  type ConePoint,
  type EarningsMarker,
  type SeriesPoint,
  type VolatilityPoint,
} from '@shared/analysis/price-chart';
import type { DailyBar } from '@shared/market/market-data.port';
import type { DailySummary } from '@shared/metrics/daily-summary';

/** What the price chart draws and its text summary reads, all from one underlying's stored end-of-day data. */
export interface ChartModel {
  ticker: string;
  /** The session of the last close (end-of-day data). */
  asOf: string;
  source: 'live' | 'demo';
  days: ChartDay[];
  sma20: SeriesPoint[];
  sma50: SeriesPoint[];
  /** The ±1σ cone of the selected expiry, with the IV it is drawn from; null without an expiry or its IV. */
  cone: { expiration: string; iv: number; points: ConePoint[] } | null;
  volatility: VolatilityPoint[];
  earnings: EarningsMarker[];
  facts: ChartFacts;
}

export interface ChartInput {
  ticker: string;
  source: 'live' | 'demo';
  summaries: readonly DailySummary[];
  bars: readonly DailyBar[];
  cone: { expiration: string; iv: number } | null;
}

/** The model, or null when there is no session to draw. */
export function buildChartModel({ ticker, source, summaries, bars, cone }: ChartInput): ChartModel | null {
  const days = chartDays(summaries, bars);
  const last = days.at(-1);
  if (!last) return null;
  const points = cone ? expectedMoveCone({ lastDate: last.date, lastClose: last.close, expiration: cone.expiration, iv: cone.iv }) : [];
  const to = points.at(-1)?.date ?? last.date;
  const facts = chartFacts(days, points)!;
  return {
    ticker,
    asOf: last.date,
    source,
    days,
    sma20: simpleMovingAverage(days, 20),
    sma50: simpleMovingAverage(days, 50),
    cone: cone && points.length > 1 ? { ...cone, points } : null,
    volatility: volatilitySeries(summaries),
    earnings: earningsMarkers(ticker, summaries, { from: days[0]!.date, to, lastSession: last.date }),
    facts,
  };
}

/** The overlays the learner turns on and off. */
export interface Overlays {
  sma20: boolean;
  sma50: boolean;
  cone: boolean;
  earnings: boolean;
  volatility: boolean;
}

export const DEFAULT_OVERLAYS: Overlays = { sma20: true, sma50: true, cone: true, earnings: true, volatility: true };

/** The chart's colours, light and dark: the app's slate, brand (emerald), sky, amber and red tokens as hex. */
export const CHART_PALETTE = {
  light: {
    background: '#ffffff',
    text: '#334155',
    grid: '#e2e8f0',
    up: '#047857',
    down: '#b91c1c',
    close: '#64748b',
    volume: '#cbd5e1',
    sma20: '#0369a1',
    sma50: '#b45309',
    cone: '#7c3aed',
    iv: '#0369a1',
    hv: '#b45309',
    earnings: '#be185d',
  },
  dark: {
    background: '#1e293b',
    text: '#cbd5e1',
    grid: '#334155',
    up: '#34d399',
    down: '#f87171',
    close: '#94a3b8',
    volume: '#475569',
    sma20: '#38bdf8',
    sma50: '#fbbf24',
    cone: '#c4b5fd',
    iv: '#38bdf8',
    hv: '#fbbf24',
    earnings: '#f9a8d4',
  },
} as const;
export type ChartPalette = (typeof CHART_PALETTE)['light'] | (typeof CHART_PALETTE)['dark'];
