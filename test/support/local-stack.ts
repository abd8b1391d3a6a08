import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_SIMULATION_SECRET } from '../../functions/adapters/market/simulation-key';
import { freePort } from '../../local/ports';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface StackInfo {
  url: string;
  pool: { userPoolId: string; userPoolClientId: string; endpoint: string; issuer: string; jwksUri: string; region: string };
  endpoints: { dynamodb: string; aws: string; cognito: string; alpaca: string | null; s3: string; kite: string | null };
  tableName: string;
  dataDir: string;
}

export interface SpawnedStack extends StackInfo {
  stop(): Promise<void>;
  output(): string;
  /** The stack process's exit code once it has exited (null when a signal ended it). */
  exited: Promise<number | null>;
}

export const newDataDir = (label: string) => mkdtempSync(path.join(tmpdir(), `oa-${label}-`));

/**
 * Starts the local stack exactly as `npm start` does (same entry point), on free ports and a data
 * directory of the test's own, and resolves once it reports ready.
 */
export async function spawnLocalStack(opts: StackOptions): Promise<SpawnedStack> {
  // Free ports are chosen before the stack listens on them; should another process take one in
  // between, start again on other ports, unless the test chose a port itself (a busy port is then
  // what it is testing).
  const portsChosenByTest = Object.keys(opts.env ?? {}).some((name) => PORT_VARIABLES.includes(name));
  for (let attempt = 1; ; attempt++) {
    try {
      return await spawnOnce(opts);
    } catch (error) {
      const raced = error instanceof Error && /EADDRINUSE|is already in use/.test(error.message);
      if (!raced || portsChosenByTest || attempt === 3) throw error;
    }
  }
}

interface StackOptions {
  dataDir: string;
  webMode?: 'dev' | 'dist' | 'none';
  env?: Record<string, string>;
}

const PORT_VARIABLES = ['PORT', 'DYNAMODB_PORT', 'COGNITO_PORT', 'AWS_LOCAL_PORT', 'ALPACA_PORT', 'S3_PORT', 'KITE_PORT'];

async function spawnOnce(opts: StackOptions): Promise<SpawnedStack> {
  const [gateway, dynamodb, cognito, aws, alpaca, s3, kite] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(REPO_ROOT, 'local/start.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(gateway),
      DYNAMODB_PORT: String(dynamodb),
      COGNITO_PORT: String(cognito),
      AWS_LOCAL_PORT: String(aws),
      ALPACA_PORT: String(alpaca),
      S3_PORT: String(s3),
      KITE_PORT: String(kite),
      DATA_DIR: opts.dataDir,
      WEB_MODE: opts.webMode ?? 'none',
      READY_JSON: '1',
      EXIT_WITH_PID: String(process.pid),
      // The tests' own simulation secret: the published draws, which they pin and compute in their own process.
      SIMULATION_SECRET: TEST_SIMULATION_SECRET,
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a stop can take DynamoDB Local and cognito-local down with it.
    detached: true,
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    out += c.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const info = await new Promise<StackInfo>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`local stack did not start in 90 s:\n${out}`)), 90_000);
    const onData = () => {
      const line = out.split('\n').find((l) => l.startsWith('LOCAL_STACK_READY '));
      if (!line) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      resolve({ ...JSON.parse(line.slice('LOCAL_STACK_READY '.length)), dataDir: opts.dataDir });
    };
    child.stdout.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`local stack exited with ${code}:\n${out}`));
    });
  });
  return {
    ...info,
    output: () => out,
    exited,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGINT');
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }, 15_000);
      await exited;
      clearTimeout(timer);
      // The stack stops DynamoDB Local and cognito-local itself; should one outlive it (its stop cut short), it is
      // still in the stack's process group: end it, so no bench or test leaves a Java process holding a port.
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // Nothing left in the group.
      }
    },
  };
}

/** Polls until `read` returns a value that `done` accepts (for set-up hooks, where expect.poll is not allowed). */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
