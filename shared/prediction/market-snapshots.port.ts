import { simulatedBook, type OrderBook } from './book';
import type { FairValues } from './fair-value';
import type { PredictionMarket } from './markets';
import type { Resolution } from './settlement';

/**
 * The markets as made after an ingestion: one snapshot per underlying and expiry, replaced by the next ingestion's
 * (the previous YES prices kept for the change column) until the expiry's close, then kept with its resolution for
 * settlement history and the calibration chart.
 */
export interface StoredMarket {
  market: PredictionMarket;
  /** The fair value the simulated book was made around (dollars a $1 contract is worth: the call-spread digital). */
  fairValue: number;
  fairValues: FairValues | null;
  /** The YES mid in cents at this making. */
  yesPrice: number;
  /** The YES mid in cents at the making before, null for a market new at this one. */
  previousYesPrice: number | null;
}

export interface ModelInputs {
  spot: number;
  atmIv: number;
  r: number;
  q: number;
  T: number;
  /** ISO instant of the chain's quotes. */
  asOf: string;
}

export interface ExpirySnapshot {
  underlying: string;
  expiration: string;
  /** ISO instant trading stops (the expiry's close). */
  closesAt: string;
  /** ISO instant these markets were made. */
  madeAt: string;
  /** 'simulated' or the provider's name. */
  provider: string;
  /** What the simulated books are seeded with for this making (the books are a pure function of it and each market). */
  bookSeed: string;
  model: ModelInputs | null;
  ladder: { id: string; question: string };
  /** The "above" markets then the ladder's buckets, each in ascending order. */
  markets: StoredMarket[];
  /** Set once by the settle step: resolved with the close, or void after the void time. */
  resolution: Exclude<Resolution, { status: 'open' } | { status: 'awaiting-close' }> | null;
  /** ISO instant the resolution was stored; null before. */
  resolvedAt: string | null;
}

export interface MarketSnapshotStore {
  /** Writes the expiry's markets made now; keeps an already stored resolution (a late ingestion never reopens a market). */
  save(snapshot: ExpirySnapshot): Promise<void>;
  /** The snapshot of one underlying's expiry, or null. */
  get(underlying: string, expiration: string): Promise<ExpirySnapshot | null>;
  /** Every snapshot not yet resolved (open, or closed and awaiting its close). */
  unresolved(): Promise<ExpirySnapshot[]>;
  /** Stores the resolution once: false when one was stored already (the settle step ran twice). */
  resolve(underlying: string, expiration: string, resolution: NonNullable<ExpirySnapshot['resolution']>, at: string): Promise<boolean>;
  /** Every resolved snapshot (for the calibration chart and settlement history), newest expiry first, at most `limit`. */
  resolved(limit: number): Promise<ExpirySnapshot[]>;
}

/**
 * The book a market trades against until the next making: a pure function of the market, the making's seed and the
 * fair value, so the list, the market page and an order all see the same book. Learners' orders do not deplete it
 * (each order walks the book as made).
 */
export const bookOf = (snapshot: Pick<ExpirySnapshot, 'bookSeed'>, stored: Pick<StoredMarket, 'market' | 'fairValue'>): OrderBook =>
  simulatedBook(stored.market.id, snapshot.bookSeed, stored.fairValue);
