import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const ENTRY = path.join(ROOT, 'functions', 'services', 'india-ticker.ts');

/** Runs the service's entry file as the container (and the local stack) does, and sends it `signal` once it has started. */
function run(env: Record<string, string>, signal: NodeJS.Signals | null): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'x', AWS_SECRET_ACCESS_KEY: 'x', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const read = (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (signal && out.includes('India ticker started')) child.kill(signal);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe('the India ticker process', () => {
  it('starts when run, and on SIGTERM stops and exits 0', async () => {
    // Secrets Manager at a closed port: the service idles (NSE closed, or no login it can read) until the signal.
    const { code, out } = await run(
      {
        SECRET_PREFIX: 'options-academy/test',
        TABLE_NAME: 'tbl',
        AWS_ENDPOINT_URL_SECRETS_MANAGER: 'http://127.0.0.1:9',
        AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:9',
      },
      'SIGTERM',
    );
    expect({ code, stopped: out.includes('India ticker: stopped') }, out).toEqual({ code: 0, stopped: true });
  });

  it('exits 1 and says why without SECRET_PREFIX', async () => {
    const { code, out } = await run({}, null);
    expect(out).toContain('SECRET_PREFIX is not set');
    expect(code).toBe(1);
  });
});
