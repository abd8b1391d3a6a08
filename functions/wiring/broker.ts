import { ulid } from 'ulid';
import { keyCache, type BrokerDeps } from '@shared/broker/use-cases/deps';
import { alpacaBaseUrl, alpacaConnector, isStandIn } from '../adapters/alpaca/alpaca-client';
import { secretsBrokerKeyStore } from '../adapters/alpaca/broker-key-store';
import { dynamoBrokerRepository } from '../adapters/dynamo/broker-repository';
import { dynamoPaperAccountRepository } from '../adapters/dynamo/paper-account-repository';
import { marketQuoteSource } from '../adapters/market/quote-source';
import { secretsManagerSecretStore } from '../adapters/secrets/secret-store';
import { marketDeps } from './market';
import { logger } from '../commons/powertools';

/**
 * The composition root of the brokerage area: key pairs in Secrets Manager under the stage's prefix, metadata and
 * synced records in the table, Alpaca at the configured hosts (ALPACA_PAPER_URL / ALPACA_LIVE_URL; the local stand-in
 * under `npm start`), quotes from the market API's chains for the pre-trade estimate.
 */
export function brokerDeps(): BrokerDeps {
  const market = marketDeps();
  const paper = dynamoPaperAccountRepository();
  const prefix = process.env.SECRET_PREFIX ?? 'options-academy/local';
  return {
    repo: dynamoBrokerRepository(),
    keys: secretsBrokerKeyStore(secretsManagerSecretStore(), prefix),
    connect: alpacaConnector(),
    quotes: marketQuoteSource(market.reader, market.clock),
    clock: market.clock,
    target: (environment) => ({ host: new URL(alpacaBaseUrl(environment)).host, standIn: isStandIn(environment) }),
    acknowledge: (userId, ack) => paper.acknowledge(userId, ack),
    logCompliance: (userId, entries) => paper.logCompliance(userId, entries),
    ids: { newId: () => ulid() },
    warn: (message, error) => logger.warn(message, { error: error as Error }),
    keyCache: keyCache(),
  };
}
