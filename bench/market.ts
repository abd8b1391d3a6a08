import { TRACKED_UNDERLYINGS } from '@shared/market/underlyings';
import { newDataDir, spawnLocalStack } from '../test/support/local-stack';
import type { BenchSuite } from './suites';
import { localDocumentClient, startupIngestionDone, timedIngestion } from './local-market';
import { closedLoop, ms } from './latency';

/**
 * Issue 4's targets, through the local gateway and DynamoDB Local:
 * - the full SPY chain of the nearest weekly at 20 concurrent connections, p99 ≤ 50 ms;
 * - a full ingestion of the 8 tracked underlyings from the simulated market, ≤ 30 s since issue 23 (American
 *   contracts priced, their IV solved and Greeks computed when the chain is made; issue 4 asked ≤ 60 s).
 */
export const marketSuite: BenchSuite = {
  name: 'market',
  title: 'chain API latency and ingestion throughput (local stack)',
  async run() {
    const stack = await spawnLocalStack({ dataDir: newDataDir('bench-market'), env: { LOG_REQUESTS: '0' } });
    try {
      await startupIngestionDone(stack, 120_000);
      const { expiries } = (await (await fetch(`${stack.url}/api/market/SPY/expiries?type=Weekly`)).json()) as { expiries: { expiration_date: string }[] };
      const expiry = expiries[0]!.expiration_date;
      const url = `${stack.url}/api/market/SPY/chain?expiry=${expiry}`;
      const sample = (await (await fetch(url)).json()) as { contracts: unknown[] };
      const get = async () => {
        const res = await fetch(url);
        await res.arrayBuffer();
        return res.status === 200;
      };
      await closedLoop(20, 200, get); // warm-up: cold handler, JIT
      const load = await closedLoop(20, 4000, get);
      console.log(`SPY chain ${expiry}: ${sample.contracts.length} contracts, ${load.requests} requests at 20 concurrent, ${load.failures} failed`);
      console.log(
        `  p50 ${ms(load.p50)}   p99 ${ms(load.p99)} (target ≤ 50 ms: ${load.p99 <= 50 ? 'met' : 'NOT met'})   max ${ms(load.max)}   ${load.perSecond.toFixed(0)} req/s`,
      );

      // A full ingestion run against the same DynamoDB Local, in this process.
      const { result, seconds } = await timedIngestion(stack, localDocumentClient(stack));
      const chains = result.underlyings.reduce((s, u) => s + u.expiries, 0);
      const summaryDays = result.underlyings.reduce((s, u) => s + (u.summaryDays ?? 0), 0);
      console.log(
        `ingestion of ${TRACKED_UNDERLYINGS.length} underlyings: ${result.contractsStored} contracts in ${chains} chains, ${seconds.toFixed(1)} s (target ≤ 30 s: ${seconds <= 30 ? 'met' : 'NOT met'}), ${(result.contractsStored / seconds).toFixed(0)} contracts/s, ${summaryDays} daily-summary rows, ${result.failures.length} failures`,
      );
    } finally {
      await stack.stop();
    }
  },
};
