import type { DailySummary } from '../metrics/daily-summary';
import type { EarningsDate } from './earnings';
/**
 * The market-data provider port: the simulated market (shared/market/simulated-provider.ts) and the
 * Polygon-compatible REST adapter (functions/adapters/market/polygon-provider.ts) both implement it,
 * so ingestion does not know which one it reads.
 * Contract symbols are OCC symbols without a vendor prefix, e.g. SPY261218C00600000.
 */
export type ContractType = 'call' | 'put';

export interface ProviderContract {
  /** OCC symbol, e.g. SPY261218C00600000. */
  ticker: string;
  underlying: string;
  /** YYYY-MM-DD */
  expiration: string;
  strike: number;
  type: ContractType;
}

/** One contract's quote as the provider gives it; absent fields are unknown, not zero. */
export interface ProviderQuote extends ProviderContract {
  bid?: number;
  ask?: number;
  last?: number;
  volume?: number;
  openInterest?: number;
  /** Annualised, as a fraction (0.25 = 25%). */
  impliedVolatility?: number;
  delta?: number;
  gamma?: number;
  /** Per calendar day. */
  theta?: number;
  /** Per 1 vol point (0.01). */
  vega?: number;
  /** ISO instant of the last trade. */
  lastTradeAt?: string;
}

export interface DailyBar {
  /** YYYY-MM-DD (New York trading day). */
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface ChainSnapshotResult {
  underlyingPrice: number | null;
  /** ISO instant the provider's data refers to. */
  asOf: string;
  quotes: ProviderQuote[];
}

export interface MarketDataProvider {
  /** 'simulated' or the vendor's name; shown to learners as the data source. */
  readonly name: string;
  readonly source: 'live' | 'demo';
  /** Pauses ingestion keeps between calls to respect the provider's quota (zero for the simulated market). */
  readonly pacing: { betweenUnderlyingsMs: number; betweenContractsMs: number };
  /** Contracts listed for an underlying, optionally only those expiring on or before a date. */
  listContracts(underlying: string, opts?: { expirationLte?: string }): Promise<ProviderContract[]>;
  /** Every contract's latest quote for an underlying, optionally one expiry only. */
  chainSnapshot(underlying: string, opts?: { expiration?: string }): Promise<ChainSnapshotResult>;
  /** Daily bars, oldest first, for an underlying or a contract (OCC symbol). */
  dailyBars(ticker: string, from: string, to: string): Promise<DailyBar[]>;
  /** The previous session's close of an underlying, or null when unknown. */
  previousClose(ticker: string): Promise<number | null>;
  /**
   * A provider that can give past sessions' daily summaries whole (the simulated market, from its own path and surface)
   * fills the year at once; without it the ingestion backfills closes from daily bars and the IV history accumulates.
   */
  summaryHistory?(underlying: string, lastSession: string, days: number): Promise<DailySummary[]>;
  /**
   * Earnings reports dated within [from, to], oldest first, when the provider has a calendar: the simulated market's single
   * stocks (with each event's variance), Polygon's Benzinga earnings (dates only, where the plan includes them).
   */
  earnings?(underlying: string, from: string, to: string): Promise<EarningsDate[]>;
}

/** A provider answered with a non-OK status: the message names the underlying and the status. */
export class ProviderError extends Error {
  constructor(
    readonly underlying: string,
    readonly status: number,
    detail?: string,
  ) {
    super(`Market-data provider failed for ${underlying}: HTTP ${status}${detail ? ` (${detail})` : ''}`);
    this.name = 'ProviderError';
  }
}
