import { z } from 'zod';
import { defineApi } from '../api/contract';

/**
 * The screener's and the chain-based analysis pages' routes (issue 22): POST /api/analysis/screener (public; the
 * filters in the body), saved screens per learner, GET /api/analysis/{underlying}/arbitrage and /surface (public,
 * end-of-day, cacheable until the next ingestion). Filters follow Barchart's options screener and OptionStrat's optimizer.
 */
const Range = z
  .object({
    min: z.number().finite().optional(),
    max: z.number().finite().optional(),
  })
  .strict()
  .refine((r) => r.min === undefined || r.max === undefined || r.min <= r.max, 'min must not be above max');
export type Range = z.infer<typeof Range>;

const Ticker = z.string().regex(/^[A-Z][A-Z.]{0,9}$/, 'must be an upper-case ticker such as SPY');

export const SCREENER_PRESETS = ['none', 'covered-call', 'cash-secured-put', 'credit-spread', 'cheap-long-call'] as const;
export type ScreenerPreset = (typeof SCREENER_PRESETS)[number];

export const SORT_FIELDS = [
  'underlying',
  'expiration',
  'dte',
  'strike',
  'bid',
  'ask',
  'mid',
  'spreadPct',
  'volume',
  'openInterest',
  'volOi',
  'iv',
  'delta',
  'thetaPerDay',
  'extrinsicPct',
  'moneynessPct',
  'breakevenPct',
  'pop',
  'staticReturn',
  'ifCalledReturn',
  'annualizedReturn',
  'returnOnRisk',
  'ivVsIv30',
] as const;
export type SortField = (typeof SORT_FIELDS)[number];

/** Most rows a page answers (the CSV export asks for one page of this size). */
export const MAX_PAGE_SIZE = 500;
/** Most saved screens a learner keeps. */
export const MAX_SAVED_SCREENS = 20;

/**
 * The liquidity filters on unless a query turns them off: bid at least $0.05, open interest at least 100, and a
 * spread of at most 10% of the mid, as OptionStrat's and Barchart's screeners drop such contracts: thin ones
 * otherwise top any screen with prices nobody can trade at.
 */
export const DEFAULT_LIQUIDITY = { bidMin: 0.05, openInterestMin: 100, spreadPctMax: 10 } as const;

export const ContractFilters = z
  .object({
    types: z
      .array(z.enum(['call', 'put']))
      .min(1, 'pick calls, puts or both')
      .max(2),
    /** Which side the row is priced for: a buyer pays the ask, a seller receives the bid. */
    side: z.enum(['buy', 'sell']),
    dte: Range.optional(),
    /** Out-of-the-money distance, % of the price: (K − S)/S for calls, (S − K)/S for puts; negative in the money. */
    moneynessPct: Range.optional(),
    /** |Δ|, 0 to 1, for calls and puts alike. */
    absDelta: Range.optional(),
    /**
     * The liquidity filters hold unless a query says otherwise: left out, each takes its default (bid ≥ $0.05,
     * open interest ≥ 100, spread ≤ 10% of mid); `null` turns one off, as does 0 for the two minimums.
     */
    bidMin: z.number().min(0).max(100_000).nullable().default(DEFAULT_LIQUIDITY.bidMin).describe('Default 0.05; null or 0 turns it off.'),
    /** (ask − bid) / mid × 100. */
    spreadPctMax: z
      .number()
      .min(0)
      .max(1000)
      .nullable()
      .default(DEFAULT_LIQUIDITY.spreadPctMax)
      .describe('(ask − bid) / mid × 100. Default 10; null turns it off.'),
    openInterestMin: z.number().int().min(0).nullable().default(DEFAULT_LIQUIDITY.openInterestMin).describe('Default 100; null or 0 turns it off.'),
    volumeMin: z.number().int().min(0).optional(),
    volOiMin: z.number().min(0).optional(),
    /** IV in percent (25 = 25%). */
    ivPct: Range.optional(),
    /** θ in dollars a day for one contract (100 shares); negative for a holder. */
    thetaPerDay: Range.optional(),
    extrinsicPct: Range.optional(),
    /** The move, % of the price, the position needs in its favour to break even (negative: a cushion). */
    breakevenPct: Range.optional(),
    /** Probability of profit at expiry, percent. */
    popPctMin: z.number().min(0).max(100).optional(),
    /** Credit spreads: the width in dollars; by default the first listed strike at least 1% of the price further out. */
    spreadWidth: z.number().positive().max(10_000).optional(),
  })
  .strict();
export type ContractFilters = z.infer<typeof ContractFilters>;

export const UnderlyingFilters = z
  .object({
    tickers: z.array(Ticker).max(50).optional(),
    price: Range.optional(),
    /** IV30 in percent. */
    iv30Pct: Range.optional(),
    ivRank: Range.optional(),
    ivPercentile: Range.optional(),
    /** HV20 in percent. */
    hv20Pct: Range.optional(),
    ivHv: Range.optional(),
    putCallRatio: Range.optional(),
    earningsWithinDays: z.number().int().min(0).max(365).optional(),
  })
  .strict();
export type UnderlyingFilters = z.infer<typeof UnderlyingFilters>;

export const ScreenerQuery = z
  .object({
    preset: z.enum(SCREENER_PRESETS).default('none'),
    contract: ContractFilters,
    underlying: UnderlyingFilters.default({}),
    sort: z.object({ field: z.enum(SORT_FIELDS), dir: z.enum(['asc', 'desc']) }).strict(),
    page: z.number().int().min(1).max(10_000).default(1),
    pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE, `at most ${MAX_PAGE_SIZE} rows a page`).default(50),
  })
  .strict();
export type ScreenerQuery = z.infer<typeof ScreenerQuery>;
export type ScreenerQueryInput = z.input<typeof ScreenerQuery>;

const ScreenerLeg = z.object({
  action: z.enum(['buy', 'sell']),
  optionType: z.enum(['call', 'put']),
  strike: z.number(),
  expiration: z.string(),
  contractTicker: z.string(),
  /** The price the leg is taken at: the ask for a buy, the bid for a sell. */
  premium: z.number(),
});

const n = z.number().nullable();
export const ScreenerRow = z.object({
  id: z.string(),
  strategy: z.enum(['long-call', 'long-put', 'short-call', 'short-put', 'covered-call', 'cash-secured-put', 'bull-put-spread', 'bear-call-spread']),
  /** The builder template the row opens as. */
  template: z.string(),
  underlying: z.string(),
  price: z.number(),
  expiration: z.string(),
  dte: z.number(),
  type: z.enum(['call', 'put']),
  strike: z.number(),
  contract: z.string(),
  legs: z.array(ScreenerLeg),
  bid: n,
  ask: n,
  mid: n,
  spreadPct: n,
  volume: n,
  openInterest: n,
  volOi: n,
  iv: n,
  delta: n,
  thetaPerDay: n,
  extrinsicPct: n,
  moneynessPct: z.number(),
  breakeven: n,
  breakevenPct: n,
  pop: n,
  ivVsIv30: n,
  staticReturn: n,
  ifCalledReturn: n,
  annualizedReturn: n,
  credit: n,
  width: n,
  maxLoss: n,
  returnOnRisk: n,
});
export type ScreenerRow = z.infer<typeof ScreenerRow>;

export const UnderlyingStatsSchema = z.object({
  ticker: z.string(),
  name: z.string(),
  sector: z.string(),
  price: z.number(),
  asOf: z.string(),
  iv30: n,
  ivRank: n,
  ivPercentile: n,
  hv20: n,
  ivHv: n,
  putCallRatio: n,
  earningsDate: z.string().nullable(),
  daysToEarnings: n,
  /** Daily summaries stored so far (IV rank and percentile need at least 60). */
  historyDays: z.number(),
});
export type UnderlyingStats = z.infer<typeof UnderlyingStatsSchema>;

export const ScreenerResult = z.object({
  asOf: z.string(),
  source: z.enum(['live', 'demo']),
  rates: z.object({ riskFree: z.number() }),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  rows: z.array(ScreenerRow),
  underlyings: z.array(UnderlyingStatsSchema),
  /** Why some filters could not be applied (history still building), for the page. */
  notes: z.array(z.string()),
});
export type ScreenerResult = z.infer<typeof ScreenerResult>;

// Bounded before it is trimmed, so the API document's maxLength holds for what the handler takes.
const ScreenName = z.string().max(60, 'at most 60 characters').trim().min(1, 'name the screen');
export const SavedScreen = z.object({ id: z.string(), name: z.string(), query: ScreenerQuery, createdAt: z.string() });
export type SavedScreen = z.infer<typeof SavedScreen>;
const ScreenId = z.object({ id: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'must be a screen id') });

const UnderlyingParam = z.object({ underlying: z.string().regex(/^[A-Za-z][A-Za-z.]{0,9}$/, 'must be a ticker such as SPY') });

export const ArbitrageReason = z.enum(['EARLY_EXERCISE_RISK', 'EX_DIV_BEFORE_EXPIRY', 'STALE_QUOTES', 'WIDE_SPREAD', 'PIN_RISK']);
const ArbitrageHit = z.object({
  kind: z.enum(['conversion', 'reversal', 'long-box', 'short-box']),
  expiration: z.string(),
  days: z.number(),
  strikes: z.array(z.number()),
  /** The legs at the prices taken (bid to sell, ask to buy); the stock's first when there is one. */
  legs: z.array(z.object({ action: z.enum(['buy', 'sell']), instrument: z.string(), price: z.number() })),
  /** Edge per share at mids: what a model sees, not what can be traded. */
  theoreticalEdge: z.number(),
  /** Edge per share at bid and ask, after the present values of strike and dividends and the fees. */
  executableEdge: z.number(),
  fees: z.number(),
  capital: z.number(),
  /** Executable edge / capital, a year: what it earns above the risk-free financing already deducted. */
  annualizedExcess: z.number(),
  reasons: z.array(ArbitrageReason),
});
export type ArbitrageHitView = z.infer<typeof ArbitrageHit>;

const ParityRow = z.object({
  expiration: z.string(),
  days: z.number(),
  strike: z.number(),
  callMid: n,
  putMid: n,
  /** C − P at mids. */
  observed: n,
  /** S − PV(D) − K e^(−rT), the European parity value. */
  parity: z.number(),
  /** The bounds of C − P: the parity value twice for European options; S − PV(D) − K and S − K e^(−rT) for American. */
  lower: z.number(),
  upper: z.number(),
  /** How far the mid C − P lies outside the bounds, per share (0 inside; European: observed − parity). */
  deviation: n,
  conversionEdge: n,
  reversalEdge: n,
});

export const ArbitrageResult = z.object({
  underlying: z.string(),
  price: z.number(),
  asOf: z.string(),
  source: z.enum(['live', 'demo']),
  exercise: z.enum(['american', 'european']),
  inputs: z.object({
    riskFree: z.number(),
    dividendYield: z.number(),
    dividends: z.array(z.object({ exDate: z.string(), amount: z.number() })),
    feePerContract: z.number(),
    feePerShare: z.number(),
    stockHalfSpread: z.number(),
  }),
  hits: z.array(ArbitrageHit),
  /** Every expiry scanned; the parity table is of one of them (`?expiry=`, else the first at least 20 days out). */
  expiries: z.array(z.string()),
  parityExpiry: z.string().nullable(),
  parity: z.array(ParityRow),
  scanned: z.object({ expiries: z.number(), strikes: z.number(), boxes: z.number() }),
});
export type ArbitrageResult = z.infer<typeof ArbitrageResult>;

export const SurfaceResult = z.object({
  underlying: z.string(),
  price: z.number(),
  asOf: z.string(),
  source: z.enum(['live', 'demo']),
  iv30: n,
  iv90: n,
  term: z.array(z.object({ expiration: z.string(), days: z.number(), atmIv: z.number(), totalVariance: z.number() })),
  skew: z.array(
    z.object({
      expiration: z.string(),
      days: z.number(),
      atmIv: n,
      call25: n,
      put25: n,
      riskReversal: n,
      butterfly: n,
      smile: z.array(z.object({ strike: z.number(), iv: z.number() })),
    }),
  ),
  grid: z.object({
    moneyness: z.array(z.number()),
    rows: z.array(z.object({ expiration: z.string(), days: z.number(), cells: z.array(n) })),
  }),
  cone: z.array(z.object({ expiration: z.string(), days: z.number(), atmIv: z.number(), move: z.number(), low: z.number(), high: z.number() })),
  /** IV30 against HV20 over the year, from the daily summary; null until that history exists. */
  history: z.object({ dates: z.array(z.string()), iv30: z.array(n), hv20: z.array(n) }).nullable(),
  historyNote: z.string().nullable(),
});
export type SurfaceResult = z.infer<typeof SurfaceResult>;

export const screenerApi = defineApi({
  'POST /api/analysis/screener': {
    auth: 'public',
    summary: "Screen every tracked underlying's whole chain set (end-of-day): filters, preset, sort and one page of rows",
    body: ScreenerQuery,
    response: ScreenerResult,
  },
  'GET /api/analysis/screener/screens': {
    auth: 'user',
    summary: "The learner's saved screens, newest first",
    response: z.object({ screens: z.array(SavedScreen) }),
  },
  'POST /api/analysis/screener/screens': {
    auth: 'user',
    summary: `Save a screen (at most ${MAX_SAVED_SCREENS} a learner)`,
    body: z.object({ name: ScreenName, query: ScreenerQuery }).strict(),
    response: z.object({ screen: SavedScreen }),
    status: 201,
    errors: [409],
  },
  'DELETE /api/analysis/screener/screens/{id}': { auth: 'user', summary: 'Delete a saved screen', params: ScreenId, status: 204, errors: [404] },
  'GET /api/analysis/{underlying}/arbitrage': {
    auth: 'public',
    query: z.object({
      expiry: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date in the form YYYY-MM-DD')
        .optional(),
    }),
    summary: 'Put-call parity, conversions, reversals and boxes at bid and ask with reason codes (educational: end-of-day quotes are not executable)',
    params: UnderlyingParam,
    response: ArbitrageResult,
    errors: [404],
  },
  'GET /api/analysis/{underlying}/surface': {
    auth: 'public',
    summary: 'The volatility surface: term structure, skew per expiry, the surface grid and the expected-move cone',
    params: UnderlyingParam,
    response: SurfaceResult,
    errors: [404],
  },
});
