import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { AGENT_LIMITS, type AgentPrincipal } from '@shared/agent/token';
import { marketReader } from '@shared/market/market-reader';
import { simulatedProvider } from '@shared/market/simulated-market';
import { paperAccount } from '@shared/paper/paper-account';
import { paperVenue } from '@shared/paper/paper-venue';
import type { PaperDeps } from '@shared/paper/use-cases/deps';
import { fixedClock } from '@shared/ports/clock.port';
import { dynamoAgentOrderCounter } from '../../functions/adapters/dynamo/agent-order-counter';
import { dynamoMarketStore } from '../../functions/adapters/dynamo/market-repository';
import { dynamoPaperAccountRepository } from '../../functions/adapters/dynamo/paper-account-repository';
import { marketQuoteSource } from '../../functions/adapters/market/quote-source';
import { systemClock } from '../../functions/commons/clock';
import type { AuthUser, Event } from '../../functions/commons/http';
import { makeTradingHandler } from '../../functions/http/trading';
import { learner as learnerOf, marketBuy } from '../support/learner';
import { waitFor } from '../support/local-stack';

/**
 * Orders of the learner's agent token (the Agent API) against the local stack's DynamoDB: the trading handler runs in
 * this process with a caller that carries `agent` (as the authentication sets it from a verified token; the token
 * itself is another part's), writes to the stack's table, and the stack's own consumers make the journal from the
 * fill's event. What the learner reads back goes through the gateway with their Cognito token.
 */
const stack = inject('stack');
const db = DynamoDBDocumentClient.from(
  new DynamoDBClient({ endpoint: stack.endpoints.dynamodb, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  { marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false } },
);

function trading(agentOrdersClock = systemClock) {
  const deps: PaperDeps = {
    repo: dynamoPaperAccountRepository(db, stack.tableName),
    quotes: marketQuoteSource(
      marketReader({ store: dynamoMarketStore(db, stack.tableName), simulated: simulatedProvider(systemClock), clock: systemClock, warn: () => undefined }),
      systemClock,
    ),
    clock: systemClock,
    ids: { newId: () => ulid() },
  };
  const handler = makeTradingHandler({
    paper: paperAccount(deps),
    venues: [paperVenue(deps)],
    repo: deps.repo,
    clock: systemClock,
    agentOrders: { counter: dynamoAgentOrderCounter(db, stack.tableName), clock: agentOrdersClock },
  });
  return async (routeKey: string, user: AuthUser, body: unknown) => {
    const event = { routeKey, headers: {}, body: JSON.stringify(body), requestContext: { requestId: 'r' } } as unknown as Event;
    const res = await handler.routes[routeKey]!.run(event, user);
    return { status: res.status, body: res.body as Record<string, unknown>, headers: res.headers ?? {} };
  };
}

const agentOf = (name: string): AgentPrincipal => ({ tokenId: ulid(), name, scopes: ['read', 'trade'] });
let contract: string;

// A contract of the simulated market, which the stack serves too (its stored chains are the same market's, once its
// start-up ingestion has run): the test need not wait for that ingestion.
beforeAll(async () => {
  const simulated = simulatedProvider(systemClock);
  const [first] = [...new Set((await simulated.listContracts('SPY')).map((c) => c.expiration))].sort().slice(1);
  const chain = await simulated.chainSnapshot('SPY', { expiration: first });
  const price = chain.underlyingPrice ?? 0;
  const calls = chain.quotes.filter((q) => q.type === 'call' && (q.bid ?? 0) > 0);
  contract = calls.reduce((b, c) => (Math.abs(c.strike - price) < Math.abs(b.strike - price) ? c : b)).ticker;
});

describe('orders placed with an agent token, against DynamoDB Local', () => {
  it('are marked in the order, the orders list, the portfolio and the journal trade the stack makes from the fill', async () => {
    const { user, call } = await learnerOf(stack, 100_000);
    const run = trading();
    const placed = await run('POST /api/orders', { sub: user.sub, groups: [], agent: agentOf('my-bot') }, marketBuy(contract, 1));
    expect(placed).toMatchObject({ status: 201, body: { order: { status: 'filled', agent: 'my-bot' } } });
    const orderId = (placed.body.order as { orderId: string }).orderId;

    const orders = await call('GET', '/api/orders');
    expect(orders.body.orders).toEqual([expect.objectContaining({ orderId, agent: 'my-bot' })]);
    const portfolio = await call('GET', '/api/portfolio');
    expect(portfolio.body.activity[0]).toMatchObject({ orderId, agent: 'my-bot', text: expect.stringContaining("placed by agent 'my-bot'") });

    const trade = await waitFor(
      () => call('GET', `/api/journal/trades/${orderId}`),
      (r) => r.status === 200,
      30_000,
      "the journal trade of the token's fill",
    );
    expect(trade.body.trade).toMatchObject({ id: orderId, agent: 'my-bot' });
    const open = await call('GET', '/api/journal/trades?status=open');
    expect(open.body.trades).toEqual([expect.objectContaining({ id: orderId, agent: 'my-bot' })]);
  });

  it(`count exactly ${AGENT_LIMITS.ordersPerMinute} a minute per token with the table's conditional counter, then answer 429 with Retry-After`, async () => {
    const { user } = await learnerOf(stack, 100_000);
    // A fixed minute for the count, so the test never straddles two minutes.
    const run = trading(fixedClock('2026-11-30T15:04:20.000Z'));
    const bot: AuthUser = { sub: user.sub, groups: [], agent: agentOf('busy-bot') };
    for (let i = 0; i < AGENT_LIMITS.ordersPerMinute; i++) {
      expect((await run('POST /api/orders', bot, marketBuy(contract, 1))).status).toBe(201);
    }
    const over = await run('POST /api/orders', bot, marketBuy(contract, 1));
    expect(over).toMatchObject({ status: 429, body: { code: 'rate_limited' }, headers: { 'Retry-After': '40' } });

    // Orders of one token at the same moment are counted exactly: of 15 at once, 10 get through.
    const counter = dynamoAgentOrderCounter(db, stack.tableName);
    const tokenId = ulid();
    const keepUntil = Math.floor(Date.now() / 1000) + 600;
    const counted = await Promise.all(Array.from({ length: 15 }, () => counter.count(tokenId, '2026-11-30T15:05', AGENT_LIMITS.ordersPerMinute, keepUntil)));
    expect(counted.filter((c) => c === 'counted')).toHaveLength(AGENT_LIMITS.ordersPerMinute);
  });
});
