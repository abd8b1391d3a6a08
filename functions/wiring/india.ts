import { ttlMemo } from '@shared/market/market-reader';
import type { IndiaDeps } from '@shared/market/india/india-feed';
import type { KiteSessionStore } from '@shared/market/india/kite-session.port';
import { simulatedIndianChainSource } from '@shared/market/india/simulated-chain-source';
import { dynamoIndianLiveQuotes } from '../adapters/dynamo/india-live-quotes';
import { kiteChainSources } from '../adapters/kite/kite-chain-source';
import { KITE_API_ROOT } from '../adapters/kite/kite-client';
import { simulationDrawKey } from '../adapters/market/simulation-key';
import { kiteSessionStore } from '../adapters/secrets/kite-session-store';
import { simulationSecretName } from '../adapters/secrets/secret-names';
import { secretsManagerSecretStore } from '../adapters/secrets/secret-store';
import { systemClock } from '../commons/clock';
import { logger } from '../commons/powertools';

/** How long the warm function trusts its read of the Kite keys and login: a morning login shows within this. */
const SESSION_READ_MS = 30_000;

/**
 * The composition root of the Indian chain (issue 38). The Kite keys and the day's login come from Secrets Manager
 * (`<prefix>/kite`, `<prefix>/kite-session`), re-read every 30 s; the ticker service's live quotes are read from the
 * table first; Kite is at KITE_API_URL (Kite's API root by default,
 * the local stand-in with KITE_STAND_IN=1). The simulated NSE market runs on the deployment's secret draws, as the US
 * market's ingestion does (functions/adapters/market/simulation-key.ts), so its closes are the deployment's own.
 */
export function indiaDeps(): IndiaDeps {
  const clock = systemClock;
  const prefix = process.env.SECRET_PREFIX;
  const secrets = secretsManagerSecretStore();
  const store = prefix ? kiteSessionStore({ secrets, prefix }) : null;
  const credentials = ttlMemo(SESSION_READ_MS, async () => (store ? store.credentials() : null), clock);
  const session = ttlMemo(SESSION_READ_MS, async () => (store ? store.session() : null), clock);
  const sessions: KiteSessionStore = {
    credentials,
    session,
    saveSession: async (s) => {
      if (!store) throw new Error('SECRET_PREFIX is not set: the Kite session has nowhere to go.');
      await store.saveSession(s);
    },
  };
  const drawKey = simulationDrawKey({ secretName: prefix ? simulationSecretName(prefix) : undefined, secrets: () => secrets });
  return {
    clock,
    sessions,
    simulated: simulatedIndianChainSource({ drawKey }),
    // The ticker service's live items first (functions/services/india-ticker.ts), Kite's REST API when they are not fresh.
    kite: kiteChainSources({ baseUrl: process.env.KITE_API_URL || KITE_API_ROOT, live: dynamoIndianLiveQuotes() }),
    standIn: process.env.KITE_STAND_IN === '1',
    warn: (message, details) => logger.warn(message, details ?? {}),
  };
}
