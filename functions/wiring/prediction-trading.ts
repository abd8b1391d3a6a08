import { ulid } from 'ulid';
import { jitteredBackoff } from '@shared/backoff';
import type { TradingDeps } from '@shared/prediction/use-cases/deps';
import { dynamoDemoAccountRepository } from '../adapters/dynamo/demo-account-repository';
import { dynamoMarketSnapshots } from '../adapters/dynamo/market-snapshots-repository';
import { sleep, systemClock } from '../commons/clock';
import { logger } from '../commons/powertools';

/** The composition root of demo prediction trading: the demo accounts and the stored markets in the one table. */
export function predictionTradingDeps(): TradingDeps {
  return {
    repo: dynamoDemoAccountRepository(undefined, undefined, (marketId, err) =>
      logger.warn('A prediction market volume was not counted', { marketId, error: err as Error }),
    ),
    markets: dynamoMarketSnapshots(),
    clock: systemClock,
    ids: { newId: () => ulid() },
    backoff: jitteredBackoff(sleep),
  };
}
