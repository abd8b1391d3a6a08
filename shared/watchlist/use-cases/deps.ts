import type { MarketReader } from '../../market/market-reader';
import type { DailySummaryStore } from '../../metrics/daily-summary';
import type { Clock } from '../../ports/clock.port';
import type { WatchlistReadCache } from '../read-cache';
import type { ExpiryCloses, LevelSource, WatchlistRepository } from '../watchlist.port';

/** What the watchlist's use cases need: the list, the learner's level, and the stored market data, read only. */
export interface WatchlistDeps {
  repo: WatchlistRepository;
  levels: LevelSource;
  clock: Clock;
  /** Daily summaries: an underlying's close, change, IV30 and IV rank. */
  summaries: Pick<DailySummaryStore, 'listSummaries'>;
  /** Chains and a contract's daily bars, through the market's one reader. */
  market: Pick<MarketReader, 'chain' | 'contractHistory'>;
  closes: ExpiryCloses;
  /**
   * Keeps a row's figures, computed from stored market data, for as long as that data stays: the figures are the same
   * for every learner until the next ingestion run (the wiring keeps them per run). Without it they are computed anew.
   */
  keep?: <T>(key: string, make: () => Promise<T>) => Promise<T>;
  /** Each learner's items and level kept a few seconds in the warm function (read-cache.ts); the writes drop them. */
  lists?: WatchlistReadCache;
}
