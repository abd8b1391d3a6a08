import { config } from 'zod/v4/core';

/**
 * Zod compiles object schemas with `new Function` when the page allows it, and finds out by trying once. Under this
 * app's Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval') that try is refused, and the browser reports
 * the refusal as a policy violation even though Zod catches it. Zod's `jitless` setting skips the try and the compiled
 * path (Zod 4's source: `allowsEval` in v4/core/util.js
 * returns false under `jitless` without trying). It must be set before any schema is built, so the entry imports this
 * module first.
 */
config({ jitless: true });
