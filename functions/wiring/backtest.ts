import { ulid } from 'ulid';
import type { BacktestDeps } from '@shared/backtest/use-cases/deps';
import type { StoredHistory } from '@shared/backtest/backtest.port';
import { shareBacktestPost } from '@shared/community/posts';
import { UNDERLYINGS } from '@shared/market/underlyings';
import { dynamoBacktestRepository } from '../adapters/dynamo/backtest-repository';
import { dynamoPostRepository, withFeedCache } from '../adapters/dynamo/community-posts';
import { dynamoSummaryStore } from '../adapters/dynamo/summary-repository';
import { ingestionRun, keptPerIngestionRun } from '../commons/ingestion-run';
import { marketDeps } from './market';

/** Before any stored date: every stored row of an underlying (the table keeps about 400 days of them). */
const ALL = '0000-01-01';

/**
 * The composition root of the backtester: the learner's saved runs, the daily summaries the ingestion stores (SUM#<und>,
 * read whole: the engine reads the sessions before the range too, for the IV-rank filter's year), and the community
 * feed a run is shared to. The summaries change only when an ingestion run stores new ones, so the warm function keeps
 * each underlying's rows and the list of stored underlyings once per run (keptPerIngestionRun), shared by every learner.
 * Runs execute here, in the Lambda: the engine is pure code (about 0.1-0.5 s a run on a year of weekly entries).
 */
export function backtestDeps(): BacktestDeps {
  const market = marketDeps();
  const summaries = dynamoSummaryStore();
  const keep = keptPerIngestionRun(ingestionRun(market.store, market.clock), 64);
  const posts = withFeedCache(dynamoPostRepository());
  const ids = { newId: () => ulid() };
  return {
    runs: dynamoBacktestRepository(),
    history: {
      stored: () =>
        keep('stored', async () => {
          const spans = await Promise.all(
            UNDERLYINGS.map(async ({ ticker }): Promise<StoredHistory | null> => {
              const dates = [...(await summaries.summaryDates(ticker, ALL))].sort();
              return dates.length ? { symbol: ticker, first: dates[0]!, last: dates.at(-1)!, sessions: dates.length } : null;
            }),
          );
          return spans.filter((s): s is StoredHistory => s !== null);
        }),
      history: (underlying) => keep(`history:${underlying}`, () => summaries.listSummaries(underlying, ALL)),
    },
    sharer: {
      share: (author, input) => shareBacktestPost({ posts, clock: market.clock, ids }, author, input),
      postShown: async (postId) => {
        const post = await posts.get(postId);
        return !!post && !post.hidden;
      },
    },
    clock: market.clock,
    ids,
  };
}
