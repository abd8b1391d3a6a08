import { ulid } from 'ulid';
import { jitteredBackoff } from '@shared/backoff';
import type { TradingDeps } from '@shared/prediction/use-cases/deps';
import { expireBids } from '@shared/prediction/use-cases/expire-bids';
import { payHolders, type PayReport } from '@shared/prediction/use-cases/pay-holders';
import { recheckBids } from '@shared/prediction/use-cases/recheck-bids';
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

/** The settle job's demo prediction step, after the paper account's (each part pays or changes each thing once). */
export interface PredictionSettleSteps {
  expireBids(onError: (err: unknown) => void): Promise<number>;
  payHolders(onError: (err: unknown) => void): Promise<PayReport>;
  recheckBids(onError: (err: unknown) => void): Promise<number>;
}

/** The settle job's demo prediction step: resting bids expired at the close, holders paid, bids re-checked. */
export function predictionSettleSteps(deps: TradingDeps = predictionTradingDeps()): PredictionSettleSteps {
  return {
    expireBids: (onError) => expireBids(deps, { onError: (_ref, err) => onError(err) }),
    payHolders: (onError) => payHolders(deps, { onError: (_user, err) => onError(err) }),
    recheckBids: (onError) => recheckBids(deps, { onError: (_ref, err) => onError(err) }),
  };
}
