import { fileURLToPath } from 'node:url';

/**
 * Import aliases, the same as tsconfig.json's `paths` (which tsc, tsx and esbuild read): `@shared/…` for the pure
 * domain code, `@web/…` for the SPA's source. Vite and Vitest take them from here.
 */
export const aliases = {
  '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
  '@web': fileURLToPath(new URL('./web/src', import.meta.url)),
};
