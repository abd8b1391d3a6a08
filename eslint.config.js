// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const nodeBuiltins = [
  'fs',
  'fs/promises',
  'path',
  'http',
  'https',
  'net',
  'child_process',
  'crypto',
  'os',
  'url',
  'stream',
  'zlib',
  'worker_threads',
  'dgram',
  'dns',
  'tls',
  'process',
  'events',
  'util',
  'buffer',
  'readline',
  'timers',
];

/** What every web file must not import (server code, AWS SDKs); repeated in each web zone, since a later zone's rule replaces an earlier one's. */
const webPatterns = [
  { group: ['**/functions/**', '**/infra/**', '**/local/**'], message: 'web/ must not import server code; share through shared/.' },
  {
    group: ['@aws-sdk/*', 'aws-cdk-lib', 'aws-cdk-lib/*', '@aws-lambda-powertools/*'],
    message: 'web/ talks to the API, never to AWS services directly.',
  },
];

/**
 * Feature isolation (docs/architecture.md, "Conventions"): a feature imports web/src/api, components and lib, never another feature nor the
 * app; those shared layers import no feature; only web/src/app (the routes and the shell) puts features together.
 */
const features = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const featureZones = features.map((feature) => {
  const others = features.filter((f) => f !== feature).map(escape);
  return {
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...webPatterns,
            {
              regex: `^@web/features/(?!${escape(feature)}/)`,
              message: `features/${feature} must not import another feature: move what both need to web/src/api, components or lib.`,
            },
            {
              regex: `^(\\.\\./)+(features/)?(${others.join('|')})(/|$)`,
              message: `features/${feature} must not import another feature: move what both need to web/src/api, components or lib.`,
            },
            { regex: '^@web/app(/|$)|^(\\.\\./)+app/', message: 'Features do not import the app; the app imports features (routes).' },
          ],
        },
      ],
    },
  };
});

/** TanStack Query keys come from the one factory (queryKeys in web/src/api/query-keys.ts), never from a literal array. */
export const queryKeyRules = [
  {
    selector: "Property[key.name='queryKey'] > ArrayExpression.value",
    message: 'Take query keys from queryKeys (web/src/api/query-keys.ts); add the key there if it is missing.',
  },
  {
    selector: 'CallExpression[callee.property.name=/^(get|set)Quer(y|ies)(Data|State)$/] > ArrayExpression.arguments:first-child',
    message: 'Take query keys from queryKeys (web/src/api/query-keys.ts); add the key there if it is missing.',
  },
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'cdk.out/**', 'web/dist/**', '.data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // shared/ is the pure domain: no AWS, Lambda, React or I/O, and it depends on nothing else in the repo.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltins.map((name) => ({ name, message: 'shared/ is pure: no I/O imports (inject a port instead).' })),
          patterns: [
            { group: ['node:*'], message: 'shared/ is pure: no Node.js built-ins.' },
            {
              group: ['@aws-sdk/*', 'aws-sdk', 'aws-lambda', '@aws-lambda-powertools/*', 'aws-cdk-lib', 'aws-cdk-lib/*', 'constructs'],
              message: 'shared/ is pure: no AWS imports (use a port in shared/ports).',
            },
            {
              group: ['react', 'react-dom', 'react-dom/*', 'react-router-dom', '@tanstack/*', 'aws-amplify', 'aws-amplify/*', 'recharts'],
              message: 'shared/ is pure: no React or browser libraries.',
            },
            { group: ['**/functions/**', '**/web/**', '**/infra/**', '**/local/**', '@web/*'], message: 'shared/ depends on nothing else in the repository.' },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: webPatterns }],
    },
  },
  {
    // One key factory (web/src/api/query-keys.ts): a key written out anywhere else is a second name for the same data,
    // which a change then fails to invalidate.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/api/query-keys.ts'],
    rules: { 'no-restricted-syntax': ['error', ...queryKeyRules] },
  },
  {
    files: ['web/src/api/**/*.{ts,tsx}', 'web/src/components/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...webPatterns,
            {
              regex: '^@web/(features|app)(/|$)|^(\\.\\./)+(features|app)/',
              message: 'web/src/api, components and lib sit below the features: they import no feature and not the app.',
            },
          ],
        },
      ],
    },
  },
  ...featureZones,
  {
    files: ['functions/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/web/**', 'react', 'react-dom', 'aws-amplify', 'aws-amplify/*'],
              message: 'functions/ must not import web code; share through shared/.',
            },
            { group: ['**/infra/**', '**/local/**', 'aws-cdk-lib', 'aws-cdk-lib/*'], message: 'functions/ must not depend on deployment or local-stack code.' },
          ],
        },
      ],
    },
  },
);
