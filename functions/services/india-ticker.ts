/**
 * The India ticker service's process (issue 38): in AWS a Fargate task of its own (one task), locally a child of
 * `npm start` (local/stack.ts). Started by running this file; SIGTERM (ECS's stop, the local stack's stop) or SIGINT
 * closes the Kite stream, writes every changed group, and exits 0.
 * Environment: TABLE_NAME, SECRET_PREFIX (the Kite keys and login: `<prefix>/kite`, `<prefix>/kite-session`),
 * KITE_API_URL (Kite's API root by default), KITE_TICKER_URL (wss://ws.kite.trade by default; the stand-in's ws URL
 * locally), and the AWS SDK's own (AWS_REGION; locally AWS_ENDPOINT_URL_DYNAMODB and AWS_ENDPOINT_URL_SECRETS_MANAGER).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Logger } from '@aws-lambda-powertools/logger';
import { dynamoIndianLiveQuotes } from '../adapters/dynamo/india-live-quotes';
import { tableName } from '../adapters/dynamo/client';
import { KITE_API_ROOT, kiteClient } from '../adapters/kite/kite-client';
import { KITE_TICKER_ROOT, KiteTicker } from '../adapters/kite/kite-ticker';
import { kiteSessionStore } from '../adapters/secrets/kite-session-store';
import { secretsManagerSecretStore } from '../adapters/secrets/secret-store';
import { systemClock } from '../commons/clock';
import { indiaTickerService } from './india-ticker-service';

// Not functions/commons/powertools: outside Lambda its Tracer would load the X-Ray SDK for nothing (there is no segment).
const logger = new Logger({ serviceName: 'options-academy', persistentKeys: { component: 'india-ticker' } });

const prefix = process.env.SECRET_PREFIX;
if (!prefix) {
  logger.error('SECRET_PREFIX is not set: the India ticker has no Kite keys to read.');
  process.exit(1);
}
const apiUrl = process.env.KITE_API_URL || KITE_API_ROOT;
const tickerUrl = process.env.KITE_TICKER_URL || KITE_TICKER_ROOT;
const db = DynamoDBDocumentClient.from(new DynamoDBClient({}), { marshallOptions: { removeUndefinedValues: true } });

const service = indiaTickerService({
  clock: systemClock,
  sessions: kiteSessionStore({ secrets: secretsManagerSecretStore(new SecretsManagerClient({})), prefix }),
  api: (credentials, accessToken) => kiteClient({ apiKey: credentials.apiKey, accessToken, baseUrl: apiUrl }),
  ticker: (credentials, accessToken) => new KiteTicker({ apiKey: credentials.apiKey, accessToken, url: tickerUrl }),
  store: dynamoIndianLiveQuotes(db, tableName()),
  log: (level, message, details) => logger[level](message, details ?? {}),
});

// The signals are heard before anything starts, so a stop sent at once is still an orderly one.
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    // A stop that hangs (a store that does not answer) still ends within ECS's 30-s grace.
    setTimeout(() => process.exit(1), 20_000).unref();
    void service.stop().then(() => process.exit(0));
  });

logger.info('India ticker started', { table: tableName(), kiteApi: apiUrl, kiteTicker: tickerUrl });
service.start();
