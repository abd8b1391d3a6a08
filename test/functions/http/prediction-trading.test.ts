import { describe, expect, it } from 'vitest';
import { makePredictionTradingHandler } from '../../../functions/http/prediction-trading';
import { agentRefusal } from '../../../functions/commons/http';
import { AGENT_NOT_ALLOWED } from '@shared/agent/token';
import { memoryDemoRepo, memoryMarkets } from '../../shared/prediction/use-cases/memory-demo-repo';
import { spySnapshot } from '../../shared/prediction/use-cases/snapshot-fixture';
import { httpEvent as ev } from '../../support/http-event';

const ADA = { sub: 'learner-ada', email: 'ada@example.com' };
const BOB = { sub: 'learner-bob', email: 'bob@example.com' };

function harness() {
  const demo = memoryDemoRepo();
  let n = 0;
  const handler = makePredictionTradingHandler({
    repo: demo.repo,
    markets: memoryMarkets(spySnapshot()).store,
    clock: { now: () => new Date('2026-12-01T15:00:00.000Z') },
    ids: { newId: () => `01ID${String(++n).padStart(6, '0')}` },
  });
  const call = async (routeKey: string, opts: { params?: Record<string, string>; body?: unknown; claims?: Record<string, string> } = {}) => {
    const res = await handler(ev(routeKey, { claims: ADA, ...opts }));
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
  };
  return { call, demo };
}

const order = (over: Record<string, unknown> = {}) => ({
  clientOrderId: 'client-0001',
  marketId: 'SPY-2026-12-18-ABOVE-600',
  side: 'yes',
  action: 'buy',
  type: 'market',
  count: 3,
  ...over,
});

describe('demo prediction trading routes', () => {
  it('answers a new order 201 and the same client id again 200 with the same order', async () => {
    const { call } = harness();
    const first = await call('POST /api/predictions/orders', { body: order() });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 'filled', filledCount: 3, side: 'yes', action: 'buy' });
    const again = await call('POST /api/predictions/orders', { body: order() });
    expect(again).toEqual({ status: 200, body: first.body });
    expect((await call('POST /api/predictions/orders', { body: order({ count: 4 }) })).status).toBe(409);
  });

  it('refuses a bad price or quantity with 400 naming the field, writing nothing', async () => {
    const { call, demo } = harness();
    const price = await call('POST /api/predictions/orders', { body: order({ type: 'limit', limitPrice: 150 }) });
    expect(price.status).toBe(400);
    expect(JSON.stringify(price.body)).toContain('limitPrice');
    const count = await call('POST /api/predictions/orders', { body: order({ count: 2.5 }) });
    expect(count.status).toBe(400);
    expect(JSON.stringify(count.body)).toContain('count');
    expect(JSON.stringify(count.body)).toContain('must be a whole number of contracts, at least 1');
    expect(demo.writes()).toBe(0);
  });

  it("reads a fresh $1,000 account for a learner without one, and answers 404 for another learner's order id", async () => {
    const { call, demo } = harness();
    const account = await call('GET /api/predictions/account');
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({ demo: true, balance: 100_000, held: 0, positions: [] });
    expect(demo.writes()).toBe(0);
    const resting = await call('POST /api/predictions/orders', { body: order({ type: 'limit', limitPrice: 5 }) });
    expect(resting.body.status).toBe('resting');
    const theirs = await call('DELETE /api/predictions/orders/{orderId}', { params: { orderId: resting.body.id }, claims: BOB });
    expect(theirs.status).toBe(404);
    const mine = await call('DELETE /api/predictions/orders/{orderId}', { params: { orderId: resting.body.id } });
    expect(mine).toMatchObject({ status: 200, body: { status: 'canceled' } });
    const reset = await call('POST /api/predictions/account/reset');
    expect(reset).toMatchObject({ status: 200, body: { balance: 100_000, resetAt: '2026-12-01T15:00:00.000Z' } });
  });

  it('refuses a signed-out caller', async () => {
    const { call } = harness();
    const res = await call('GET /api/predictions/account', { claims: undefined as unknown as Record<string, string> });
    expect(res.status).toBe(401);
  });

  it('refuses an agent token, even one with the trade scope: demo predictions are traded from the browser only', () => {
    const trader = { tokenId: 't1', name: 'my-bot', scopes: ['read' as const, 'trade' as const] };
    for (const routeKey of [
      'GET /api/predictions/account',
      'POST /api/predictions/orders',
      'DELETE /api/predictions/orders/{orderId}',
      'POST /api/predictions/account/reset',
    ])
      expect(agentRefusal({ routeKey, auth: 'user' }, trader)).toEqual({ status: 403, body: { error: AGENT_NOT_ALLOWED, code: 'forbidden' } });
  });
});
