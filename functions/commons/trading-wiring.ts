import { ulid } from 'ulid';
import { paperAccount } from '@shared/paper/paper-account';
import { paperVenue } from '@shared/paper/paper-venue';
import type { PaperDeps } from '@shared/paper/use-cases/deps';
import { jitteredBackoff } from '@shared/paper/use-cases/retry';
import { dynamoPaperAccountRepository } from '../adapters/dynamo/paper-account-repository';
import { marketQuoteSource } from '../adapters/market/quote-source';
import { marketDeps } from './market-wiring';
import { logger } from './powertools';

/**
 * The composition root of trading: one paper-account repository (DynamoDB), quotes from the market API's chains, the
 * system clock and ulids; the order venues the learner can trade through (the paper account; a broker next).
 */
export function tradingDeps() {
  const market = marketDeps();
  const deps: PaperDeps = {
    repo: dynamoPaperAccountRepository(),
    quotes: marketQuoteSource(market.reader, market.clock),
    clock: market.clock,
    ids: { newId: () => ulid() },
    warn: (message, error) => logger.warn(message, { error: error as Error }),
    backoff: jitteredBackoff((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
  };
  return { paper: paperAccount(deps), venues: [paperVenue(deps)], repo: deps.repo, clock: deps.clock };
}
