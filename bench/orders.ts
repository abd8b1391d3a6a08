import { newDataDir, spawnLocalStack, waitFor } from '../test/support/local-stack';
import { signUpAndSignIn } from '../test/support/cognito';
import type { BenchSuite } from './suites';
import { closedLoop, ms } from './latency';

/**
 * Issue 6's target: order placement through the local gateway and DynamoDB Local at 10 concurrent
 * users, p99 ≤ 100 ms. Each user has an account of their own and places market orders that
 * alternately open and close one contract, so every order is a full decide-and-commit transaction.
 */
export const ordersSuite: BenchSuite = {
  name: 'orders',
  title: 'paper order placement (local stack)',
  async run() {
    const stack = await spawnLocalStack({ dataDir: newDataDir('bench-orders'), env: { LOG_REQUESTS: '0' } });
    try {
      await waitFor(async () => (await fetch(`${stack.url}/api/market/status`)).json() as Promise<{ lastSync: string | null }>, (s) => s.lastSync !== null, 120_000, 'market data');
      const { expiries } = (await (await fetch(`${stack.url}/api/market/SPY/expiries?type=Monthly`)).json()) as { expiries: { expiration_date: string }[] };
      const chain = (await (await fetch(`${stack.url}/api/market/SPY/chain?expiry=${expiries[0]!.expiration_date}`)).json()) as { underlying: { price: number }; contracts: { contract_ticker: string; contract_type: string; strike_price: number; bid: number }[] };
      const contract = chain.contracts.filter((c) => c.contract_type === 'call' && c.bid > 0).reduce((b, c) => (Math.abs(c.strike_price - chain.underlying.price) < Math.abs(b.strike_price - chain.underlying.price) ? c : b)).contract_ticker;

      const users = await Promise.all(
        Array.from({ length: 10 }, async () => {
          const u = await signUpAndSignIn(stack);
          const headers = { authorization: `Bearer ${u.idToken}`, 'content-type': 'application/json' };
          await fetch(`${stack.url}/api/account`, { method: 'POST', headers, body: JSON.stringify({ startingCapital: 100000 }) });
          return { headers, n: 0 };
        }),
      );
      const place = async (i: number) => {
        const user = users[i % users.length]!;
        const side = user.n++ % 2 === 0 ? 'buy' : 'sell';
        const res = await fetch(`${stack.url}/api/orders`, {
          method: 'POST',
          headers: user.headers,
          body: JSON.stringify({ clientOrderId: `bench-${i}`, type: 'market', timeInForce: 'day', legs: [{ contract, side, quantity: 1 }] }),
        });
        await res.arrayBuffer();
        return res.status === 201;
      };
      // One user per worker: each user's orders stay in order, as a learner's clicks would.
      await closedLoop(10, 40, place);
      const load = await closedLoop(10, 600, place);
      console.log(`${load.requests} market orders by 10 concurrent users, ${load.failures} failed`);
      console.log(`  p50 ${ms(load.p50)}   p99 ${ms(load.p99)} (target ≤ 100 ms: ${load.p99 <= 100 ? 'met' : 'NOT met'})   max ${ms(load.max)}   ${load.perSecond.toFixed(0)} orders/s`);
    } finally {
      await stack.stop();
    }
  },
};
