import {
  CalibrationSchema,
  DemoAccountSchema,
  MarketDetailSchema,
  MarketsListSchema,
  type MarketRowSchema,
  type MarketSummarySchema,
} from '@shared/prediction/prediction.api';
import type { z } from 'zod';

/**
 * Answers of the prediction API as the contract shapes them: each fixture is parsed with the contract's schema, so a
 * change of the contract breaks these tests rather than leaving them testing a shape the server no longer sends.
 */
type Summary = z.infer<typeof MarketSummarySchema>;
type Row = z.infer<typeof MarketRowSchema>;

/** A market as a row of the list: without the rule, source and void time its page shows. */
const row = ({ rule: _rule, source: _source, voidsAt: _voidsAt, ...rest }: Summary): Row => rest;

export const MARKET_ID = 'SPY-2026-12-18-ABOVE-600';
export const LADDER_ID = 'SPY-2026-12-18-RANGE';
const AS_OF = '2026-11-27T21:30:00.000Z';
const CLOSES = '2026-12-18T21:00:00.000Z';
const VOIDS = '2026-12-23T21:00:00.000Z';
const RULE =
  "Resolves YES if SPY's official closing price on Fri, Dec 18, 2026 is at or above 600, and NO otherwise. A close exactly at 600 counts as above it.";
const SOURCE = "SPY's official closing price for Fri, Dec 18, 2026, as stored in Options Academy's market data (provider: simulated).";

export function summary(over: Partial<Summary> = {}): Summary {
  return {
    id: MARKET_ID,
    underlying: 'SPY',
    expiration: '2026-12-18',
    kind: 'above',
    lower: 600,
    upper: null,
    question: 'Will SPY close above 600 on Dec 18, 2026?',
    label: '600 or above',
    closesAt: CLOSES,
    voidsAt: VOIDS,
    rule: RULE,
    source: SOURCE,
    // YES bids up to 40¢; NO bids up to 57¢, so the YES ask is 100 − 57 = 43¢ and the mid 41.5¢.
    quote: { yesBid: 40, yesAsk: 43, noBid: 57, noAsk: 60 },
    yesPrice: 41.5,
    change: 1.5,
    volume: 120,
    resolution: { status: 'open' },
    asOf: AS_OF,
    ...over,
  };
}

const bucket = (lower: number | null, upper: number | null, yesPrice: number): Summary =>
  summary({
    id: `SPY-2026-12-18-RANGE-${lower ?? 'MIN'}-${upper ?? 'MAX'}`,
    kind: 'between',
    lower,
    upper,
    question: `Will SPY close ${lower === null ? `below ${upper}` : upper === null ? `at or above ${lower}` : `from ${lower} to below ${upper}`} on Dec 18, 2026?`,
    label: lower === null ? `Below ${upper}` : upper === null ? `${lower} or above` : `${lower} to ${upper! - 0.01}`,
    yesPrice,
    quote: { yesBid: Math.floor(yesPrice) - 1, yesAsk: Math.ceil(yesPrice) + 1, noBid: 99 - Math.ceil(yesPrice), noAsk: 101 - Math.floor(yesPrice) },
  });

const BUCKETS = [bucket(null, 590, 30), bucket(590, 600, 28.5), bucket(600, 610, 26), bucket(610, null, 15.5)];

export const marketsList = () =>
  MarketsListSchema.parse({
    demo: true,
    madeAt: AS_OF,
    provider: 'simulated',
    underlyings: ['SPY', 'QQQ'],
    underlying: 'SPY',
    groups: [
      {
        underlying: 'SPY',
        expiration: '2026-12-18',
        closesAt: CLOSES,
        source: SOURCE,
        above: [
          row(summary({ id: 'SPY-2026-12-18-ABOVE-590', label: '590 or above', question: 'Will SPY close above 590 on Dec 18, 2026?', yesPrice: 69.5 })),
          row(summary()),
        ],
        ladder: { id: LADDER_ID, question: 'Where will SPY close on Dec 18, 2026?', buckets: BUCKETS.map(row) },
      },
    ],
  });

const figure = (method: 'atm-iv' | 'strike-iv' | 'call-spread', label: string, value: number, formula: string) => ({
  method,
  label,
  value,
  formula,
  inputs: [
    { name: 'S', value: 596.2 },
    { name: 'K', value: 600 },
    { name: 'T', value: 0.0575 },
  ],
  asOf: AS_OF,
  ...(method === 'call-spread' ? { note: "The chain's prices are American-style, so the call spread is computed from European prices." } : {}),
});

export const marketDetail = (over: Partial<Summary> = {}) =>
  MarketDetailSchema.parse({
    demo: true,
    market: summary(over),
    book: {
      yes: [
        { price: 38, count: 150 },
        { price: 39, count: 90 },
        { price: 40, count: 60 },
      ],
      no: [
        { price: 55, count: 140 },
        { price: 56, count: 80 },
        { price: 57, count: 50 },
      ],
    },
    fairValues: {
      atmIv: figure('atm-iv', 'e^(−rT)·N(d₂) at the ATM IV', 0.405, 'D(K) = e^(−rT)·N(d₂)'),
      strikeIv: figure('strike-iv', "e^(−rT)·N(d₂) at the strike's own IV", 0.398, 'D(K) = e^(−rT)·N(d₂), σ = σ(K)'),
      callSpread: figure('call-spread', 'Call-spread digital from European prices at each strike’s IV', 0.412, 'D(K) = [C(K − h) − C(K + h)] / 2h'),
    },
    model: { spot: 596.2, atmIv: 0.152, r: 0.043, q: 0.012, T: 0.0575, asOf: AS_OF },
    ladder: null,
    feeFormula: 'fee = round up to the cent of 0.07 × C × P × (1 − P), C contracts at P dollars',
  });

export const ladderDetail = () =>
  MarketDetailSchema.parse({
    ...marketDetail(),
    market: BUCKETS[0],
    ladder: {
      id: LADDER_ID,
      question: 'Where will SPY close on Dec 18, 2026?',
      bars: BUCKETS.map((b, i) => ({
        marketId: b.id,
        label: b.label,
        lower: b.lower,
        upper: b.upper,
        market: b.yesPrice / 100,
        implied: [0.31, 0.28, 0.25, 0.16][i],
        lognormal: [0.27, 0.31, 0.28, 0.14][i],
      })),
    },
  });

export const demoAccount = (over: Partial<z.input<typeof DemoAccountSchema>> = {}) =>
  DemoAccountSchema.parse({
    demo: true,
    balance: 100_000,
    startingBalance: 100_000,
    held: 0,
    positions: [],
    openOrders: [],
    recentOrders: [],
    settlements: [],
    createdAt: '2026-11-27T15:00:00.000Z',
    resetAt: null,
    ...over,
  });

export const order = (over: Record<string, unknown> = {}) => ({
  id: '01KORDER000000000000000001',
  clientOrderId: 'pm-00000000-0000-0000-0000-000000000001',
  marketId: MARKET_ID,
  question: 'Will SPY close above 600 on Dec 18, 2026?',
  side: 'yes' as const,
  action: 'buy' as const,
  type: 'market' as const,
  count: 10,
  limitPrice: null,
  filledCount: 10,
  avgFillPrice: 43,
  fee: 18,
  status: 'filled' as const,
  createdAt: '2026-11-28T15:00:00.000Z',
  updatedAt: '2026-11-28T15:00:00.000Z',
  ...over,
});

export const emptyCalibration = () => CalibrationSchema.parse({ demo: true, settledMarkets: 0, buckets: [], from: null, to: null });

export const calibration = () =>
  CalibrationSchema.parse({
    demo: true,
    settledMarkets: 14,
    buckets: [
      { from: 0, to: 0.1, count: 5, yes: 0, meanImplied: 0.05 },
      { from: 0.1, to: 0.2, count: 0, yes: 0, meanImplied: null },
      { from: 0.4, to: 0.5, count: 4, yes: 2, meanImplied: 0.44 },
      { from: 0.9, to: 1, count: 5, yes: 5, meanImplied: 0.95 },
    ],
    from: '2026-11-20',
    to: '2026-11-27',
  });
