import type { ContractType } from '../../market/market-data.port';
import type { ContractFigures, Settlement, UnderlyingFigures } from './rows';

interface RowBase {
  id: string;
  underlying: string;
  order: number;
  addedAt: string;
}

export interface UnderlyingRow extends RowBase {
  kind: 'underlying';
  /** Null when no daily summary of the underlying is stored yet. */
  figures: UnderlyingFigures | null;
}

export interface ContractRow extends RowBase {
  kind: 'contract';
  expiration: string;
  type: ContractType;
  strike: number;
  /** Null when the stored chain does not list the contract. */
  figures: ContractFigures | null;
}

export interface ExpiredRow extends RowBase {
  kind: 'contract';
  expiration: string;
  type: ContractType;
  strike: number;
  /** Null while the expiry's official close is not stored yet. */
  settlement: Settlement | null;
}

export interface WatchlistSlots {
  /** Items on the list, expired contracts included (each takes a slot until removed). */
  used: number;
  limit: number;
  level: number;
  next: { level: number; adds: number } | null;
}

export interface WatchlistView {
  /** Underlyings and live contracts, in the learner's order. */
  items: (UnderlyingRow | ContractRow)[];
  /** Contracts past their expiry, in the learner's order, with their settlement value. */
  expired: ExpiredRow[];
  slots: WatchlistSlots;
}
