import { systemClock } from '../commons/clock';
import { watchlistReadCache } from '@shared/watchlist/read-cache';
import { storedOfficialCloses } from '@shared/prediction/official-closes';
import type { WatchlistDeps } from '@shared/watchlist/use-cases/deps';
import { ingestionRun, keptPerIngestionRun } from '../commons/ingestion-run';
import { dynamoGameRepository } from '../adapters/dynamo/game-repository';
import { dynamoSummaryStore } from '../adapters/dynamo/summary-repository';
import { dynamoWatchlistRepository } from '../adapters/dynamo/watchlist-repository';
import { marketDeps } from './market';

/**
 * The composition root of the watchlist: the list's items, the learner's level from the server's gamification state,
 * and the stored market data read through the market's reader, the daily summaries and the official closes.
 *
 * A row's market figures are the same for every learner until the next ingestion run stores new data, so the warm
 * function computes each underlying's and each contract's figures once per run and shares them between learners (a
 * year of summaries per underlying read on every request made the list take about a second at 20 readers). Each
 * learner's items and level are kept a few seconds too (shared/watchlist/read-cache.ts).
 */
export function watchlistDeps(): WatchlistDeps {
  const market = marketDeps();
  const games = dynamoGameRepository();
  const summaries = dynamoSummaryStore();
  const run = ingestionRun(market.store, market.clock);
  return {
    repo: dynamoWatchlistRepository(),
    levels: { levelOf: async (userId) => (await games.load(userId))?.state.level ?? 1 },
    clock: market.clock,
    summaries,
    market: market.reader,
    closes: storedOfficialCloses(market.store),
    keep: keptPerIngestionRun(run),
    lists: watchlistReadCache(systemClock),
  };
}
