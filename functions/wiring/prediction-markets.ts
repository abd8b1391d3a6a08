import type { MakeMarketsDeps } from '@shared/prediction/use-cases/make-markets';
import type { ResolveMarketsDeps } from '@shared/prediction/use-cases/resolve-markets';
import { storedOfficialCloses } from '@shared/prediction/official-closes';
import type { VolumeOf } from '@shared/prediction/read-model/market-summary';
import { volumeOf as storedVolumeOf } from '../adapters/dynamo/demo-account-repository';
import { dynamoMarketStore } from '../adapters/dynamo/market-repository';
import { dynamoMarketSnapshots } from '../adapters/dynamo/market-snapshots-repository';
import { dynamoEventReceipts } from '../adapters/dynamo/event-receipts';
import { systemClock } from '../commons/clock';
import { logger } from '../commons/powertools';
import { predictionTradingDeps } from './prediction-trading';

/** The composition root of the prediction markets: the stored chains and closes, and the markets made from them. */
export function predictionMarketDeps() {
  const chains = dynamoMarketStore();
  const snapshots = dynamoMarketSnapshots();
  const make: MakeMarketsDeps = {
    chains,
    snapshots,
    clock: systemClock,
    warn: (message, context) => logger.warn(message, context),
  };
  const resolve: ResolveMarketsDeps = {
    snapshots,
    closes: storedOfficialCloses(chains),
    clock: systemClock,
    warn: (message, { error, ...context }) => logger.error(message, { ...context, error: error as Error }),
  };
  return { chains, snapshots, clock: systemClock, make, resolve };
}

/** What the read routes read: the stored markets, the clock, and the volume (contracts learners traded per market) the demo accounts count. */
export function predictionReadDeps(volumeOf: VolumeOf = (ids) => storedVolumeOf(ids)) {
  const { snapshots, clock } = predictionMarketDeps();
  return { snapshots, clock, volumeOf };
}

/** The consumer that makes the markets on ChainIngested: the area's adapters, the demo accounts (whose resting bids meet the new books) and the receipts. */
export const makeMarketsConsumerDeps = () => ({ ...predictionMarketDeps(), trading: predictionTradingDeps(), receipts: dynamoEventReceipts() });
