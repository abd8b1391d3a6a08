import { build } from 'vite';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { newDataDir, REPO_ROOT, spawnLocalStack, type StackInfo } from '../support/local-stack';
import { SHORTENED_WAITS } from '../support/stack-env';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eStack: StackInfo;
    /** The built SPA, for a test that starts a stack of its own (one whose clock it moves). */
    e2eWebDir: string;
  }
}

/** Builds the SPA as it is deployed and serves it from the local stack, as `WEB_MODE=dist npm start` does. */
export default async function setup(project: TestProject) {
  // A build of its own, so a developer's web/dist (or a parallel run) is left alone.
  const outDir = newDataDir('e2e-web');
  await build({ configFile: path.join(REPO_ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const stack = await spawnLocalStack({
    dataDir: newDataDir('e2e'),
    webMode: 'dist',
    env: { WEB_DIST_DIR: outDir, LOG_REQUESTS: '0', ALPACA_LIVE_STANDIN: '1', ...SHORTENED_WAITS },
  });
  const { stop, output: _output, exited: _exited, ...info } = stack;
  project.provide('e2eStack', info);
  project.provide('e2eWebDir', outDir);
  return async () => {
    await stop();
  };
}
