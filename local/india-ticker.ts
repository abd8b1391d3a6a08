import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { superviseChild, type SupervisedChild } from './children';
import { REPO_ROOT } from './handlers';

/** The service's entry, the file the Fargate task's container runs (functions/services/india-ticker.ts). */
export const INDIA_TICKER_ENTRY = path.join(REPO_ROOT, 'functions', 'services', 'india-ticker.ts');

/**
 * The India ticker service as a child process of the local stack, as it is a task of its own in AWS: the same entry
 * file, run through tsx, with the stack's environment (the table, the local Secrets Manager and DynamoDB Local
 * endpoints, the Kite stand-in's REST and WebSocket URLs). Nothing waits for it: it idles until NSE is open and an
 * operator has logged in on /app/config, so the stack is ready as soon as before. Its log goes to `logFile`; SIGTERM
 * on the stack's stop makes it write its last groups and exit.
 */
export function startIndiaTicker(opts: { logFile: string; env: Record<string, string | undefined> }): SupervisedChild {
  const log = createWriteStream(opts.logFile, { flags: 'a' });
  const child = spawn(process.execPath, ['--import', 'tsx', INDIA_TICKER_ENTRY], {
    cwd: REPO_ROOT,
    // Its few lines a day (idle, streaming, closed) at INFO, whatever the stack's own level.
    env: { ...process.env, POWERTOOLS_LOG_LEVEL: process.env.LOG_LEVEL ?? 'INFO', ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  // A failed spawn (no node binary) is an exit like any other for the supervisor; it must not throw at the stack.
  child.once('error', (err) => log.write(`could not start the India ticker: ${err.message}\n`));
  const supervised = superviseChild(child);
  return {
    exited: supervised.exited,
    async stop() {
      await supervised.stop();
      log.end();
    },
  };
}
