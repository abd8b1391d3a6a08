import { ulid } from 'ulid';
import { alpacaVenue } from '@shared/broker/alpaca-venue';
import { BROKER_ENVIRONMENTS } from '@shared/broker/credentials-form';
import { paperAccount } from '@shared/paper/paper-account';
import { paperVenue } from '@shared/paper/paper-venue';
import { portfolioCache } from '@shared/paper/read-model/portfolio-cache';
import type { PaperDeps } from '@shared/paper/use-cases/deps';
import { jitteredBackoff } from '@shared/backoff';
import { dynamoAgentOrderCounter } from '../adapters/dynamo/agent-order-counter';
import { dynamoPaperAccountRepository } from '../adapters/dynamo/paper-account-repository';
import { isStandIn } from '../adapters/alpaca/alpaca-client';
import { marketQuoteSource } from '../adapters/market/quote-source';
import { marketDeps } from './market';
import { logger } from '../commons/powertools';
import { brokerDeps } from './broker';
import { competitionAccountDeps } from './competition-accounts';
import { competitionVenues } from '@shared/competitions/competition-venue';

/**
 * The composition root of trading: one paper-account repository (DynamoDB), quotes from the market API's chains, the
 * system clock and ulids; the order venues the learner can trade through: the paper account, and the learner's Alpaca
 * accounts (paper and live environments) once their keys are validated.
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
    portfolioCache: portfolioCache(),
  };
  const brokerage = brokerDeps();
  // The account selector asks every venue at once: their GetItems (the paper account, each Alpaca link) go to DynamoDB
  // as one BatchGetItem (adapters/dynamo/batched-get.ts).
  const venues = [paperVenue(deps), ...BROKER_ENVIRONMENTS.map((env) => alpacaVenue(env, brokerage, isStandIn(env)))];
  // An agent token's orders a minute are counted in the table (shared/trading/agent-orders.ts).
  const agentOrders = { counter: dynamoAgentOrderCounter(), clock: deps.clock };
  // The learner's competition accounts (issue 39): the running seasons' and the one an order names.
  const competition = competitionAccountDeps();
  const competitionVenuesOf = (accountId?: string) => competitionVenues(competition.depsOf, deps.clock.now(), accountId);
  return { paper: paperAccount(deps), venues, competitionVenues: competitionVenuesOf, repo: deps.repo, clock: deps.clock, agentOrders };
}
