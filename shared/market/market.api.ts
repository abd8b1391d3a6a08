import { z } from 'zod';
import { defineApi, type Equal, type Expect } from '../api/contract';
import type { ExpirySummary, OptionContract } from './chain';
import { isIsoDate } from './dates';
import { EXPIRY_TYPES, type ExpiryType as ExpiryTypeName } from './expirations';
import type { DailyBar } from './market-data.port';
import type { ChainView, MarketReader, ReaderAnswer } from './market-reader';
import type { MarketDataStats, StoredTicker, SyncStatus } from './market-store.port';

/**
 * Market data's HTTP API (spec part 2): the public reads (status, tickers, quotes, expiries, chain, history), the
 * learner's Sync Data, and the operator's statistics, cleanup and manual ingestion. Answers are what
 * shared/market/market-reader.ts returns, checked against its types at compile time below.
 */
const Underlying = z.string().regex(/^[A-Za-z][A-Za-z.]{0,9}$/, 'must be a ticker symbol such as SPY');
const IsoDate = z
  .string({ error: 'is required: a date in the form YYYY-MM-DD' })
  .refine(isIsoDate, 'must be a date in the form YYYY-MM-DD')
  .meta({ format: 'date', examples: ['2026-12-18'] });
const Days = z.coerce.number().int('must be a whole number of days').min(1, 'must be at least 1').max(30, 'history is kept for 30 days').default(14);
const OccContract = z.string().regex(/^(O:)?[A-Za-z][A-Za-z0-9.]{0,5}\d{6}[CPcp]\d{8}$/, 'must be an OCC option symbol such as SPY261218C00600000');
const Source = z.enum(['live', 'demo']);
const IsoTime = z.string();
const EXPIRY_TYPE_TUPLE = EXPIRY_TYPES as readonly ExpiryTypeName[] as [ExpiryTypeName, ...ExpiryTypeName[]];
const ExpiryType = z.enum(EXPIRY_TYPE_TUPLE);

export const MarketStatusSchema = z.object({
  source: Source,
  provider: z.string(),
  configured: z.boolean(),
  lastSync: IsoTime.nullable(),
  session: z.string().nullable(),
  /** Why demo data is in use, when no provider is configured. */
  reason: z.string().optional(),
});

export const TickerSchema = z.object({
  ticker: z.string(),
  name: z.string(),
  sector: z.string(),
  current_price: z.number(),
  avg_daily_volume: z.number(),
  avg_open_interest: z.number(),
  is_active: z.boolean(),
  last_update: IsoTime,
});

export const QuoteSchema = z.object({ ticker: z.string(), name: z.string(), price: z.number(), change: z.number(), changePercent: z.number(), asOf: IsoTime });

export const ExpirySummarySchema = z.object({
  expiration_date: z.string(),
  underlying_ticker: z.string(),
  expiry_type: ExpiryType,
  days_to_expiry: z.number(),
  total_call_volume: z.number(),
  total_put_volume: z.number(),
  total_call_open_interest: z.number(),
  total_put_open_interest: z.number(),
});

const num = z.number().nullable();
export const OptionContractSchema = z.object({
  contract_ticker: z.string(),
  underlying_ticker: z.string(),
  contract_type: z.enum(['call', 'put']),
  strike_price: z.number(),
  expiration_date: z.string(),
  bid: num,
  ask: num,
  last: num,
  mark: num,
  volume: num,
  open_interest: num,
  implied_volatility: num,
  delta: num,
  gamma: num,
  theta: num,
  vega: num,
  rho: num,
  intrinsic_value: z.number(),
  time_value: num,
  bid_ask_spread: num,
  last_trade_timestamp: IsoTime.nullable(),
  pricing_model: z.enum(['american', 'european']).meta({
    description:
      "The model behind IV and Greeks: 'american' (early exercise included) for American-style contracts, 'european' (Black-Scholes-Merton) for European-style ones",
  }),
});

export const ChainSchema = z.object({
  underlying: z.object({ ticker: z.string(), price: z.number(), asOf: IsoTime }),
  expiration_date: z.string(),
  expiry_type: ExpiryType,
  days_to_expiry: z.number(),
  source: Source,
  provider: z.string(),
  version: z.string(),
  contracts: z.array(OptionContractSchema),
});

export const DailyBarSchema = z.object({ date: z.string(), open: z.number(), high: z.number(), low: z.number(), close: z.number(), volume: z.number() });

export const SyncStatusSchema = z.object({
  lastSync: IsoTime.nullable(),
  session: z.string().nullable(),
  source: Source,
  provider: z.string(),
  contractsStored: z.number(),
  failures: z.array(z.object({ underlying: z.string(), error: z.string() })),
});

export const MarketDataStatsSchema = z.object({
  kinds: z.array(z.object({ kind: z.string(), count: z.number(), oldest: z.string().nullable(), newest: z.string().nullable() })),
});

const Queued = z.object({ status: z.enum(['queued', 'recent']), message: z.string() });

export const marketApi = defineApi({
  'GET /api/market/status': {
    auth: 'public',
    summary: 'Where the chain data comes from (a configured provider or the simulated market) and the last sync',
    response: MarketStatusSchema,
  },
  'GET /api/market/tickers': {
    auth: 'public',
    summary: 'The liquid underlyings with price, volume and open interest, searchable by symbol or name',
    query: z.object({ q: z.string().max(40, 'search at most 40 characters').optional() }),
    response: z.object({ source: Source, tickers: z.array(TickerSchema) }),
  },
  'GET /api/market/quotes': {
    auth: 'public',
    summary: 'Last price and change from the previous close, for the ticker tapes (unknown symbols are left out)',
    query: z.object({
      tickers: z
        .string({ error: 'is required: a comma-separated list such as SPY,QQQ' })
        .regex(/^[A-Za-z.]{1,10}(,[A-Za-z.]{1,10}){0,19}$/, 'must be up to 20 comma-separated ticker symbols'),
    }),
    response: z.object({ quotes: z.array(QuoteSchema) }),
  },
  'GET /api/market/{underlying}/expiries': {
    auth: 'public',
    summary: "An underlying's expiries that have not expired, with type, days to expiry, volume and open interest",
    params: z.object({ underlying: Underlying }),
    query: z.object({ type: z.enum(EXPIRY_TYPE_TUPLE, { message: `must be one of ${EXPIRY_TYPES.join(', ')}` }).optional() }),
    response: z.object({ underlying: z.string(), source: Source, expiries: z.array(ExpirySummarySchema) }),
    errors: [404],
  },
  'GET /api/market/{underlying}/chain': {
    auth: 'public',
    summary: "One expiry's whole chain: every contract's quote, IV, Greeks, intrinsic and time value",
    params: z.object({ underlying: Underlying }),
    query: z.object({ expiry: IsoDate }),
    response: ChainSchema,
    errors: [404],
  },
  'GET /api/market/{underlying}/history': {
    auth: 'public',
    summary: "An underlying's daily bars (kept 30 days)",
    params: z.object({ underlying: Underlying }),
    query: z.object({ days: Days }),
    response: z.object({ ticker: z.string(), source: Source, bars: z.array(DailyBarSchema) }),
    errors: [404],
  },
  'GET /api/market/contracts/{contract}/history': {
    auth: 'public',
    summary: "An option contract's daily bars (kept 30 days)",
    params: z.object({ contract: OccContract }),
    query: z.object({ days: Days }),
    response: z.object({ contract: z.string(), source: Source, bars: z.array(DailyBarSchema) }),
    errors: [404],
  },
  'POST /api/market/sync': {
    auth: 'user',
    summary: "Sync Data: queue a provider fetch of one underlying (at most one every five minutes; 200 'recent' when one is on its way)",
    body: z.object({ underlying: Underlying }),
    response: Queued,
    status: 202,
    otherStatuses: [200],
    errors: [404, 409],
  },
  'GET /api/admin/market/stats': {
    auth: 'admin',
    summary: 'Row counts and date ranges per kind of stored market data, the retention, and the last sync',
    response: MarketDataStatsSchema.extend({ retentionDays: z.number(), lastSync: SyncStatusSchema.nullable() }),
  },
  'POST /api/admin/market/cleanup': {
    auth: 'admin',
    summary: 'Delete bars past the retention and chains of expired expiries',
    response: z.object({
      deleted: z.object({ bars: z.number(), chains: z.number(), expiries: z.number() }),
      barsBefore: z.string(),
      expiriesBefore: z.string(),
    }),
  },
  'POST /api/admin/market/ingest': {
    auth: 'admin',
    summary: 'Queue an ingestion run now (all tracked underlyings, or the ones named)',
    body: z
      .object({
        underlyings: z
          .array(z.string().regex(/^[A-Za-z][A-Za-z.]{0,9}$/, 'must be ticker symbols'))
          .max(20)
          .optional(),
      })
      .optional(),
    response: z.object({ status: z.literal('queued'), message: z.string() }),
    status: 202,
  },
});

// The answers are the reader's and the store's own types, field for field.
type _Ticker = Expect<Equal<z.infer<typeof TickerSchema>, StoredTicker>>;
type _Expiry = Expect<Equal<z.infer<typeof ExpirySummarySchema>, ExpirySummary>>;
type _Contract = Expect<Equal<z.infer<typeof OptionContractSchema>, OptionContract>>;
type _Chain = Expect<Equal<z.infer<typeof ChainSchema>, ChainView>>;
type _Bar = Expect<Equal<z.infer<typeof DailyBarSchema>, DailyBar>>;
type _Sync = Expect<Equal<z.infer<typeof SyncStatusSchema>, SyncStatus>>;
type _Stats = Expect<Equal<z.infer<typeof MarketDataStatsSchema>, MarketDataStats>>;

type Answer<K extends keyof MarketReader> = ReaderAnswer<K>;
type Response<K extends keyof typeof marketApi> = (typeof marketApi)[K] extends { response: z.ZodType } ? z.infer<(typeof marketApi)[K]['response']> : never;
type _Tickers = Expect<Equal<Response<'GET /api/market/tickers'>, Answer<'tickers'>>>;
type _Quotes = Expect<Equal<Response<'GET /api/market/quotes'>, Answer<'quotes'>>>;
type _Expiries = Expect<Equal<Response<'GET /api/market/{underlying}/expiries'>, Answer<'expiries'>>>;
type _History = Expect<Equal<Response<'GET /api/market/{underlying}/history'>, Answer<'history'>>>;
type _ContractHistory = Expect<Equal<Response<'GET /api/market/contracts/{contract}/history'>, Answer<'contractHistory'>>>;
