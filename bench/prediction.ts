import { TRACKED_UNDERLYINGS } from '../shared/market/underlyings';
import { makePredictionMarkets } from '../shared/prediction/use-cases/make-markets';
import { dynamoMarketStore } from '../functions/adapters/dynamo/market-repository';
import { dynamoMarketSnapshots } from '../functions/adapters/dynamo/market-snapshots-repository';
import { signUpAndSignIn } from '../test/support/cognito';
import { newDataDir, spawnLocalStack, waitFor } from '../test/support/local-stack';
import { closedLoop, learnerGetter, ms } from './latency';
import { localDocumentClient, startupIngestionDone, timedIngestion } from './local-market';
import type { BenchSuite } from './suites';
import type { DeliveredEvent } from '../local/aws-endpoints';

const READERS = 20;
const REQUESTS = 2_000;

/**
 * Issue 36's targets, through the local gateway and DynamoDB Local: the markets list (one underlying's, as the page
 * reads it) and a market's page p99 ≤ 50 ms with 20 readers at once, and making the markets of every tracked underlying after an ingestion ≤ 2 s (in this
 * process, on the stack's DynamoDB Local, after an ingestion of its own so every expiry is made again from new chains).
 */
export const predictionSuite: BenchSuite = {
  name: 'prediction',
  title: "prediction markets: one underlying's list and a market page at 20 readers, making the markets after an ingestion (local stack)",
  async run() {
    const stack = await spawnLocalStack({ dataDir: newDataDir('bench-prediction'), env: { LOG_REQUESTS: '0' } });
    try {
      await startupIngestionDone(stack, 300_000);
      // Twenty learners: one learner alone would meet the gateway's per-learner rate limit.
      const readers = await Promise.all(
        Array.from({ length: READERS }, async () => {
          const learner = await signUpAndSignIn(stack);
          return { authorization: `Bearer ${learner.idToken}` };
        }),
      );
      // The start-up ingestion's ChainIngested: its consumer has made every market once its delivery is done.
      await waitFor(
        async () => (await (await fetch(`${stack.endpoints.aws}/_local/events`)).json()) as DeliveredEvent[],
        (events) =>
          events.some((e) => e.detailType === 'ChainIngested' && e.deliveries.some((d) => d.rule === 'predictionMarketsOnChainIngested' && d.status === 'ok')),
        300_000,
        'the markets of the start-up ingestion',
      );
      // The page reads the list one underlying at a time: SPY's tab first, the list's default.
      const listPath = '/api/predictions/markets?underlying=SPY';
      const text = await (await fetch(`${stack.url}${listPath}`, { headers: readers[0] })).text();
      const list = JSON.parse(text) as { underlyings: string[]; groups: { above: { id: string }[]; ladder: { buckets: unknown[] } }[] };
      console.log(`SPY's list: ${(text.length / 1024).toFixed(0)} KiB of JSON (${list.underlyings.length} underlyings with markets, one read a tab)`);
      const marketId = list.groups[0]!.above[0]!.id;
      console.log(
        `${list.groups.length} SPY expiries with markets, ${list.groups.reduce((n, g) => n + g.above.length + g.ladder.buckets.length, 0)} markets (close above and ladder buckets)`,
      );

      // Each reader from its own loopback address with its own kept-alive connections, as the other read benches do:
      // twenty learners are twenty clients to the gateway and its rate limits.
      const gets = readers.map((headers, i) => learnerGetter(stack.url, headers, `127.0.0.${10 + i}`));
      const getter = (path: string) => async (i: number) => (await gets[i % READERS]!(path)) === 200;
      for (const [label, path] of [
        ["markets list (SPY's tab)", listPath],
        ['a market page', `/api/predictions/markets/${marketId}`],
      ] as const) {
        // Warmed first, as a warm function is: a fresh process spends its first second or two of load compiling the path.
        await closedLoop(READERS, 1000, getter(path));
        const load = await closedLoop(READERS, REQUESTS, getter(path));
        console.log(`${label}, ${READERS} readers: ${load.requests} requests, ${load.failures} failed`);
        console.log(
          `  p50 ${ms(load.p50)}   p99 ${ms(load.p99)} (target ≤ 50 ms: ${load.p99 <= 50 ? 'met' : 'NOT met'})   max ${ms(load.max)}   ${load.perSecond.toFixed(0)} req/s`,
        );
      }

      const db = localDocumentClient(stack);
      const ingestion = await timedIngestion(stack, db);
      console.log(`ingestion of ${TRACKED_UNDERLYINGS.length} underlyings (new chains for every expiry): ${ingestion.seconds.toFixed(1)} s`);
      const snapshots = dynamoMarketSnapshots(db, stack.tableName);
      const started = performance.now();
      const report = await makePredictionMarkets(
        // Every expiry made and written: the stack's own consumer of the same ingestion may have made some already, which
        // would otherwise leave them unchanged here.
        { chains: dynamoMarketStore(db, stack.tableName), snapshots: { ...snapshots, get: async () => null }, clock: { now: () => new Date() } },
        TRACKED_UNDERLYINGS,
      );
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `making the markets of ${TRACKED_UNDERLYINGS.length} underlyings: ${report.made} expiries made, ${report.unchanged} unchanged, ${report.skipped.length} skipped`,
      );
      console.log(`  ${seconds.toFixed(2)} s (target ≤ 2 s: ${seconds <= 2 ? 'met' : 'NOT met'})`);
    } finally {
      await stack.stop();
    }
  },
};
