import { ulid } from 'ulid';
import { marketReader, ttlMemo } from '@shared/market/market-reader';
import { simulatedProvider } from '@shared/market/simulated-market';
import type { IdGenerator } from '@shared/ports/ids.port';
import { dynamoMarketStore } from '../adapters/dynamo/market-repository';
import { dynamoEventOutbox } from '../adapters/dynamo/outbox';
import { resolveProviderConfig, selectProvider } from '../adapters/market/provider-config';
import { marketDataSecretName, simulationSecretName } from '../adapters/secrets/secret-names';
import { simulationDrawKey } from '../adapters/market/simulation-key';
import { secretsManagerSecretStore } from '../adapters/secrets/secret-store';
import { systemClock } from '../commons/clock';
import { logger } from '../commons/powertools';
import { adminGroupMembership } from './users';

/**
 * The composition root of the market-data area: real adapters, chosen here and nowhere else.
 * The provider configuration (an env var or a secret) is re-read every five minutes, so a key
 * saved by an operator takes effect without a deploy.
 */
export function marketDeps() {
  const clock = systemClock;
  const store = dynamoMarketStore();
  const simulated = simulatedProvider(clock);
  // What an ingestion stores from the simulated market (the closes the demo prediction markets resolve from) follows the
  // deployment's secret draws; the reader's fallback for what is not stored follows the published ones.
  const secretName = process.env.SECRET_PREFIX ? simulationSecretName(process.env.SECRET_PREFIX) : undefined;
  const ingested = simulatedProvider(clock, { drawKey: simulationDrawKey({ secretName, secrets: () => secretsManagerSecretStore() }) });
  // The operator's key lives in the secret <SECRET_PREFIX>/market-data unless POLYGON_SECRET_NAME names another.
  // Locally the key comes from POLYGON_API_KEY (or a secret you name); in AWS from the stage's secret.
  const defaultSecret = process.env.SECRET_PREFIX && process.env.STAGE !== 'local' ? marketDataSecretName(process.env.SECRET_PREFIX) : undefined;
  const env = { ...process.env, POLYGON_SECRET_NAME: process.env.POLYGON_SECRET_NAME ?? defaultSecret };
  const config = ttlMemo(5 * 60_000, () => resolveProviderConfig({ env, secrets: secretsManagerSecretStore() }), clock);
  return {
    clock,
    store,
    simulated,
    /** Events leave through the outbox: IngestRequested alone, ChainIngested with the sync status (market-repository.ts). */
    outbox: dynamoEventOutbox(),
    ids: { newId: () => ulid() } satisfies IdGenerator,
    newId: () => ulid(),
    reader: marketReader({ store, simulated, clock, warn: (message, error) => logger.warn(message, { error: error as Error }) }),
    /** The live provider when configured, else the simulated market, with the reason. */
    provider: async () => selectProvider(await config(), ingested, { clock }),
    providerStatus: async () => {
      const c = await config();
      return c.configured ? { configured: true, provider: c.provider } : { configured: false, provider: 'simulated', reason: c.reason };
    },
  };
}

/** The operator's market tools: the market's adapters and the user pool's word on who is an operator now. */
export function adminMarketDeps() {
  return { ...marketDeps(), groups: adminGroupMembership() };
}
