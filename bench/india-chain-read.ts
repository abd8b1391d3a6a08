import type { IndianChainView } from '@shared/market/india/india.api';
import { INDIA_BADGE } from '@shared/market/india/india.api';
import { kiteMorningLogin, signedInOperator } from '../test/support/india';
import { newDataDir, spawnLocalStack, waitFor, type SpawnedStack } from '../test/support/local-stack';
import { closedLoop, learnerGetter, ms } from './latency';

const READERS = 20;
const REQUESTS = 4_000;

/**
 * Issue 38's target: the Indian chain read p99 ≤ 50 ms at 20 readers, through the local gateway (GET
 * /api/india/chain?symbol=NIFTY, the page's 5-s refresh), each reader from its own loopback address as a browser is.
 * `label` says which feed answers (the simulated NSE market, or Kite with the morning's login).
 */
async function readAtTwenty(stack: SpawnedStack, label: string): Promise<void> {
  const first = await fetch(`${stack.url}/api/india/chain?symbol=NIFTY`);
  if (first.status !== 200) throw new Error(`GET /api/india/chain answered ${first.status}: ${await first.text()}`);
  const sample = (await first.json()) as IndianChainView;
  const readers = Array.from({ length: READERS }, (_, i) => learnerGetter(stack.url, {}, `127.0.1.${10 + i}`));
  const path = `/api/india/chain?symbol=NIFTY&expiry=${sample.expiry}`;
  const reading = async (i: number) => (await readers[i % READERS]!(path)) === 200;
  await closedLoop(READERS, 400, reading); // warm-up
  const load = await closedLoop(READERS, REQUESTS, reading);
  console.log(
    `Indian chain read, NIFTY ${sample.expiry} (${sample.quotes.length} contracts; ${label}: '${sample.feed.badge}'), ${READERS} readers: ${load.requests} requests, ${load.failures} failed`,
  );
  console.log(
    `  p50 ${ms(load.p50)}   p99 ${ms(load.p99)} (target ≤ 50 ms: ${load.p99 <= 50 ? 'met' : 'NOT met'})   max ${ms(load.max)}   ${load.perSecond.toFixed(0)} req/s`,
  );
}

/**
 * The chain part of `npm run bench india`: a local stack with its Kite stand-in; the read first from the simulated NSE
 * market (no login yet), then from Kite after the operator's morning login (the chain function's REST read, shared by
 * the readers for 4.5 s, or the ticker service's live item when NSE is open and the stream is up).
 */
export async function benchIndianChain(): Promise<void> {
  const stack = await spawnLocalStack({ dataDir: newDataDir('bench-india'), env: { LOG_REQUESTS: '0' } });
  try {
    await readAtTwenty(stack, 'the simulated NSE market');
    const login = await kiteMorningLogin(stack, await signedInOperator(stack));
    if (login.result.status !== 302) throw new Error(`the Kite callback answered ${login.result.status}`);
    await waitFor(
      async () => ((await (await fetch(`${stack.url}/api/india/chain?symbol=NIFTY`)).json()) as IndianChainView).feed.badge,
      (badge) => badge === INDIA_BADGE.connected,
      60_000,
      "the chain's first read of the login",
    );
    await readAtTwenty(stack, 'Kite (the local stand-in) after the morning login');
  } finally {
    await stack.stop();
  }
}
