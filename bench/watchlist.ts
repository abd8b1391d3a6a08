import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TRACKED_UNDERLYINGS } from '../shared/market/underlyings';
import { dynamoMarketStore } from '../functions/adapters/dynamo/market-repository';
import { WATCH_COUNT_SK, WATCH_PREFIX } from '../functions/adapters/dynamo/watchlist-repository';
import { signUpAndSignIn } from '../test/support/cognito';
import { newDataDir, spawnLocalStack } from '../test/support/local-stack';
import { closedLoop, learnerGetter, ms } from './latency';
import { localDocumentClient, startupIngestionDone } from './local-market';
import type { BenchSuite } from './suites';

const READERS = 20;
const ITEMS = 25;
const REQUESTS = 2_000;

/**
 * Issue 37's target: the watchlist read p99 ≤ 50 ms with 20 readers at once, each watching 25 items (the 8 tracked
 * underlyings and 17 contracts of the nearest expiries), through the local gateway and DynamoDB Local. The items are
 * written straight to the table: 25 slots need level 10, and the bench measures the read, not the levelling.
 */
export const watchlistSuite: BenchSuite = {
  name: 'watchlist',
  title: 'watchlist: the read at 20 readers with 25 items each (local stack)',
  async run() {
    const stack = await spawnLocalStack({ dataDir: newDataDir('bench-watchlist'), env: { LOG_REQUESTS: '0' } });
    try {
      await startupIngestionDone(stack, 300_000);
      const db = localDocumentClient(stack);
      const store = dynamoMarketStore(db, stack.tableName);
      const contracts: { id: string; underlying: string }[] = [];
      for (const underlying of TRACKED_UNDERLYINGS) {
        const [first] = await store.listExpiries(underlying);
        const chain = first ? await store.getChain(underlying, first.expiration_date) : null;
        for (const c of (chain?.contracts ?? []).slice(0, 3)) contracts.push({ id: c.contract_ticker.replace(/^O:/, ''), underlying });
      }
      const watched = [
        ...TRACKED_UNDERLYINGS.map((u) => ({ id: u, kind: 'underlying', underlying: u })),
        ...contracts.slice(0, ITEMS - TRACKED_UNDERLYINGS.length).map((c) => ({ ...c, kind: 'contract' })),
      ];
      if (watched.length !== ITEMS) throw new Error(`only ${watched.length} symbols to watch`);
      const readers = await Promise.all(
        Array.from({ length: READERS }, async (_, i) => {
          const learner = await signUpAndSignIn(stack);
          const pk = `USER#${learner.sub}`;
          const items = [
            ...watched.map((w, order) => ({ PK: pk, SK: `${WATCH_PREFIX}${w.id}`, entity: 'watch-item', ...w, order, addedAt: new Date().toISOString() })),
            { PK: pk, SK: WATCH_COUNT_SK, entity: 'watchlist-count', n: watched.length },
          ];
          for (let k = 0; k < items.length; k += 25) {
            await db.send(new BatchWriteCommand({ RequestItems: { [stack.tableName]: items.slice(k, k + 25).map((Item) => ({ PutRequest: { Item } })) } }));
          }
          // Each reader from its own loopback address with kept-alive connections, as the other read benches do.
          return learnerGetter(stack.url, { authorization: `Bearer ${learner.idToken}` }, `127.0.0.${10 + i}`);
        }),
      );
      const reading = (path: string) => async (i: number) => (await readers[i % READERS]!(path)) === 200;
      // Warmed first, as a warm function is.
      await closedLoop(READERS, 1000, reading('/api/watchlist'));
      const load = await closedLoop(READERS, REQUESTS, reading('/api/watchlist'));
      console.log(
        `watchlist read (${ITEMS} items: ${TRACKED_UNDERLYINGS.length} underlyings, ${ITEMS - TRACKED_UNDERLYINGS.length} contracts), ${READERS} readers: ${load.requests} requests, ${load.failures} failed`,
      );
      console.log(
        `  p50 ${ms(load.p50)}   p99 ${ms(load.p99)} (target ≤ 50 ms: ${load.p99 <= 50 ? 'met' : 'NOT met'})   max ${ms(load.max)}   ${load.perSecond.toFixed(0)} req/s`,
      );
      // For scale: every read as the browser asks just after a change (the list and level from the table each time).
      const fresh = await closedLoop(READERS, REQUESTS, reading('/api/watchlist?fresh=1'));
      console.log(`  the same read asked fresh each time (${fresh.failures} failed): p50 ${ms(fresh.p50)}   p99 ${ms(fresh.p99)}   max ${ms(fresh.max)}`);
    } finally {
      await stack.stop();
    }
  },
};
