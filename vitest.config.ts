import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Three projects, run in this order by `npm test`:
 * - unit: pure code, handlers with injected fakes, adapters against aws-sdk-client-mock, web components in jsdom, CDK assertions.
 * - integration: the real local stack (DynamoDB Local, cognito-local, gateway) started once on free ports.
 * - e2e: the built SPA behind the local stack, driven in Debian's Chromium by playwright-core.
 */
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: ['test/integration/**', 'test/e2e/**', 'node_modules/**'],
          environment: 'node',
          setupFiles: ['test/setup-unit.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/integration/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
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
