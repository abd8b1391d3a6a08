import { ulid } from 'ulid';
import { tradingService } from '@shared/paper/trading-service';
import { dynamoTradingRepository } from '../adapters/dynamo/trading-repository';
import { marketQuoteSource } from '../adapters/market/quote-source';
import { marketDeps } from './market-wiring';
import { logger } from './powertools';

/** The composition root of paper trading: the DynamoDB repository, quotes from the market API's chains, EventBridge. */
export function tradingDeps() {
  const market = marketDeps();
  const service = tradingService({
    repo: dynamoTradingRepository(),
    quotes: marketQuoteSource(market.reader, market.clock),
    events: market.events,
    clock: market.clock,
    newId: () => ulid(),
    warn: (message, error) => logger.warn(message, { error: error as Error }),
  });
  return { service, clock: market.clock };
}
