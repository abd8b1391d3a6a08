import { makePredictionMarkets, type MakeMarketsDeps } from '@shared/prediction/use-cases/make-markets';
import { eventHandler, type EventReceipts } from '../commons/event-handler';
import { logger } from '../commons/powertools';
import { makeMarketsConsumerDeps } from '../wiring/prediction-markets';

/**
 * `ChainIngested`: the demo prediction markets of every underlying the run stored are made again from its chains, the
 * next four expiries each, with fresh books. A `claim` consumer; making twice from the same chains changes nothing
 * anyway (the stored snapshot already carries that chain's version).
 */
export const makeMakePredictionMarkets = (deps: { make: MakeMarketsDeps; receipts: EventReceipts }) =>
  eventHandler({ consumer: 'makePredictionMarkets', types: ['ChainIngested'], receipts: deps.receipts }, async (event) => {
    const failed = new Set(event.detail.failures.map((f) => f.underlying));
    const report = await makePredictionMarkets(
      deps.make,
      event.detail.underlyings.filter((u) => !failed.has(u)),
    );
    logger.info('Prediction markets made', { made: report.made, unchanged: report.unchanged, skipped: report.skipped.length });
  });

export const handler = makeMakePredictionMarkets(makeMarketsConsumerDeps());
