import { describe, expect, it } from 'vitest';
import type { AuthUser, HttpResponse, RouteHandler } from '../../../functions/commons/http';
import { callRoute, fromRoute, messageOf, refusalFor, SOMETHING_WENT_WRONG, toJson, type RouteTable } from '../../../functions/mcp/route-call';
import { AGENT_NOT_ALLOWED } from '@shared/agent/token';

const browser: AuthUser = { sub: 'learner-1', groups: [] };
const reader: AuthUser = { sub: 'learner-1', groups: [], agent: { tokenId: '01JD0000000000000000000001', name: 'my-bot', scopes: ['read'] } };
const trader: AuthUser = { ...reader, agent: { ...reader.agent!, scopes: ['read', 'trade'] } };

/** A route handler that answers what it is given and keeps the requests it saw. */
function fakeRoute(answer: HttpResponse | (() => never)) {
  const seen: { event: Parameters<RouteHandler['run']>[0]; user: AuthUser | null }[] = [];
  const handler: RouteHandler = {
    auth: 'user',
    spec: { auth: 'user' },
    run: async (event, user) => {
      seen.push({ event, user });
      return typeof answer === 'function' ? answer() : answer;
    },
  };
  return { handler, seen };
}

describe('what a token may do through a tool, by the routes’ own scopes', () => {
  it('lets a browser session call any route its sign-in allows', () => {
    expect(refusalFor(browser, 'POST /api/orders')).toBeNull();
    expect(refusalFor(browser, 'POST /api/account')).toBeNull();
  });

  it('lets a token read with read, and refuses trading without trade, naming the scope', () => {
    expect(refusalFor(reader, 'GET /api/portfolio')).toBeNull();
    expect(refusalFor(reader, 'GET /api/market/{underlying}/chain')).toBeNull();
    expect(refusalFor(reader, 'POST /api/orders')).toEqual({ message: "This token lacks the 'trade' scope.", scope: 'trade' });
    expect(refusalFor(reader, 'POST /api/journal/entries')).toEqual({ message: "This token lacks the 'trade' scope.", scope: 'trade' });
    expect(refusalFor(trader, 'POST /api/orders')).toBeNull();
  });

  it('refuses a token on a browser-only route, whatever its scopes', () => {
    expect(refusalFor(trader, 'POST /api/account')).toEqual({ message: AGENT_NOT_ALLOWED });
    expect(refusalFor(trader, 'PUT /api/account/settings')).toEqual({ message: AGENT_NOT_ALLOWED });
  });
});

describe('calling a route in process', () => {
  it('hands the route its path, query and JSON body, and the caller with the token', async () => {
    const { handler, seen } = fakeRoute({ status: 201, body: { order: { orderId: 'o-1' } } });
    const table: RouteTable = { 'DELETE /api/orders/{id}': handler };
    const answer = await callRoute(table, trader, 'DELETE /api/orders/{id}', {
      params: { id: 'o-1' },
      query: { accountId: 'paper', none: undefined },
      body: { a: 1 },
    });
    expect(answer).toEqual({ ok: true, status: 201, body: { order: { orderId: 'o-1' } } });
    const { event, user } = seen[0]!;
    expect(user).toBe(trader);
    expect(event.routeKey).toBe('DELETE /api/orders/{id}');
    expect(event.pathParameters).toEqual({ id: 'o-1' });
    expect(event.queryStringParameters).toEqual({ accountId: 'paper' });
    expect(JSON.parse(event.body!)).toEqual({ a: 1 });
    expect(event.headers['content-type']).toBe('application/json');
  });

  it('reads an answer kept as JSON text (the chain) as data', async () => {
    const { handler } = fakeRoute({ status: 200, rawJson: '{"contracts":[]}' });
    expect(await callRoute({ 'GET /api/market/status': handler }, reader, 'GET /api/market/status')).toMatchObject({ ok: true, body: { contracts: [] } });
  });

  it('answers a 4xx with the route’s own message in words, and its details', async () => {
    const body = { error: 'Open your paper account first.', code: 'not_found' };
    const { handler } = fakeRoute({ status: 404, body });
    expect(await callRoute({ 'GET /api/portfolio': handler }, reader, 'GET /api/portfolio')).toEqual({ ok: false, status: 404, message: body.error, body });
  });

  it('never lets a failure out: a throw or a 5xx is the plain sentence, with nothing of what failed', async () => {
    const thrown = fakeRoute(() => {
      throw new Error('ResourceNotFoundException: table options-academy-x');
    });
    const five = fakeRoute({ status: 503, body: { error: 'DynamoDB throttled', code: 'unavailable' } });
    for (const handler of [thrown.handler, five.handler]) {
      const answer = await callRoute({ 'GET /api/portfolio': handler }, reader, 'GET /api/portfolio');
      expect(answer).toMatchObject({ ok: false, message: SOMETHING_WENT_WRONG });
      const result = fromRoute(answer);
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result)).not.toMatch(/DynamoDB|ResourceNotFound/);
    }
  });

  it('refuses before calling the route when the token lacks its scope', async () => {
    const { handler, seen } = fakeRoute({ status: 201, body: {} });
    const answer = await callRoute({ 'POST /api/orders': handler }, reader, 'POST /api/orders', { body: {} });
    expect(answer).toMatchObject({ ok: false, status: 403, message: "This token lacks the 'trade' scope.", body: { code: 'forbidden', scope: 'trade' } });
    expect(seen).toHaveLength(0);
  });
});

describe('a refusal in words', () => {
  it('says what blocked an order and what warned, one check a line', () => {
    const body = {
      error: 'Not enough buying power: this order needs $1,250.00 and you have $300.00.',
      code: 'unprocessable',
      checks: [
        { passed: true, type: 'order_validation', severity: 'info', message: 'The order is valid.' },
        { passed: false, type: 'buying_power', severity: 'error', message: 'Not enough buying power: this order needs $1,250.00 and you have $300.00.' },
        { passed: true, type: 'pdt', severity: 'warning', message: 'This would be your third day trade in five days.' },
      ],
    };
    expect(messageOf(422, body)).toBe(
      [
        body.error,
        'Compliance checks:',
        '- Failed: Not enough buying power: this order needs $1,250.00 and you have $300.00.',
        '- Warning: This would be your third day trade in five days.',
      ].join('\n'),
    );
    const result = fromRoute({ ok: false, status: 422, message: messageOf(422, body), body });
    expect(result.isError).toBe(true);
    expect(result.content[0]).toEqual({ type: 'text', text: messageOf(422, body) });
  });

  it('falls back to the status in words when the answer has no message', () => {
    expect(messageOf(409, null)).toBe('The request was refused (HTTP 409).');
  });

  it('keeps what JSON cannot hold in words: an unlimited profit is "unlimited"', () => {
    expect(JSON.parse(toJson({ maxProfit: Infinity, maxLoss: -Infinity, pop: NaN }))).toEqual({ maxProfit: 'unlimited', maxLoss: '-unlimited', pop: null });
  });
});
