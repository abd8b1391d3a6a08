/**
 * `npm start`: the whole product on this machine, on loopback, with no AWS account.
 * Environment: PORT (3000), DYNAMODB_PORT (8000), COGNITO_PORT (9229), AWS_LOCAL_PORT (4566), S3_PORT (4569: the local S3 of
 * bulk uploads), ALPACA_PORT (4700: the local
 * Alpaca stand-in, started unless ALPACA_PAPER_URL names a real Alpaca paper host; ALPACA_LIVE_URL is Alpaca's live host unless set),
 * KITE_PORT (4710: the local Zerodha Kite Connect stand-in, started unless KITE_API_URL names Kite's API),
 * DATA_DIR (.data), WEB_MODE (dev: Vite with hot reload; dist: the built SPA from WEB_DIST_DIR, default web/dist; none).
 * DYNAMODB_IN_MEMORY (0): 1 keeps DynamoDB Local's data in memory only (the benches use it); nothing survives a restart.
 * LOG_REQUESTS (1): 0 stops the one-line-per-request log.
 * SEED_MARKET (1): 0 skips filling the market at start (the API then serves the simulated market directly).
 * TTL_SWEEP_SECONDS (60): how often expired items are deleted, as DynamoDB's TTL would.
 * ADMIN_GROUP_CACHE_SECONDS (60): how long an operator's admin-group membership is trusted; only a shorter time is taken.
 * DELETION_SETTLE_SECONDS (30): how long an account deletion waits for late writes; only a shorter time is taken.
 * READY_JSON=1 prints one machine-readable line when ready (the test harness reads it);
 * EXIT_WITH_PID=<pid> stops the stack when that process (a test runner) goes away.
 * If a child (DynamoDB Local, cognito-local) dies, or this process meets an error nothing handled, the stack stops every
 * other piece and exits with code 1, so no port is left held.
 */
import path from 'node:path';
import { REPO_ROOT } from './handlers';
import { PortBusyError } from './ports';
import { DEFAULT_PORTS, PORT_ENV, startLocalStack, type LocalStack } from './stack';
import { removeStackInfo, writeStackInfo } from './stack-info';
import type { WebMode } from './gateway';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const port = (key: keyof typeof DEFAULT_PORTS) => {
  const raw = process.env[PORT_ENV[key]];
  const value = raw ? Number(raw) : DEFAULT_PORTS[key];
  if (!Number.isInteger(value) || value <= 0 || value > 65535) {
    console.error(`${PORT_ENV[key]} must be a port number between 1 and 65535, got "${raw}".`);
    process.exit(1);
  }
  return value;
};

const webModeName = process.env.WEB_MODE ?? 'dev';
const web: WebMode =
  webModeName === 'dist'
    ? { mode: 'dist', dir: path.resolve(process.env.WEB_DIST_DIR ?? path.join(REPO_ROOT, 'web', 'dist')) }
    : webModeName === 'none'
      ? { mode: 'none' }
      : { mode: 'dev' };
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(REPO_ROOT, '.data'));
const quiet = process.env.READY_JSON === '1';
const log = (line: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${line}`);

let stack: LocalStack | undefined;
let exiting = false;
/** Stops whatever was started and exits: 0 for a requested stop, 1 when something failed. */
async function exit(code: 0 | 1, message: string) {
  if (exiting) return;
  exiting = true;
  if (code === 1) console.error(`\n${message}\n`);
  else if (!quiet) console.log(`\n${message}: stopping...`);
  // A stop that hangs still ends in an exit; the children are sent SIGTERM on the way out (local/children.ts).
  setTimeout(() => process.exit(code), 20_000).unref();
  await stack?.stop();
  removeStackInfo(dataDir);
  if (code === 0 && !quiet) console.log('Stopped. Data is kept in', dataDir);
  process.exit(code);
}
// A bug anywhere in the stack's own process (the gateway, the relay, a handler) must not leave the children running.
process.on('uncaughtException', (err) => void exit(1, `The local stack stops after an unexpected error: ${err.stack ?? err.message}`));

try {
  const started = Date.now();
  if (!quiet) console.log('Starting Options Academy locally (DynamoDB Local, cognito-local, gateway)...');
  stack = await startLocalStack({
    dataDir,
    ports: {
      gateway: port('gateway'),
      dynamodb: port('dynamodb'),
      cognito: port('cognito'),
      aws: port('aws'),
      alpaca: port('alpaca'),
      s3: port('s3'),
      kite: port('kite'),
    },
    web,
    log,
    seedMarket: process.env.SEED_MARKET !== '0',
    dynamoInMemory: process.env.DYNAMODB_IN_MEMORY === '1',
    logRequests: process.env.LOG_REQUESTS !== '0',
    sweepIntervalMs: process.env.TTL_SWEEP_SECONDS ? Number(process.env.TTL_SWEEP_SECONDS) * 1000 : undefined,
  });
  const shutdown = (signal: string) => void exit(0, signal);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => shutdown(signal));
  // The stack has logged what died and stopped the rest.
  void stack.failed.then(() => exit(1, 'The local stack stopped after a failure (exit code 1).'));
  // Under a test runner: if the runner dies without stopping us, do not outlive it with Java and Node children.
  const watched = Number(process.env.EXIT_WITH_PID);
  if (Number.isInteger(watched) && watched > 0) {
    setInterval(() => {
      try {
        process.kill(watched, 0);
      } catch {
        shutdown(`process ${watched} exited`);
      }
    }, 1000).unref();
  }

  writeStackInfo(dataDir, {
    url: stack.url,
    pid: process.pid,
    endpoints: stack.endpoints,
    pool: { userPoolId: stack.pool.userPoolId, userPoolClientId: stack.pool.userPoolClientId },
    tableName: stack.tableName,
  });
  if (quiet) {
    console.log(`LOCAL_STACK_READY ${JSON.stringify({ url: stack.url, pool: stack.pool, endpoints: stack.endpoints, tableName: stack.tableName })}`);
  } else {
    console.log(
      [
        '',
        `  Options Academy is running at ${stack.url}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
        '',
        `  API        ${stack.url}/api/health`,
        `  Cognito    ${stack.endpoints.cognito}  (pool ${stack.pool.userPoolId})`,
        `  DynamoDB   ${stack.endpoints.dynamodb}  (table ${stack.tableName})`,
        `  S3         ${stack.endpoints.s3}  (bucket ${stack.uploads.bucket}, bulk uploads)`,
        `  Kite       ${stack.endpoints.kite ? `${stack.endpoints.kite}  (the local Kite Connect stand-in; log in on /app/config)` : `${process.env.KITE_API_URL}`}`,
        `  Alpaca     ${stack.endpoints.alpaca ? `${stack.endpoints.alpaca}  (the local stand-in answers for Alpaca's paper environment)` : `paper ${process.env.ALPACA_PAPER_URL}`}`,
        `  Data       ${dataDir}`,
        `  Web        ${web.mode === 'dev' ? 'Vite dev server with hot reload' : web.mode === 'dist' ? 'built SPA from web/dist' : 'not served'}`,
        '',
        '  Press Ctrl-C to stop.',
        '',
      ].join('\n'),
    );
  }
} catch (err) {
  if (err instanceof PortBusyError) console.error(`\n${err.message}\n`);
  else console.error('\nCould not start the local stack:', (err as Error).message, '\n');
  // Children still starting when another failed are sent SIGTERM on exit (local/children.ts).
  process.exit(1);
}
