import { signUpAndSignIn } from '../test/support/cognito';
import { newDataDir, spawnLocalStack } from '../test/support/local-stack';
import { ms, percentile } from './latency';
import type { BenchSuite } from './suites';

/**
 * Issue 21's target: what the brokerage proxy adds over Alpaca's own time, p99 ≤ 20 ms. Against the local Alpaca
 * stand-in (local/alpaca-standin.ts), each sample calls the stand-in directly with the learner's keys and then the same
 * read through the API (gateway, JWT, the learner's link and keys, the call, the zod check, the sync write); the
 * overhead is the difference of each pair. Reads only: an order's time is dominated by its compliance reads and writes,
 * which the orders bench measures.
 */
export const brokerSuite: BenchSuite = {
  name: 'broker',
  title: 'Alpaca proxy overhead over the stand-in (local stack)',
  async run() {
    const stack = await spawnLocalStack({ dataDir: newDataDir('bench-broker'), env: { LOG_REQUESTS: '0', DYNAMODB_IN_MEMORY: '1', SEED_MARKET: '0' } });
    try {
      const user = await signUpAndSignIn(stack);
      const headers = { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' };
      const keys = { apiKey: 'PKBENCH0000000000000001', apiSecret: 'b'.repeat(40) };
      await fetch(`${stack.url}/api/broker/paper/credentials`, { method: 'PUT', headers, body: JSON.stringify({ ...keys, optionsTradingLevel: 3 }) });
      await fetch(`${stack.url}/api/broker/paper/credentials/validate`, { method: 'POST', headers });
      const alpaca = { 'APCA-API-KEY-ID': keys.apiKey, 'APCA-API-SECRET-KEY': keys.apiSecret };
      const timed = async (url: string, h: Record<string, string>) => {
        const t0 = performance.now();
        const res = await fetch(url, { headers: h });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${url} answered ${res.status}`);
        return performance.now() - t0;
      };
      const routes = [
        ['/api/broker/paper/account', '/v2/account'],
        ['/api/broker/paper/positions', '/v2/positions'],
        ['/api/broker/paper/orders', '/v2/orders?status=all&limit=100'],
      ] as const;
      // Every route is warmed first, as a warm function is: a fresh process spends its first seconds of load compiling
      // the paths, and a route measured first otherwise pays for it (measured: 21 ms p99 first, 13 ms last). 780 reads
      // in all, under the 1,000 a learner may make in 5 minutes.
      for (const [route, direct] of routes) {
        for (let i = 0; i < 60; i++) {
          await timed(`${stack.endpoints.alpaca}${direct}`, alpaca);
          await timed(`${stack.url}${route}`, headers);
        }
      }
      for (const [route, direct] of routes) {
        const overhead: number[] = [];
        const proxied: number[] = [];
        const own: number[] = [];
        for (let i = 0; i < 200; i++) {
          const d = await timed(`${stack.endpoints.alpaca}${direct}`, alpaca);
          const p = await timed(`${stack.url}${route}`, headers);
          own.push(d);
          proxied.push(p);
          overhead.push(p - d);
        }
        for (const list of [overhead, proxied, own]) list.sort((a, b) => a - b);
        const p99 = percentile(overhead, 99);
        console.log(
          `GET ${route}: stand-in p50 ${ms(percentile(own, 50))} p99 ${ms(percentile(own, 99))}; through the API p50 ${ms(percentile(proxied, 50))} p99 ${ms(percentile(proxied, 99))}`,
        );
        console.log(`  overhead p50 ${ms(percentile(overhead, 50))}   p99 ${ms(p99)} (target ≤ 20 ms: ${p99 <= 20 ? 'met' : 'NOT met'})`);
      }
    } finally {
      await stack.stop();
    }
  },
};
