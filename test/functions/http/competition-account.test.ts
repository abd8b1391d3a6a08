import { describe, expect, it } from 'vitest';
import type { AgentPrincipal } from '@shared/agent/token';
import { undefinedRiskMessage } from '@shared/competitions/competitions.errors';
import { competitionVenues } from '@shared/competitions/competition-venue';
import { seasonById } from '@shared/competitions/seasons';
import { openCompetitionAccount } from '@shared/competitions/use-cases/open-competition-account';
import { paperVenue } from '@shared/paper/paper-venue';
import { AGENT_PAPER_ONLY } from '@shared/trading/agent-orders';
import type { AuthUser, Event } from '../../../functions/commons/http';
import { makeCompetitionAccountHandler } from '../../../functions/http/competition-account';
import { makeTradingHandler } from '../../../functions/http/trading';
import { competitionHarness } from '../../support/competition-harness';
import { memoryAgentOrderCounter } from '../../support/memory-agent-order-counter';
import { call } from '../../support/trading-fixtures';

/**
 * The competition account through the routes: its orders by the one order path (POST /api/orders with its accountId),
 * its account and plans by its own two routes.
 */
const SEASON = seasonById('weekly-2026-11-23')!;
const ACCOUNT = 'competition-weekly-2026-11-23';
const BOT: AgentPrincipal = { tokenId: '01KTOKEN00000000000000000A', name: 'my-bot', scopes: ['read', 'trade'] };
const learner: AuthUser = { sub: 'u1', groups: [] };
const other: AuthUser = { sub: 'u2', groups: [] };

const ev = (routeKey: string, opts: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown } = {}) =>
  ({
    routeKey,
    headers: {},
    pathParameters: opts.params,
    queryStringParameters: opts.query,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    requestContext: { requestId: 'r' },
  }) as unknown as Event;

const spread = (clientOrderId: string) => ({
  clientOrderId,
  type: 'market',
  timeInForce: 'day',
  accountId: ACCOUNT,
  legs: [
    { contract: call(100), side: 'buy', quantity: 1 },
    { contract: call(105), side: 'sell', quantity: 1 },
  ],
});

async function setup() {
  const c = competitionHarness();
  let id = 1000;
  const paperDeps = { repo: c.repo, quotes: c.source, clock: c.clock, ids: { newId: () => `01M${String(++id).padStart(23, '0')}` } };
  const counter = memoryAgentOrderCounter();
  const trading = makeTradingHandler({
    paper: c.service,
    venues: [paperVenue(paperDeps)],
    competitionVenues: (accountId) => competitionVenues(c.depsOf, c.clock.now(), accountId),
    repo: c.repo,
    clock: c.clock,
    agentOrders: { counter: counter.counter, clock: c.clock },
  });
  const accounts = makeCompetitionAccountHandler(c.deps);
  await c.service.openAccount('u1', 100_000, 3);
  await openCompetitionAccount(c.deps, 'u1', SEASON, c.clock.now().toISOString());
  const run = async (routeKey: string, user: AuthUser, opts: Parameters<typeof ev>[1] = {}) => {
    const handler = trading.routes[routeKey] ? trading : accounts;
    const res = await handler.routes[routeKey]!.run(ev(routeKey, opts), user);
    return { status: res.status, body: res.body as Record<string, unknown> };
  };
  return { c, run };
}

describe('the competition account through the routes', () => {
  it('trades through POST /api/orders with its accountId, and shows in its own account, the selector and GET /api/orders, not in the paper account', async () => {
    const { run } = await setup();
    const placed = await run('POST /api/orders', learner, { body: spread('comp-1') });
    expect(placed).toMatchObject({ status: 201, body: { order: { status: 'filled' } } });
    const tradeId = (placed.body.order as { orderId: string }).orderId;

    const account = await run('GET /api/competitions/seasons/{seasonId}/account', learner, { params: { seasonId: SEASON.id } });
    expect(account).toMatchObject({
      status: 200,
      body: { accountId: ACCOUNT, trades: [{ id: tradeId, hasPlan: false, plan: null, closedAt: null }], planned: { withPlan: 0, trades: 1 } },
    });
    expect((await run('GET /api/orders', learner, { query: { accountId: ACCOUNT } })).body).toMatchObject({ orders: [{ orderId: tradeId }] });
    expect((await run('GET /api/orders', learner)).body).toEqual({ orders: [] });
    expect((await run('GET /api/portfolio', learner)).body).toMatchObject({ positions: [] });
    const accounts = await run('GET /api/accounts', learner);
    expect((accounts.body.accounts as { id: string }[]).map((a) => a.id)).toEqual(['paper', ACCOUNT]);

    const plan = { thesis: 'XYZ holds above 100 into the end of the week', plannedExit: { profitTargetPct: 50, stop: '', time: 'Thursday close' } };
    const written = await run('PUT /api/competitions/seasons/{seasonId}/trades/{tradeId}/plan', learner, {
      params: { seasonId: SEASON.id, tradeId },
      body: plan,
    });
    expect(written).toMatchObject({ status: 200, body: { trade: { id: tradeId, hasPlan: true, plan: { ...plan, writtenAt: '2026-11-23T15:00:00.000Z' } } } });
  });

  it('refuses a naked short call with the defined-risk message (422), and an agent token (403)', async () => {
    const { run, c } = await setup();
    const naked = await run('POST /api/orders', learner, {
      body: { clientOrderId: 'naked', type: 'market', timeInForce: 'day', accountId: ACCOUNT, legs: [{ contract: call(105), side: 'sell', quantity: 1 }] },
    });
    expect(naked).toEqual({ status: 422, body: expect.objectContaining({ error: undefinedRiskMessage('XYZ') }) });
    const byAgent = await run('POST /api/orders', { ...learner, agent: BOT }, { body: spread('agent-1') });
    expect(byAgent).toMatchObject({ status: 403, body: { error: AGENT_PAPER_ONLY } });
    expect(await c.depsOf(SEASON.id).repo.listOrders('u1')).toEqual([]);
  });

  it('answers 404 for a season the learner has not joined, for another learner, and for an id that is no season; 400 for a bad body', async () => {
    const { run } = await setup();
    expect((await run('GET /api/competitions/seasons/{seasonId}/account', other, { params: { seasonId: SEASON.id } })).status).toBe(404);
    expect((await run('GET /api/competitions/seasons/{seasonId}/account', learner, { params: { seasonId: 'weekly-2026-11-30' } })).status).toBe(404);
    expect((await run('GET /api/competitions/seasons/{seasonId}/account', learner, { params: { seasonId: 'weekly-2026-11-24' } })).status).toBe(404);
    expect((await run('GET /api/competitions/seasons/{seasonId}/account', learner, { params: { seasonId: 'weekly-../x' } })).status).toBe(400);
    expect((await run('POST /api/orders', other, { body: spread('other-1') })).status).toBe(404);
    const tooLong = await run('PUT /api/competitions/seasons/{seasonId}/trades/{tradeId}/plan', learner, {
      params: { seasonId: SEASON.id, tradeId: '01KZZZZZZZZZZZZZZZZZZZZZZZ' },
      body: { thesis: 'x'.repeat(2001), plannedExit: { profitTargetPct: null, stop: '', time: '' } },
    });
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body)).toContain('thesis');
  });
});
