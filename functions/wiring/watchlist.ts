import { storedOfficialCloses } from '@shared/prediction/official-closes';
import type { WatchlistDeps } from '@shared/watchlist/use-cases/deps';
import { dynamoGameRepository } from '../adapters/dynamo/game-repository';
import { dynamoSummaryStore } from '../adapters/dynamo/summary-repository';
import { dynamoWatchlistRepository } from '../adapters/dynamo/watchlist-repository';
import { marketDeps } from './market';

/**
 * The composition root of the watchlist: the list's items, the learner's level from the server's gamification state,
 * and the stored market data read through the market's reader, the daily summaries and the official closes.
 */
export function watchlistDeps(): WatchlistDeps {
  const market = marketDeps();
  const games = dynamoGameRepository();
  return {
    repo: dynamoWatchlistRepository(),
    levels: { levelOf: async (userId) => (await games.load(userId))?.state.level ?? 1 },
    clock: market.clock,
    summaries: dynamoSummaryStore(),
    market: market.reader,
    closes: storedOfficialCloses(market.store),
  };
}
