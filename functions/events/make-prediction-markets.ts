import { makePredictionMarkets, type MakeMarketsDeps } from '@shared/prediction/use-cases/make-markets';
import type { TradingDeps } from '@shared/prediction/use-cases/deps';
import { recheckBids } from '@shared/prediction/use-cases/recheck-bids';
import { eventHandler, type EventReceipts } from '../commons/event-handler';
import { logger } from '../commons/powertools';
import { makeMarketsConsumerDeps } from '../wiring/prediction-markets';

/**
 * `ChainIngested`: the demo prediction markets of every underlying the run stored are made again from its chains, the
 * next four expiries each, with fresh books; then the resting bids of those expiries meet the new books at once (the
 * settle job, which the same event starts, may have run before the new making was stored). A `claim` consumer; making
 * twice from the same chains changes nothing anyway (the stored snapshot already carries that chain's version), and a
 * bid fills once however many re-checks meet it (each fill is conditional on the bid still resting).
 */
export const makeMakePredictionMarkets = (deps: { make: MakeMarketsDeps; trading: TradingDeps; receipts: EventReceipts }) =>
  eventHandler({ consumer: 'makePredictionMarkets', types: ['ChainIngested'], receipts: deps.receipts }, async (event) => {
    const failed = new Set(event.detail.failures.map((f) => f.underlying));
    const report = await makePredictionMarkets(
      deps.make,
      event.detail.underlyings.filter((u) => !failed.has(u)),
    );
    logger.info('Prediction markets made', { made: report.made, unchanged: report.unchanged, skipped: report.skipped.length });
    if (report.current.length === 0) return;
    const filled = await recheckBids(deps.trading, {
      expiries: report.current,
      onError: (ref, err) => logger.error('A resting prediction bid could not be re-checked', { orderId: ref.orderId, error: err as Error }),
    });
    logger.info('Resting prediction bids re-checked', { filled });
  });

export const handler = makeMakePredictionMarkets(makeMarketsConsumerDeps());
