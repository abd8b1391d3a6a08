import { z } from 'zod';
import { defineApi, type Equal, type Expect } from '../api/contract';
import { daysBetween, isIsoDate } from '../market/dates';
import { OptionContractSchema } from '../market/market.api';
import { DailySummarySchema } from '../metrics/daily-summary';
import type { ChainRow, HistorySeries, OptionBarRow, StockBarRow } from './data-browser.port';

/**
 * The operator's data browser (`/app/data`, Cognito group admin): what the table stores for one underlying, page by
 * page. Every answer is a page read by a Query on the item's keys (never a Scan), at most DATA_PAGE_MAX rows, with an
 * opaque cursor to the next page (null on the last).
 */
export const DATA_PAGE_MAX = 500;
export const DATA_PAGE_DEFAULT = 100;
/** The widest date range one request may name: ten years of days. */
export const DATA_RANGE_MAX_DAYS = 3660;
/** The most points a history series answers; a longer range says it was cut. */
export const HISTORY_MAX_POINTS = 1000;

const Underlying = z
  .string({ error: 'is required: a ticker symbol such as SPY' })
  .regex(/^[A-Za-z][A-Za-z.]{0,9}$/, 'must be a ticker symbol such as SPY')
  .transform((s) => s.toUpperCase());
const IsoDate = z
  .string({ error: 'is required: a date in the form YYYY-MM-DD' })
  .refine(isIsoDate, 'must be a date in the form YYYY-MM-DD')
  .meta({ format: 'date', examples: ['2026-11-27'] });
const Contract = z
  .string()
  .regex(/^([Oo]:)?[A-Za-z][A-Za-z0-9.]{0,5}\d{6}[CPcp]\d{8}$/, 'must be an OCC option symbol such as SPY261218C00600000')
  .transform((s) => s.toUpperCase());
const Limit = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(DATA_PAGE_MAX, `must be at most ${DATA_PAGE_MAX}`)
  .default(DATA_PAGE_DEFAULT);
const Cursor = z
  .string()
  .min(1, 'must not be empty')
  .max(2000, 'is too long to be a cursor of this page')
  .regex(/^[A-Za-z0-9_-]+$/, 'is not a cursor this API gave');

/** A date range: both ends given, in order, at most DATA_RANGE_MAX_DAYS apart. */
const checkRange = (q: { from: string; to: string }, ctx: z.RefinementCtx) => {
  if (!isIsoDate(q.from) || !isIsoDate(q.to)) return;
  if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be on or after the from date' });
  else if (daysBetween(q.from, q.to) > DATA_RANGE_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be at most ten years after the from date' });
};

export const DataRangeQuery = z.object({ from: IsoDate, to: IsoDate, limit: Limit, cursor: Cursor.optional() }).superRefine(checkRange);
export const OptionBarsQuery = z
  .object({ from: IsoDate, to: IsoDate, limit: Limit, cursor: Cursor.optional(), contract: Contract.optional() })
  .superRefine(checkRange);
export const HistoryQuery = z.object({ from: IsoDate, to: IsoDate, contract: Contract.optional() }).superRefine(checkRange);
export const ContractsQuery = z.object({ limit: Limit, cursor: Cursor.optional() });
const UnderlyingParams = z.object({ underlying: Underlying });
const ChainParams = z.object({ underlying: Underlying, expiration: IsoDate });

const num = z.number().nullable();
const Origin = z
  .enum(['upload', 'ingest'])
  .meta({ description: "'upload' for a bar an operator uploaded (kept for good), 'ingest' for one the scheduled ingestion stored" });

export const StockBarRowSchema = z.object({
  ticker: z.string(),
  date: z.string(),
  open: num,
  high: num,
  low: num,
  close: num,
  volume: num,
  origin: Origin,
});

export const OptionBarRowSchema = z.object({
  contract: z.string(),
  underlying: z.string(),
  date: z.string(),
  open: num,
  high: num,
  low: num,
  close: num,
  volume: num,
  bid: num,
  ask: num,
  last: num,
  open_interest: num,
  implied_volatility: num,
  delta: num,
  gamma: num,
  theta: num,
  vega: num,
  origin: Origin,
});

export const ChainRowSchema = z.object({
  underlying: z.string(),
  expiration: z.string(),
  /** The instant the chain's quotes refer to (ISO, UTC). */
  asOf: z.string(),
  underlyingPrice: num,
  contracts: z.number(),
  source: z.string(),
  provider: z.string(),
});

export const HistorySeriesSchema = z.object({
  underlying: z.string(),
  contract: z.string().nullable(),
  points: z.array(z.object({ date: z.string(), close: num, volume: num })),
  /** True when the range held more than HISTORY_MAX_POINTS bars and the series stops there. */
  truncated: z.boolean(),
});

const page = <T extends z.ZodType>(row: T) =>
  z.object({
    underlying: z.string(),
    rows: z.array(row),
    cursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last page' }),
  });

export const dataBrowserApi = defineApi({
  'GET /api/admin/data/{underlying}/chains': {
    auth: 'admin',
    summary: "An underlying's stored chains, one row per expiry whose expiration lies in the range, with when it was fetched",
    params: UnderlyingParams,
    query: DataRangeQuery,
    response: page(ChainRowSchema),
  },
  'GET /api/admin/data/{underlying}/chains/{expiration}': {
    auth: 'admin',
    summary: 'The contracts of one stored chain (one expiry), a page at a time',
    params: ChainParams,
    query: ContractsQuery,
    response: z.object({ underlying: z.string(), chain: ChainRowSchema, rows: z.array(OptionContractSchema), cursor: z.string().nullable() }),
    errors: [404],
  },
  'GET /api/admin/data/{underlying}/stock-bars': {
    auth: 'admin',
    summary: "The underlying's stored daily bars (end of day) dated within the range, oldest first",
    params: UnderlyingParams,
    query: DataRangeQuery,
    response: page(StockBarRowSchema),
  },
  'GET /api/admin/data/{underlying}/option-bars': {
    auth: 'admin',
    summary: "Stored daily option bars (end of day) of the underlying's contracts dated within the range, or of one contract",
    params: UnderlyingParams,
    query: OptionBarsQuery,
    response: page(OptionBarRowSchema),
  },
  'GET /api/admin/data/{underlying}/summaries': {
    auth: 'admin',
    summary: "The underlying's stored daily summaries (one row a session) dated within the range",
    params: UnderlyingParams,
    query: DataRangeQuery,
    response: page(DailySummarySchema),
  },
  'GET /api/admin/data/{underlying}/history': {
    auth: 'admin',
    summary: "A chart's series: the underlying's stock bars, or one contract's option bars, over the range (closes, end of day)",
    params: UnderlyingParams,
    query: HistoryQuery,
    response: HistorySeriesSchema,
  },
});

// The answers are the port's own types, field for field.
type _Stock = Expect<Equal<z.infer<typeof StockBarRowSchema>, StockBarRow>>;
type _Option = Expect<Equal<z.infer<typeof OptionBarRowSchema>, OptionBarRow>>;
type _Chain = Expect<Equal<z.infer<typeof ChainRowSchema>, ChainRow>>;
type _History = Expect<Equal<z.infer<typeof HistorySeriesSchema>, HistorySeries>>;
