import type { DomainEvent } from '../events/domain-events';
import type { DailyBar } from './market-data.port';
import type { ExpirySummary, OptionContract } from '../market/chain';

/** One expiry's whole chain, stored and read as one item (docs/architecture.md, "Data model"). */
export interface StoredChain {
  underlying: string;
  expiration: string;
  underlyingPrice: number;
  /** ISO instant the quotes refer to. */
  asOf: string;
  source: 'live' | 'demo';
  provider: string;
  /** Changes whenever the chain is rewritten; caches and ETags key on it. */
  version: string;
  contracts: OptionContract[];
}

export interface StoredTicker {
  ticker: string;
  name: string;
  sector: string;
  current_price: number;
  avg_daily_volume: number;
  avg_open_interest: number;
  is_active: boolean;
  last_update: string;
}

export interface SyncStatus {
  lastSync: string | null;
  /** The New York trading session the last run stored. */
  session: string | null;
  source: 'live' | 'demo';
  provider: string;
  contractsStored: number;
  failures: { underlying: string; error: string }[];
}

export type BarKind = 'stock' | 'option';

export interface MarketDataStats {
  kinds: { kind: string; count: number; oldest: string | null; newest: string | null }[];
}

export interface MarketStore {
  putChains(chains: readonly StoredChain[]): Promise<void>;
  getChain(underlying: string, expiration: string): Promise<StoredChain | null>;
  putExpiries(underlying: string, summaries: readonly ExpirySummary[]): Promise<void>;
  listExpiries(underlying: string): Promise<ExpirySummary[]>;
  putTickers(tickers: readonly StoredTicker[]): Promise<void>;
  listTickers(): Promise<StoredTicker[]>;
  /** Bars expire 30 days after their date (DynamoDB TTL on `expiresAt`). */
  putBars(kind: BarKind, ticker: string, bars: readonly DailyBar[]): Promise<void>;
  /** Bars on or after a date, oldest first, skipping expired ones. */
  getBars(kind: BarKind, ticker: string, fromDate: string): Promise<DailyBar[]>;
  /** Writes the status and the events that report it (outbox items) in one transaction: both, or neither. */
  putStatus(status: SyncStatus, events?: readonly DomainEvent[]): Promise<void>;
  getStatus(): Promise<SyncStatus | null>;
  /** Row counts and date range per kind of stored market data (admin). */
  stats(): Promise<MarketDataStats>;
  /** Deletes bars dated before `barsBefore` and chains and expiry summaries of expiries before `expiriesBefore`. */
  cleanup(opts: { barsBefore: string; expiriesBefore: string }): Promise<{ bars: number; chains: number; expiries: number }>;
}
