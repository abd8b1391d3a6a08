import { signUpAndSignIn } from '../test/support/cognito';
import type { BenchSuite } from './suites';
import { ms, pacedUsers } from './latency';
import { benchStack } from './local-market';

/**
 * Issue 6's target: order placement through the local gateway and DynamoDB Local at 10 concurrent
 * users, p99 ≤ 100 ms. Each user has an account of their own and places market orders that
 * alternately open and close one contract, so every order is a full decide-and-commit transaction.
 * The target is measured with learners pausing between orders as people do; a second run with no
 * pause shows the saturation throughput of DynamoDB Local on this machine.
 */
export const ordersSuite: BenchSuite = {
  name: 'orders',
  title: 'paper order placement (local stack)',
  async run() {
    // DynamoDB Local writes every transaction through to SQLite on disk, and its transactions queue
    // behind one another: that, not the handler, sets the tail here. Both modes are measured; the
    // in-memory one shows what the product's own code path costs.
    for (const inMemory of [false, true]) {
      console.log(`-- DynamoDB Local ${inMemory ? 'in memory' : 'on disk (as npm start runs it)'}`);
      await runOnce(inMemory);
    }
  },
};

async function runOnce(inMemory: boolean) {
  const { stack, contract } = await benchStack('bench-orders', { inMemory });
  try {
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
        // While NYSE is closed (a weekend run) a market order would wait for the next session and its closing sale would
        // be refused; the practice shortcut fills at the last close whatever the hour, so every order is a full fill.
        body: JSON.stringify({
          clientOrderId: `bench-${i}`,
          type: 'market',
          timeInForce: 'day',
          whenClosed: 'last-close',
          legs: [{ contract, side, quantity: 1 }],
        }),
      });
      await res.arrayBuffer();
      return res.status === 201;
    };
    // Ten learners trading at a human pace: each places an order, thinks for 0.5–1.5 s, places the next.
    // Warm-up (the JIT in Node and in DynamoDB Local's JVM) at the same pace: every order fills, and a quicker warm-up
    // (even 100–300 ms apart) leaves a backlog of events (journal, gamification) whose transactions are still queued in
    // DynamoDB Local ahead of the measured orders, which then wait up to 1.5 s for them.
    await pacedUsers(
      users.length,
      20,
      (u, n) => place(u + n * users.length),
      () => 500 + Math.random() * 1000,
    );
    const paced = await pacedUsers(
      users.length,
      60,
      (u, n) => place(u + n * users.length),
      () => 500 + Math.random() * 1000,
    );
    console.log(`10 learners, ${paced.requests} market orders with 0.5–1.5 s between a learner's orders, ${paced.failures} failed`);
    console.log(`  p50 ${ms(paced.p50)}   p99 ${ms(paced.p99)} (target ≤ 100 ms: ${paced.p99 <= 100 ? 'met' : 'NOT met'})   max ${ms(paced.max)}`);
    // And with no pause at all: what DynamoDB Local sustains on this machine.
    const burst = await pacedUsers(
      users.length,
      40,
      (u, n) => place(u + n * users.length),
      () => 0,
    );
    console.log(`10 clients sending orders back to back (saturation), ${burst.requests} orders, ${burst.failures} failed`);
    console.log(`  p50 ${ms(burst.p50)}   p99 ${ms(burst.p99)}   ${burst.perSecond.toFixed(0)} orders/s`);
  } finally {
    await stack.stop();
  }
}
