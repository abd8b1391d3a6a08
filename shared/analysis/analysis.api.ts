import { z } from 'zod';
import { defineApi, type Equal, type Expect } from '../api/contract';
import { DailySummarySchema } from '../metrics/daily-summary';
import type { EventAnalysis } from './events';
import type { HeatCell, PutCallSeriesPoint, RatioReading, VolatilityMetrics } from './history-metrics';
import type { RegimeDay } from './regime-history';

/**
 * The market-analysis area's end-of-day routes (issue 22): public, computed from the daily summaries (`SUM#<und>`) and
 * the latest stored chains, cacheable until the next ingestion (ETag and Cache-Control; CloudFront caches these paths,
 * infra/stacks/web-stack.ts). An underlying the academy does not track answers 404.
 */
const Underlying = z.string().regex(/^[A-Za-z][A-Za-z.]{0,9}$/, 'must be a ticker symbol such as SPY');
const Source = z.enum(['live', 'demo']);
const N = z.number().nullable();

/** Every answer says what it is about and as of which session. */
const Header = z.object({
  underlying: z.string(),
  name: z.string(),
  sector: z.string(),
  source: Source,
  /** The session (yyyy-mm-dd) the figures are as of: end-of-day data. */
  asOf: z.string(),
  /** Sessions of history stored (a year is 252; IV rank and percentile need 60). */
  sessions: z.number(),
});

export const VolatilityMetricsSchema = z.object({
  iv30: N,
  iv90: N,
  hv20: N,
  ivSamples: z.number(),
  ivRank: N,
  ivPercentile: N,
  iv52wLow: N,
  iv52wHigh: N,
  ivHvRatio: N,
  termRatio: N,
  premiumPoints: N,
  rr25: N,
  bf25: N,
  expectedMove30: N,
  nextEarnings: z.string().nullable(),
  earningsInIv30Window: z.boolean(),
});

export const SummaryResponse = Header.extend({ latest: DailySummarySchema, metrics: VolatilityMetricsSchema, history: z.array(DailySummarySchema) });

const Reading = z.object({ today: N, avg10: N, percentile: N });
const SeriesPoint = z.object({ date: z.string(), volume: N, openInterest: N, premium: N });
export const SentimentResponse = Header.extend({
  readings: z.object({ volume: Reading, openInterest: Reading, premium: Reading, rr25: Reading }),
  totals: z.object({ putVolume: N, callVolume: N, putOpenInterest: N, callOpenInterest: N, putPremium: N, callPremium: N }),
  skew: z.object({ atm: N, call25: N, put25: N, rr25: N, bf25: N }),
  series: z.array(SeriesPoint),
  expiries: z.array(
    z.object({
      expiration: z.string(),
      dte: z.number(),
      type: z.string(),
      putVolume: z.number(),
      callVolume: z.number(),
      pcVolume: N,
      putOpenInterest: z.number(),
      callOpenInterest: z.number(),
      pcOpenInterest: N,
      atmIv: N,
    }),
  ),
  unusual: z.array(
    z.object({
      contract: z.string(),
      type: z.enum(['call', 'put']),
      strike: z.number(),
      expiration: z.string(),
      volume: z.number(),
      openInterest: z.number(),
      last: z.number(),
      volumeOverOi: z.number(),
      iv: N,
      delta: N,
    }),
  ),
});

const ExpiryPointSchema = z.object({ expiration: z.string(), T: z.number(), atmIv: z.number(), strike: z.number(), straddle: N });
export const EventAnalysisSchema = z.object({
  next: z.object({ reportDate: z.string(), eventSession: z.string(), daysUntil: z.number() }).nullable(),
  implied: z
    .object({
      method: z.enum(['two-post-event', 'pre-and-post']),
      front: ExpiryPointSchema,
      back: ExpiryPointSchema,
      diffusiveVol: z.number(),
      eventVariance: z.number(),
      eventMove: z.number(),
      meanAbsoluteMove: z.number(),
      straddleMove: N,
      expectedIvAfter: z.number(),
    })
    .nullable(),
  refusal: z.object({ code: z.enum(['no-earnings', 'no-bracketing-expiry', 'no-event-premium']), message: z.string() }).nullable(),
  past: z.array(z.object({ reportDate: z.string(), eventSession: z.string(), move: z.number() })),
  avgAbsMove4: N,
  avgAbsMove12: N,
});
export const EventsResponse = Header.extend({
  price: z.number(),
  rate: z.number(),
  dividendYield: z.number(),
  exercise: z.enum(['american', 'european']),
  analysis: EventAnalysisSchema,
  /** Every expiry's ATM point within the term structure read (for the page's term-structure table). */
  termStructure: z.array(ExpiryPointSchema),
});

const RegimeDaySchema = z.object({
  date: z.string(),
  close: z.number(),
  sma50: z.number(),
  sma200: z.number(),
  ivRank: z.number(),
  termRatio: z.number(),
  iv30: z.number(),
  iv90: z.number(),
  hv20: z.number(),
  trend: z.enum(['up', 'down', 'range']),
  volState: z.enum(['low', 'normal', 'high']),
  premium: z.enum(['rich', 'fair', 'cheap']),
  raw: z.string(),
  label: z.string(),
});
export const RegimeResponse = Header.extend({
  today: RegimeDaySchema.nullable(),
  /** The first session of the label's current run. */
  labelSince: z.string().nullable(),
  /** How many sessions in a row the label has held, counting today. */
  labelSessions: z.number().int().min(0).nullable(),
  strip: z.array(RegimeDaySchema),
  /** Why there is no regime yet (under 200 closes or 60 IV samples), else null. */
  unavailable: z.string().nullable(),
});

const Cell = z.object({ value: N, percentile: N });
export const HeatmapResponse = z.object({
  asOf: z.string().nullable(),
  source: Source,
  rows: z.array(
    z.object({
      underlying: z.string(),
      name: z.string(),
      sector: z.string(),
      asOf: z.string(),
      cells: z.object({ pcVolume: Cell, pcOpenInterest: Cell, rr25: Cell, ivRank: Cell, ivChange1d: Cell, priceChange1d: Cell, volumeVs20d: Cell }),
    }),
  ),
});

const params = z.object({ underlying: Underlying });

export const analysisApi = defineApi({
  'GET /api/analysis/{underlying}/summary': {
    auth: 'public',
    summary: "An underlying's daily summaries over the kept year and its volatility metrics (IV rank and percentile, HV20, term structure, skew)",
    params,
    response: SummaryResponse,
    errors: [404],
  },
  'GET /api/analysis/{underlying}/sentiment': {
    auth: 'public',
    summary: 'Put/call ratios (volume, open interest, premium) against the underlying’s own year, per-expiry table, skew and unusual activity',
    params,
    response: SentimentResponse,
    errors: [404],
  },
  'GET /api/analysis/{underlying}/events': {
    auth: 'public',
    summary: 'The next earnings report, its move implied by the term structure and the straddle, and the realized moves of past reports',
    params,
    response: EventsResponse,
    errors: [404],
  },
  'GET /api/analysis/{underlying}/regime': {
    auth: 'public',
    summary: 'The market regime (trend, volatility state, volatility premium) with a 3-session hysteresis, and the strip of past labels',
    params,
    response: RegimeResponse,
    errors: [404],
  },
  'GET /api/analysis/heatmap': {
    auth: 'public',
    summary: 'Every tracked underlying’s sentiment metrics as percentiles against its own year, grouped by sector',
    response: HeatmapResponse,
  },
});

// The answers are the analysis functions' own types, field for field.
type _Metrics = Expect<Equal<z.infer<typeof VolatilityMetricsSchema>, VolatilityMetrics>>;
type _Reading = Expect<Equal<z.infer<typeof Reading>, RatioReading>>;
type _Series = Expect<Equal<z.infer<typeof SeriesPoint>, PutCallSeriesPoint>>;
type _Event = Expect<Equal<z.infer<typeof EventAnalysisSchema>, EventAnalysis>>;
type _Regime = Expect<Equal<z.infer<typeof RegimeDaySchema>, RegimeDay>>;
type _Cell = Expect<Equal<z.infer<typeof Cell>, HeatCell>>;
