import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_TABLE_NAME } from '../functions/adapters/dynamo/table-definition';
import { secretsManagerSecretStore } from '../functions/adapters/secrets/secret-store';
import { unsubscribeSecretName } from '../functions/adapters/secrets/secret-names';
import { MAIL_ENV } from '../functions/adapters/mail/mail-env';
import { startAlpacaStandIn } from './alpaca-standin';
import { standInMarket } from './alpaca-standin-market';
import { startKiteStandin } from './kite-standin';
import { startIndiaTicker } from './india-ticker';
import { ensureLocalKiteKeys, localKiteUnderlyings } from './kite-standin-local';
import { startAwsEndpoints, type RunningAwsEndpoints } from './aws-endpoints';
import { startCognito, type LocalPool } from './cognito';
import { ensureTable, startDynamoLocal } from './dynamodb';
import { startGateway, type WebMode } from './gateway';
import { createJwtAuthorizer } from './jwt-authorizer';
import { startOutboxRelay } from './outbox-relay';
import { assertPortFree, LOOPBACK } from './ports';
import { LOCAL_UPLOAD_BUCKET, startLocalS3, type RunningLocalS3 } from './s3';
import { startScheduler, type RunningScheduler } from './scheduler';
import { ensureDeploymentSecret, ensureSimulationSecret } from './simulation-secret';
import { LOCAL_SCHEDULE_GROUP } from './schedule-states';
import { SCHEDULE_GROUP_ENV } from '../functions/jobs/schedules';
import { startTtlSweeper } from './ttl-sweeper';

export interface LocalStackOptions {
  dataDir: string;
  ports: { gateway: number; dynamodb: number; cognito: number; aws: number; alpaca: number; s3: number; kite: number };
  web: WebMode;
  tableName?: string;
  /** How often the TTL sweeper runs; DynamoDB's own TTL works within days, so a minute is generous. */
  sweepIntervalMs?: number;
  scheduler?: boolean;
  /** Keep DynamoDB Local's data in memory only (benches: no disk writes, nothing kept). */
  dynamoInMemory?: boolean;
  /** Fill the market at start when the stored data is older than the latest session (default on). */
  seedMarket?: boolean;
  logRequests?: boolean;
  log: (line: string) => void;
}

export interface LocalStack {
  url: string;
  pool: LocalPool;
  endpoints: { dynamodb: string; aws: string; cognito: string; alpaca: string | null; s3: string; kite: string | null };
  tableName: string;
  /** The local S3 of bulk uploads: its bucket, and a wait until the upload jobs started so far have ended. */
  uploads: Pick<RunningLocalS3, 'bucket' | 'idle'>;
  events: RunningAwsEndpoints['events'];
  scheduler: RunningScheduler | undefined;
  /**
   * Settles, with the reason, when a child process (DynamoDB Local, cognito-local) exited while the stack was running
   * and the stack has stopped everything else: the one who started the stack then exits non-zero (local/start.ts).
   */
  failed: Promise<string>;
  stop(): Promise<void>;
}

export const DEFAULT_PORTS = { gateway: 3000, dynamodb: 8000, cognito: 9229, aws: 4566, alpaca: 4700, s3: 4569, kite: 4710 };
export const PORT_ENV = {
  gateway: 'PORT',
  dynamodb: 'DYNAMODB_PORT',
  cognito: 'COGNITO_PORT',
  aws: 'AWS_LOCAL_PORT',
  alpaca: 'ALPACA_PORT',
  s3: 'S3_PORT',
  kite: 'KITE_PORT',
} as const;
const PORT_LABEL = {
  gateway: 'the web app and API',
  dynamodb: 'DynamoDB Local',
  cognito: 'local Cognito',
  aws: 'the local Secrets Manager and EventBridge endpoints',
  alpaca: 'the local Alpaca stand-in',
  s3: 'the local S3 of bulk uploads',
  kite: 'the local Kite Connect stand-in',
};

/**
 * Brings up every local stand-in on loopback and wires the handlers to them through the same
 * environment variables Lambda would see, with only the AWS endpoints changed.
 */
export async function startLocalStack(opts: LocalStackOptions): Promise<LocalStack> {
  const tableName = opts.tableName ?? DEFAULT_TABLE_NAME;
  // A configured Alpaca paper URL means the stand-in is not started, so its port is not needed.
  const standIn = !process.env.ALPACA_PAPER_URL;
  // A configured Kite API URL (Zerodha's) means the Kite stand-in is not started either.
  const kiteStandIn = !process.env.KITE_API_URL;
  for (const key of Object.keys(opts.ports) as (keyof typeof opts.ports)[]) {
    if (key === 'alpaca' && !standIn) continue;
    if (key === 'kite' && !kiteStandIn) continue;
    await assertPortFree(opts.ports[key], `${PORT_LABEL[key]} (${PORT_ENV[key]})`);
  }
  const logs = path.join(opts.dataDir, 'logs');
  mkdirSync(logs, { recursive: true });

  const stops: (() => Promise<void> | void)[] = [];
  let stopping: Promise<void> | undefined;
  // Once, whoever asks first (Ctrl-C, a child that died, a failed start): the others wait for the same stop.
  const stopAll = () =>
    (stopping ??= (async () => {
      for (const stop of stops.reverse()) {
        try {
          await stop();
        } catch (err) {
          opts.log(`while stopping: ${(err as Error).message}`);
        }
      }
      stops.length = 0;
    })());

  let fail: (reason: string) => void = () => undefined;
  const failed = new Promise<string>((resolve) => (fail = resolve));
  /** A child that dies takes the stack down with it: half a stack would answer with 500s and keep the other ports. */
  const watch = (what: string, exited: Promise<string>, logFile: string) =>
    void exited.then(async (how) => {
      if (stopping) return;
      const reason = `${what} exited unexpectedly (${how}); see ${logFile}. The local stack stops.`;
      opts.log(reason);
      await stopAll();
      fail(reason);
    });

  try {
    const aws = await startAwsEndpoints({
      port: opts.ports.aws,
      secretsDir: path.join(opts.dataDir, 'secrets'),
      // Beside the table's data, so a stopped schedule stays stopped across a restart as the table's record of who did.
      schedulesFile: opts.dynamoInMemory ? null : path.join(opts.dataDir, 'schedules.json'),
      log: opts.log,
    });
    stops.push(aws.stop);
    const [dynamo, cognito] = await Promise.all([
      startDynamoLocal({
        port: opts.ports.dynamodb,
        dataDir: path.join(opts.dataDir, 'dynamodb'),
        logFile: path.join(logs, 'dynamodb.log'),
        inMemory: opts.dynamoInMemory,
      }).then((d) => {
        stops.push(d.stop);
        watch('DynamoDB Local', d.exited, path.join(logs, 'dynamodb.log'));
        return d;
      }),
      startCognito({
        port: opts.ports.cognito,
        dataDir: path.join(opts.dataDir, 'cognito'),
        logFile: path.join(logs, 'cognito.log'),
        lambdaEndpoint: aws.endpoint,
        onMail: ({ to, code }) => opts.log(`local mail to ${to}: your code is ${code}`),
      }).then((c) => {
        stops.push(c.stop);
        watch('cognito-local', c.exited, path.join(logs, 'cognito.log'));
        return c;
      }),
    ]);

    const s3Endpoint = `http://${LOOPBACK}:${opts.ports.s3}`;
    Object.assign(process.env, {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ENDPOINT_URL_SECRETS_MANAGER: aws.endpoint,
      AWS_ENDPOINT_URL_EVENTBRIDGE: aws.endpoint,
      AWS_ENDPOINT_URL_SCHEDULER: aws.endpoint,
      [SCHEDULE_GROUP_ENV]: LOCAL_SCHEDULE_GROUP,
      AWS_ENDPOINT_URL_S3: s3Endpoint,
      UPLOAD_BUCKET: LOCAL_UPLOAD_BUCKET,
      // Admin routes ask the pool whether the caller is still an operator (functions/commons/http.ts).
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.pool.endpoint,
      USER_POOL_ID: cognito.pool.userPoolId,
      TABLE_NAME: tableName,
      EVENT_BUS_NAME: 'options-academy-local',
      SECRET_PREFIX: 'options-academy/local',
      // Alert e-mails go to the local stand-in: one file per message under the data directory (listed at /app/admin/mail).
      [MAIL_ENV.dir]: path.join(opts.dataDir, 'mail'),
      STAGE: 'local',
      POWERTOOLS_LOG_LEVEL: process.env.LOG_LEVEL ?? process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
      POWERTOOLS_METRICS_DISABLED: 'true',
      POWERTOOLS_TRACE_ENABLED: 'false',
    });

    // The simulated market's deployment secret: made at the first start, kept after (a test's own when it gives one).
    const simulationSecret = await ensureSimulationSecret(secretsManagerSecretStore(), process.env.SECRET_PREFIX!, process.env.SIMULATION_SECRET);
    delete process.env.SIMULATION_SECRET;
    if (simulationSecret === 'made') opts.log("made the simulated market's deployment secret (kept in the local Secrets Manager)");
    // The key of the alert e-mails' unsubscribe links, as the CDK's generated secret in AWS.
    const unsubscribeSecret = await ensureDeploymentSecret(secretsManagerSecretStore(), unsubscribeSecretName(process.env.SECRET_PREFIX!), undefined);
    if (unsubscribeSecret === 'made') opts.log("made the unsubscribe links' key (kept in the local Secrets Manager)");

    // The Alpaca paper environment: the learner's real paper account when ALPACA_PAPER_URL is set, else the local
    // stand-in (local/alpaca-standin.ts) filling at the simulated market's quotes; the product says which (ALPACA_PAPER_STANDIN).
    // The live environment is Alpaca's live host unless ALPACA_LIVE_URL is set.
    let alpaca: string | null = null;
    const liveStandIn = standIn && process.env.ALPACA_LIVE_STANDIN === '1' && !process.env.ALPACA_LIVE_URL;
    delete process.env.ALPACA_LIVE_STANDIN;
    if (standIn) {
      const running = await startAlpacaStandIn({ port: opts.ports.alpaca, market: standInMarket(), log: opts.log });
      stops.push(running.stop);
      alpaca = running.url;
      Object.assign(process.env, { ALPACA_PAPER_URL: running.url, ALPACA_PAPER_STANDIN: '1' });
      // Tests only (ALPACA_LIVE_STANDIN=1): the stand-in answers for the live environment too, so the LIVE banner and the
      // live confirmation can be driven end to end without real money; the product then says so for live as well.
      if (liveStandIn) Object.assign(process.env, { ALPACA_LIVE_URL: running.url, ALPACA_LIVE_STANDIN: '1' });
    }

    // Zerodha Kite Connect: Zerodha's API when KITE_API_URL is set (with the operator's keys in the local secret
    // <prefix>/kite), else the local stand-in (local/kite-standin.ts) with keys made at the first start, so the morning
    // login runs end to end on a laptop; the product says when it talks to the stand-in (KITE_STAND_IN=1).
    let kite: string | null = null;
    let kiteTickerUrl = process.env.KITE_TICKER_URL;
    if (kiteStandIn) {
      const keys = await ensureLocalKiteKeys(secretsManagerSecretStore(), process.env.SECRET_PREFIX!);
      if (keys.made) opts.log("made the local Kite stand-in's keys (kept in the local Secrets Manager)");
      const running = await startKiteStandin({
        port: opts.ports.kite,
        apiKey: keys.apiKey,
        apiSecret: keys.apiSecret,
        underlyings: localKiteUnderlyings(new Date()),
        // Kite sends the browser to the app's registered redirect URL: the gateway's callback route.
        redirectUrl: `http://localhost:${opts.ports.gateway}/api/kite/callback`,
        log: opts.log,
      });
      stops.push(running.close);
      kite = running.url;
      kiteTickerUrl = running.wsUrl;
      Object.assign(process.env, { KITE_API_URL: running.url, KITE_LOGIN_URL: `${running.url}/connect/login`, KITE_STAND_IN: '1' });
    }

    const raw = new DynamoDBClient({});
    stops.push(() => raw.destroy());
    const created = await ensureTable(raw, tableName);
    opts.log(
      created === 'created'
        ? `created table ${tableName}`
        : `using table ${tableName} from ${path.join(opts.dataDir, 'dynamodb')}${created === 'stream-enabled' ? ' (its stream switched on for the outbox)' : ''}`,
    );

    // The Pipe's local twin: the table's stream to the local PutEvents endpoint, resuming from its checkpoint.
    const streams = new DynamoDBStreamsClient({ endpoint: dynamo.endpoint });
    const bus = new EventBridgeClient({ endpoint: aws.endpoint });
    const relay = startOutboxRelay({
      tableName,
      busName: process.env.EVENT_BUS_NAME!,
      checkpointFile: path.join(opts.dataDir, 'outbox-relay.json'),
      dynamodb: raw,
      streams,
      events: bus,
      log: opts.log,
    });
    stops.push(async () => {
      await relay.stop();
      streams.destroy();
      bus.destroy();
    });

    const authorize = createJwtAuthorizer({ issuer: cognito.pool.issuer, jwksUri: cognito.pool.jwksUri, clientId: cognito.pool.userPoolClientId });
    const gateway = await startGateway({
      port: opts.ports.gateway,
      authorize,
      web: opts.web,
      runtimeConfig: {
        stage: 'local',
        region: cognito.pool.region,
        userPoolId: cognito.pool.userPoolId,
        userPoolClientId: cognito.pool.userPoolClientId,
        userPoolEndpoint: cognito.pool.endpoint,
        authFlowType: 'USER_PASSWORD_AUTH',
        emailVerification: false,
      },
      // The browser sends an upload's file straight to the local S3 (a presigned POST).
      connectSources: [cognito.pool.endpoint, s3Endpoint],
      log: opts.log,
      logRequests: opts.logRequests,
    });
    stops.push(gateway.stop);
    // The links in alert e-mails lead to this gateway (in AWS, the site's domain).
    process.env[MAIL_ENV.siteUrl] = gateway.url;

    const s3 = await startLocalS3({
      port: opts.ports.s3,
      dataDir: path.join(opts.dataDir, 's3'),
      siteOrigins: [gateway.url, gateway.url.replace('localhost', '127.0.0.1')],
      log: opts.log,
    });
    stops.push(s3.stop);

    const sweeper = startTtlSweeper({ db: DynamoDBDocumentClient.from(raw), table: tableName, intervalMs: opts.sweepIntervalMs ?? 60_000, log: opts.log });
    stops.push(sweeper.stop);
    const scheduler = opts.scheduler === false ? undefined : startScheduler({ log: opts.log, enabled: aws.schedules.enabled });
    if (scheduler) {
      stops.push(scheduler.stop);
      // The data manager's Stop and Start reach the local Scheduler endpoint; croner follows it.
      aws.schedules.onChange((id, enabled) => scheduler.setActive(id, enabled));
      aws.onTick((id) => scheduler.tick(id));
    }
    // The India ticker service (functions/services/india-ticker.ts), a child process as it is a Fargate task in AWS:
    // started last and not waited for (it idles until NSE is open and a Kite login is live), so readiness is unchanged.
    const tickerLog = path.join(logs, 'india-ticker.log');
    const ticker = startIndiaTicker({ logFile: tickerLog, env: { KITE_TICKER_URL: kiteTickerUrl } });
    stops.push(ticker.stop);
    void ticker.exited.then((how) => {
      if (!stopping) opts.log(`the India ticker service exited (${how}); see ${tickerLog}. The Indian chain reads Kite's REST API meanwhile.`);
    });
    opts.log(
      `India ticker service: a child process streaming ${kite ? "the local Kite stand-in's" : "Kite's"} WebSocket (${kiteTickerUrl ?? 'wss://ws.kite.trade'}) into table ${tableName} while NSE is open and a Kite login is live; log ${tickerLog}`,
    );

    // The chain answers from the simulated market at once; the stored snapshot follows within seconds.
    // Stopping does not wait for it: an interrupted run leaves the status untouched and runs again next start.
    // Not while an operator has the fetch stopped: the stop holds across a restart.
    if (scheduler && opts.seedMarket !== false && aws.schedules.enabled('ingest'))
      void scheduler.runNow('ingest', { source: 'startup' }).catch(() => undefined);

    return {
      url: gateway.url,
      pool: cognito.pool,
      endpoints: { dynamodb: dynamo.endpoint, aws: aws.endpoint, cognito: cognito.pool.endpoint, alpaca, s3: s3.endpoint, kite },
      uploads: { bucket: s3.bucket, idle: s3.idle },
      tableName,
      events: aws.events,
      scheduler,
      failed,
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
