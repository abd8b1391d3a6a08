import { AGENT_LIMITS } from '@shared/agent/token';
import { localTable, storeAgentToken } from '../test/support/agent-tokens';
import { signUpAndSignIn } from '../test/support/cognito';
import { ms, pacedUsers, summarize, type LoadResult } from './latency';
import { benchStack } from './local-market';
import type { BenchSuite } from './suites';

/** Issue 34's target: a token's call costs at most this much more at p99 than the same call with a Cognito token. */
const TARGET_MS = 10;
const AGENTS = 10;
/**
 * Tokens per learner (at most 10 a learner): each agent spreads its calls over them, well inside a token's limits (one
 * token may place 10 orders a minute; an agent here places 50 in well under one). A real agent uses one token; the
 * spread costs no extra standing reads (one read covers a learner's tokens), but each token's first authorizer answer
 * (in the warm-up) and a "last used" write per token a minute (beside the route), ten times what one token costs.
 */
const TOKENS_PER_AGENT = 10;
const CALLS_PER_AGENT = 40;

/**
 * `npm run bench agent`: the same calls (GET /api/portfolio, POST /api/orders) made by 10 concurrent agents with a
 * personal access token and with a Cognito token, through the local gateway (which runs the bearer authorizer on token
 * routes and keeps its answers as API Gateway does) and DynamoDB Local in memory. Each agent pauses 50–150 ms between
 * reads and 0.5–1.5 s between orders. Printed, never asserted: the p99 of each and their difference beside the target.
 */
export const agentSuite: BenchSuite = {
  name: 'agent',
  title: 'Agent API: a token against a Cognito token, 10 concurrent agents (local stack)',
  async run() {
    const { stack, contract } = await benchStack('bench-agent', { inMemory: true });
    const db = localTable(stack);
    try {
      const agents = await Promise.all(
        Array.from({ length: AGENTS }, async () => {
          const u = await signUpAndSignIn(stack);
          const cognito = `Bearer ${u.idToken}`;
          const opened = await fetch(`${stack.url}/api/account`, {
            method: 'POST',
            headers: { authorization: cognito, 'content-type': 'application/json' },
            body: JSON.stringify({ startingCapital: 100000 }),
          });
          if (opened.status !== 201) throw new Error(`opening the paper account answered ${opened.status}`);
          const tokens = await Promise.all(
            Array.from({ length: TOKENS_PER_AGENT }, () => storeAgentToken(db, stack.tableName, u.sub, { scopes: ['read', 'trade'] })),
          );
          return { cognito, tokens: tokens.map((t) => `Bearer ${t.secret}`), orders: 0 };
        }),
      );

      let orderKey = 0;
      const call = async (authorization: string, agent: (typeof agents)[number], what: 'portfolio' | 'order') => {
        const res =
          what === 'portfolio'
            ? await fetch(`${stack.url}/api/portfolio`, { headers: { authorization } })
            : await fetch(`${stack.url}/api/orders`, {
                method: 'POST',
                headers: { authorization, 'content-type': 'application/json' },
                // Buy and sell in turn, so the position stays small; the practice shortcut fills at once whatever the hour.
                body: JSON.stringify({
                  clientOrderId: `bench-agent-${orderKey++}`,
                  type: 'market',
                  timeInForce: 'day',
                  whenClosed: 'last-close',
                  legs: [{ contract, side: agent.orders++ % 2 === 0 ? 'buy' : 'sell', quantity: 1 }],
                }),
              });
        await res.arrayBuffer();
        return res.status === (what === 'order' ? 201 : 200);
      };
      // Reads 50–150 ms apart; orders 0.5–1.5 s apart, the pace of the orders bench (issue 6): every order fills, and
      // at reads' pace ten agents' fills queue their events' transactions in DynamoDB Local until an order waits
      // 0.5 s for them, whatever its token (the tail then measures DynamoDB Local, not the token's path).
      const think = (what: 'portfolio' | 'order') => (what === 'order' ? 500 + Math.random() * 1000 : 50 + Math.random() * 100);
      // Each agent alternates a token call and a Cognito call, so both meet the same machine at the same moments (a
      // run of one after a run of the other compared a quiet minute with a busy one).
      const interleaved = async (what: 'portfolio' | 'order', perAgent: number) => {
        const latencies = { token: [] as number[], cognito: [] as number[] };
        const failures = { token: 0, cognito: 0 };
        await pacedUsers(
          AGENTS,
          perAgent * 2,
          async (a, n) => {
            const agent = agents[a]!;
            // Half the agents start with a token call, half with a Cognito call: the first call after a change of kind
            // (the orders' warm-up before the portfolio's run) is the slowest, and must not always fall to one side.
            const by = (n + a) % 2 === 0 ? 'token' : 'cognito';
            const t0 = performance.now();
            const okay = await call(by === 'cognito' ? agent.cognito : agent.tokens[((n + a) >> 1) % agent.tokens.length]!, agent, what).catch(() => false);
            latencies[by].push(performance.now() - t0);
            if (!okay) failures[by]++;
            return okay;
          },
          () => think(what),
        );
        return { token: summarize(latencies.token, failures.token), cognito: summarize(latencies.cognito, failures.cognito) };
      };

      const results: { what: string; token: LoadResult; cognito: LoadResult }[] = [];
      for (const what of ['portfolio', 'order'] as const) {
        // Warm-up, just before each kind's run (the first calls after a change of kind are the slowest of all): the JIT
        // in Node and DynamoDB Local's JVM, each token's first (uncached) authorizer answer.
        await interleaved(what, TOKENS_PER_AGENT);
        const { token, cognito } = await interleaved(what, CALLS_PER_AGENT);
        results.push({ what: what === 'portfolio' ? 'GET /api/portfolio' : 'POST /api/orders', token, cognito });
      }
      const perToken = (CALLS_PER_AGENT * 2 + TOKENS_PER_AGENT * 2) / TOKENS_PER_AGENT;
      console.log(
        `${AGENTS} agents, ${CALLS_PER_AGENT} calls each per kind and token type, reads 50–150 ms apart, orders 0.5–1.5 s apart; each agent's calls spread over ${TOKENS_PER_AGENT} tokens ` +
          `(${perToken} calls a token, within ${AGENT_LIMITS.requestsPerMinute} requests and ${AGENT_LIMITS.ordersPerMinute} orders a minute)`,
      );
      for (const r of results) {
        const delta = r.token.p99 - r.cognito.p99;
        console.log(
          `  ${r.what.padEnd(20)} token p50 ${ms(r.token.p50)} p99 ${ms(r.token.p99)}   cognito p50 ${ms(r.cognito.p50)} p99 ${ms(r.cognito.p99)}   ` +
            `p99 difference ${ms(delta)} (target within ${TARGET_MS} ms: ${delta <= TARGET_MS ? 'met' : 'NOT met'})   failures ${r.token.failures}/${r.cognito.failures}`,
        );
      }
    } finally {
      db.destroy();
      await stack.stop();
    }
  },
};
