import { describe, expect, it } from 'vitest';
import { AGENT_LIMITS, type AgentPrincipal } from '@shared/agent/token';
import { paperVenue } from '@shared/paper/paper-venue';
import { ok } from '@shared/result';
import type { OrderVenue } from '@shared/trading/order-venue.port';
import type { AuthUser, Event } from '../../../functions/commons/http';
import { makeTradingHandler } from '../../../functions/http/trading';
import { memoryAgentOrderCounter } from '../../support/memory-agent-order-counter';
import { buy, harness } from '../../support/paper-harness';
import { call } from '../../support/trading-fixtures';

/**
 * The trading routes with a caller that came with a personal access token (`user.agent`, which the authentication sets
 * from the verified token): the paper account only, at most AGENT_LIMITS.ordersPerMinute orders a minute per token, and
 * every order marked with the token's name.
 */
const BOT: AgentPrincipal = { tokenId: '01KTOKEN00000000000000000A', name: 'my-bot', scopes: ['read', 'trade'] };
const learner: AuthUser = { sub: 'u1', groups: [] };
const agent: AuthUser = { ...learner, agent: BOT };

const ev = (routeKey: string, opts: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown } = {}) =>
  ({
    routeKey,
    headers: {},
    pathParameters: opts.params,
    queryStringParameters: opts.query,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    requestContext: { requestId: 'r' },
  }) as unknown as Event;

async function setup() {
  const h = harness();
  let id = 1000;
  const deps = { repo: h.repo, quotes: h.source, clock: h.clock, ids: { newId: () => `01K${String(++id).padStart(23, '0')}` } };
  const live: OrderVenue & { placed: number } = {
    accountId: 'alpaca-live',
    placed: 0,
    summary: async () => null,
    placeOrder: async () => {
      live.placed++;
      return ok({ order: {} as never, checks: [] });
    },
    cancelOrder: async () => ok({} as never),
    listOrders: async () => ok([]),
  };
  const counter = memoryAgentOrderCounter();
  const handler = makeTradingHandler({
    paper: h.service,
    venues: [paperVenue(deps), live],
    repo: h.repo,
    clock: h.clock,
    agentOrders: { counter: counter.counter, clock: h.clock },
  });
  await h.service.openAccount('u1', 100_000);
  const run = async (routeKey: string, user: AuthUser, opts: Parameters<typeof ev>[1] = {}) => {
    const res = await handler.routes[routeKey]!.run(ev(routeKey, opts), user);
    return { status: res.status, body: res.body as Record<string, unknown>, headers: res.headers ?? {} };
  };
  return { h, live, run };
}

describe('trading with an agent token', () => {
  it("places a paper order marked with the token's name, listed with it by GET /api/orders", async () => {
    const { run } = await setup();
    const placed = await run('POST /api/orders', agent, { body: buy(call(100), 1, { clientOrderId: 'agent-1' }) });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ order: { agent: 'my-bot', status: 'filled' } });
    const listed = await run('GET /api/orders', learner);
    expect(listed.body).toMatchObject({ orders: [{ clientOrderId: 'agent-1', agent: 'my-bot' }] });
    const portfolio = await run('GET /api/portfolio', learner);
    const [newest] = portfolio.body.activity as unknown[];
    expect(newest).toMatchObject({ kind: 'fill', agent: 'my-bot', text: expect.stringContaining("placed by agent 'my-bot'") });
  });

  it('ignores an agent name sent in the body: only the verified token marks an order', async () => {
    const { run } = await setup();
    const placed = await run('POST /api/orders', learner, { body: { ...buy(call(100)), agent: 'forged' } });
    expect(placed.status).toBe(201);
    expect(placed.body.order).not.toHaveProperty('agent');
  });

  it('refuses the live account with 403 and places nothing there', async () => {
    const { run, live } = await setup();
    const refused = await run('POST /api/orders', agent, { body: { ...buy(call(100)), accountId: 'alpaca-live' } });
    expect(refused).toMatchObject({ status: 403, body: { error: 'Agent tokens trade the paper account only.', code: 'forbidden' } });
    const cancel = await run('DELETE /api/orders/{id}', agent, { params: { id: 'abc' }, query: { accountId: 'alpaca-live' } });
    expect(cancel).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect(live.placed).toBe(0);
  });

  it(`answers the order past ${AGENT_LIMITS.ordersPerMinute} in a minute with 429 and Retry-After, whatever route places it`, async () => {
    const { run, h } = await setup();
    for (let i = 0; i < AGENT_LIMITS.ordersPerMinute; i++) {
      expect((await run('POST /api/orders', agent, { body: buy(call(100), 1, { clientOrderId: `agent-${i}` }) })).status).toBe(201);
    }
    const over = await run('POST /api/orders', agent, { body: buy(call(100), 1, { clientOrderId: 'agent-over' }) });
    // The harness's clock reads 15:00:00 exactly: a whole minute to wait.
    expect(over).toMatchObject({ status: 429, body: { code: 'rate_limited', retryAfter: 60 }, headers: { 'Retry-After': '60' } });
    expect(over.body.error).toBe("The agent token 'my-bot' has placed 10 orders this minute, its limit. Try again in 60 seconds.");
    const close = await run('POST /api/positions/{contract}/close', agent, { params: { contract: call(100) }, body: {} });
    expect(close).toMatchObject({ status: 429, headers: { 'Retry-After': '60' } });
    expect(await h.repo.listOrders('u1')).toHaveLength(AGENT_LIMITS.ordersPerMinute);
    // The learner in the browser is not held back by the token's limit.
    expect((await run('POST /api/orders', learner, { body: buy(call(100)) })).status).toBe(201);
  });

  it('closes a position for the token, marked with its name', async () => {
    const { run } = await setup();
    await run('POST /api/orders', learner, { body: buy(call(100), 2) });
    const closed = await run('POST /api/positions/{contract}/close', agent, { params: { contract: call(100) }, body: { quantity: 1 } });
    expect(closed).toMatchObject({ status: 201, body: { order: { agent: 'my-bot', reduceOnly: true } } });
  });
});
