import { signUpAndSignIn } from '../test/support/cognito';
import { newDataDir, spawnLocalStack } from '../test/support/local-stack';
import type { BenchSuite } from './suites';
import { startupIngestionDone } from './local-market';
import { closedLoop, ms } from './latency';

/**
 * Issue 17's target: a module's content API, GET /api/learning/modules/options_basics, p99 ≤ 50 ms at 20 concurrent
 * readers through the local gateway (JWT verified on every request). The content is the same for every learner,
 * serialised once per warm handler, so a read does not touch the table; the browser lays the learner's progress over
 * it from GET /api/learning/progress (one GetItem), measured here too, and both together as a lesson page opens.
 * The readers are 20 learners with progress of their own (a lesson done each), so every progress read finds an item.
 */
export const learningSuite: BenchSuite = {
  name: 'learning',
  title: "a module's content API at 20 concurrent readers (local stack)",
  async run() {
    const stack = await spawnLocalStack({ dataDir: newDataDir('bench-learning'), env: { LOG_REQUESTS: '0' } });
    try {
      // The start-up ingestion (chains and a year of daily summaries) runs in the same process on the same two cores;
      // in AWS it is a function of its own. Measured after it, as a reader meets the API on any day.
      await startupIngestionDone(stack);
      const readers = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const u = await signUpAndSignIn(stack);
          const headers = { authorization: `Bearer ${u.idToken}`, 'content-type': 'application/json' };
          await fetch(`${stack.url}/api/learning/lessons/options_basics.why-options/complete`, { method: 'POST', headers });
          return headers;
        }),
      );
      const url = `${stack.url}/api/learning/modules/options_basics`;
      const sample = await fetch(url, { headers: readers[0] });
      const bytes = (await sample.arrayBuffer()).byteLength;
      const get = async (i: number) => {
        const res = await fetch(url, { headers: readers[i % readers.length] });
        await res.arrayBuffer();
        return res.status === 200;
      };
      await closedLoop(20, 200, get); // warm-up: cold handler, JIT
      const load = await closedLoop(20, 4000, get);
      console.log(`options_basics module: ${(bytes / 1024).toFixed(0)} KiB, ${load.requests} requests at 20 concurrent, ${load.failures} failed`);
      console.log(
        `  p50 ${ms(load.p50)}   p99 ${ms(load.p99)} (target ≤ 50 ms: ${load.p99 <= 50 ? 'met' : 'NOT met'})   max ${ms(load.max)}   ${load.perSecond.toFixed(0)} req/s`,
      );
      // For comparison: the learner's progress alone (the same GetItem, a 1 KiB answer).
      const progressUrl = `${stack.url}/api/learning/progress`;
      const small = await closedLoop(20, 2000, async (i) => {
        const res = await fetch(progressUrl, { headers: readers[i % readers.length] });
        await res.arrayBuffer();
        return res.status === 200;
      });
      console.log(`progress alone: p50 ${ms(small.p50)}   p99 ${ms(small.p99)}   ${small.perSecond.toFixed(0)} req/s`);
      // A lesson page opening: content and progress requested together, the page waiting for the slower.
      const page = await closedLoop(20, 2000, async (i) => {
        const [a, b] = await Promise.all([fetch(url, { headers: readers[i % readers.length] }), fetch(progressUrl, { headers: readers[i % readers.length] })]);
        await Promise.all([a.arrayBuffer(), b.arrayBuffer()]);
        return a.status === 200 && b.status === 200;
      });
      console.log(`a lesson page's two reads together: p50 ${ms(page.p50)}   p99 ${ms(page.p99)}`);
    } finally {
      await stack.stop();
    }
  },
};
