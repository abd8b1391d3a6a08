import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { aliases } from './aliases.ts';

// The AWS SDK warns about Node 20 on every client; Lambda runs Node 22, and the warning buries test output.
const env = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };

/**
 * Three projects, run in this order by `npm test`:
 * - unit: pure code, handlers with injected fakes, adapters against aws-sdk-client-mock, web components in jsdom, CDK assertions.
 * - integration: the real local stack (DynamoDB Local, cognito-local, gateway) started once on free ports.
 * - e2e: the built SPA behind the local stack, driven in Debian's Chromium by playwright-core.
 */
export default defineConfig({
  resolve: { alias: aliases },
  test: {
    // Vitest leaves one core to its main process and so runs one unit worker on a 2-core machine (CI's size); two
    // workers there take the unit tests from about 270 s to 165 s (a third gains nothing).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        plugins: [react()],
        extends: true,
        test: {
          name: 'unit',
          env,
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: ['test/integration/**', 'test/e2e/**', 'node_modules/**'],
          environment: 'node',
          setupFiles: ['test/setup-unit.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          env,
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/integration/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          env,
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
