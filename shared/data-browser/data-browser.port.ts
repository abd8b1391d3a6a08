import type { OptionContract } from '../market/chain';
import type { DailySummary } from '../metrics/daily-summary';

/** Where a stored bar came from: an operator's upload (kept for good) or the scheduled ingestion (absent = ingest). */
export type BarOrigin = 'upload' | 'ingest';

export interface StockBarRow {
  ticker: string;
  /** The New York trading day the end-of-day bar is of (YYYY-MM-DD). */
  date: string;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number | null;
  volume: number | null;
  origin: BarOrigin;
}

/** One contract's end-of-day bar: the ingestion stores open to volume, an upload the quote fields; what is absent is null. */
export interface OptionBarRow {
  contract: string;
  underlying: string;
  date: string;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number | null;
  volume: number | null;
  bid: number | null;
  ask: number | null;
  last: number | null;
  open_interest: number | null;
  implied_volatility: number | null;
  delta: number | null;
  gamma: number | null;
  theta: number | null;
  vega: number | null;
  origin: BarOrigin;
}

/** The stored chain item of one expiry (each ingestion rewrites it), without its contracts. */
export interface ChainRow {
  underlying: string;
  expiration: string;
  asOf: string;
  underlyingPrice: number | null;
  contracts: number;
  source: string;
  provider: string;
}

export interface HistorySeries {
  underlying: string;
  contract: string | null;
  points: { date: string; close: number | null; volume: number | null }[];
  truncated: boolean;
}

export interface DateRange {
  from: string;
  to: string;
}

export interface PageRequest {
  limit: number;
  cursor?: string | undefined;
}

export interface Page<T> {
  rows: T[];
  /** The next page's cursor, or null when this is the last page. */
  cursor: string | null;
}

/** A cursor that is not one this store gave for this request (another table, underlying or range, or garbled). */
export type BadCursor = 'bad_cursor';

/**
 * What the data browser reads (adapter: functions/adapters/dynamo/data-browser-repository.ts). Every method is one
 * bounded Query on an item's keys or on GSI1; none scans the table. Items past their time to live are not shown.
 */
export interface DataBrowserReader {
  /** Chain items whose expiration lies in the range, by expiration. */
  chains(underlying: string, range: DateRange, page: PageRequest): Promise<Page<ChainRow> | BadCursor>;
  /** One chain item with its contracts, or null when none is stored. */
  chain(underlying: string, expiration: string): Promise<{ row: ChainRow; contracts: OptionContract[] } | null>;
  stockBars(ticker: string, range: DateRange, page: PageRequest): Promise<Page<StockBarRow> | BadCursor>;
  /** Option bars of one contract, by date. */
  contractBars(contract: string, range: DateRange, page: PageRequest): Promise<Page<OptionBarRow> | BadCursor>;
  /**
   * Option bars of every contract of an underlying, by date then contract: a page may hold fewer rows than asked
   * (the read per request is bounded) and still have a cursor.
   */
  underlyingOptionBars(underlying: string, range: DateRange, page: PageRequest): Promise<Page<OptionBarRow> | BadCursor>;
  summaries(underlying: string, range: DateRange, page: PageRequest): Promise<Page<DailySummary> | BadCursor>;
  /** At most `max` bars of a stock or one contract over the range, oldest first, and whether more were left. */
  series(kind: 'stock' | 'option', ticker: string, range: DateRange, max: number): Promise<{ points: HistorySeries['points']; truncated: boolean }>;
}
