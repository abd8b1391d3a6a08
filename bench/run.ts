/**
 * `npm run bench`: runs every benchmark suite in bench/ in one process and prints their tables.
 * Suites register themselves in bench/suites.ts. Timings are printed, never asserted.
 */
import { suites } from './suites';

const only = process.argv.slice(2);
for (const suite of suites) {
  if (only.length ? !only.includes(suite.name) : suite.explicit === true) continue;
  console.log(`\n=== ${suite.name}: ${suite.title} ===`);
  await suite.run();
}
