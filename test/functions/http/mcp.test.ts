import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthUser, Event, HttpResponse, RouteHandler } from '../../../functions/commons/http';
import { makeMcpHandler, serveMcp, type McpDeps } from '../../../functions/http/mcp';
import type { RouteTable } from '../../../functions/mcp/route-call';
import { LESSON_OUTLINE_URI, MCP_TOOLS } from '../../../functions/mcp/server';
import { learner, marketRoutes, NOW } from '../mcp/harness';
import { MCP_POST_ONLY } from '@shared/agent/mcp.api';

const URL_ = 'https://academy.test/api/mcp';

/** A route that answers `answer` and keeps what it was asked. */
function fakeRoute(answer: HttpResponse) {
  const seen: { body: unknown; user: AuthUser | null }[] = [];
  const handler: RouteHandler = {
    auth: 'user',
    spec: { auth: 'user' },
    run: async (event, user) => {
      seen.push({ body: event.body ? JSON.parse(event.body) : undefined, user });
      return answer;
    },
  };
  return { handler, seen };
}

const toResponse = (status: number, body: string | undefined, headers: Record<string, unknown> = {}) =>
  new Response(body === undefined || status === 202 ? null : body, {
    status,
    headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)])),
  });

/** The client's requests, answered by the Lambda handler as API Gateway would call it (GET and DELETE answer 405). */
const throughHandler =
  (deps: McpDeps, claims: Record<string, string>): FetchLike =>
  async (_url, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const event = {
      routeKey: `${method} /api/mcp`,
      headers,
      body: String(init?.body ?? ''),
      isBase64Encoded: false,
      requestContext: { requestId: 'r', http: { method }, authorizer: { jwt: { claims } } },
    } as unknown as Event;
    const res = await makeMcpHandler(deps)(event);
    return toResponse(res.statusCode ?? 200, res.body, res.headers);
  };

/** The same, with the caller given (a token's, which only the authorizer can set on a real request). */
const asCaller =
  (deps: McpDeps, user: AuthUser): FetchLike =>
  async (_url, init) => {
    if ((init?.method ?? 'GET').toUpperCase() !== 'POST') return new Response(null, { status: 404 });
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const res = await serveMcp(deps, { body: JSON.parse(String(init?.body)), headers, user, requestId: 'r' });
    return toResponse(res.status, res.rawJson, res.headers);
  };

const clients: Client[] = [];
async function connect(fetch: FetchLike) {
  const client = new Client({ name: 'test-agent', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(URL_), { fetch }));
  clients.push(client);
  return client;
}
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

const deps = (routes: RouteTable): McpDeps => ({ routes, clock: { now: () => NOW }, newId: () => '01JD0000000000000000000009' });
const text = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
const reader: AuthUser = { ...learner, agent: { tokenId: '01JD0000000000000000000001', name: 'my-bot', scopes: ['read'] } };
const trader: AuthUser = { ...learner, agent: { tokenId: '01JD0000000000000000000001', name: 'my-bot', scopes: ['read', 'trade'] } };

describe('POST /api/mcp with the SDK’s own client', () => {
  it('initialises statelessly and lists every tool with its input schema', async () => {
    const client = await connect(throughHandler(deps({}), { sub: 'learner-1' }));
    expect(client.getServerVersion()).toMatchObject({ name: 'options-academy' });
    expect(client.getInstructions()).toContain('paper');
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(MCP_TOOLS.map((t) => t.name));
    const chain = tools.find((t) => t.name === 'get_chain')!;
    expect(chain.inputSchema).toMatchObject({ type: 'object', required: expect.arrayContaining(['underlying', 'expiry']) });
    expect(chain.inputSchema.properties).toHaveProperty('maxDelta');
  });

  it('answers a tool with the route’s data', async () => {
    const client = await connect(throughHandler(deps(marketRoutes()), { sub: 'learner-1' }));
    const result = (await client.callTool({ name: 'list_expiries', arguments: { underlying: 'SPY', type: 'Monthly' } })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const answer = JSON.parse(text(result));
    expect(answer).toMatchObject({ underlying: 'SPY', source: 'demo' });
    expect(answer.expiries.length).toBeGreaterThan(0);
  });

  it('reads the lesson outline as a resource, as GET /api/learning/outline answers it', async () => {
    const outline = { modules: [{ id: 'm1', title: 'What an option is', lessons: 4 }], lessons: 4 };
    const { handler } = fakeRoute({ status: 200, body: outline });
    const client = await connect(throughHandler(deps({ 'GET /api/learning/outline': handler }), { sub: 'learner-1' }));
    expect((await client.listResources()).resources.map((r) => r.uri)).toEqual([LESSON_OUTLINE_URI]);
    const read = await client.readResource({ uri: LESSON_OUTLINE_URI });
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toEqual(outline);
  });

  it('answers bad arguments, an unknown tool and a refused order as tool errors in words, never a failure', async () => {
    const refusal = {
      error: 'Your options level does not allow this order.',
      code: 'unprocessable',
      checks: [{ passed: false, type: 'trading_level', severity: 'error', message: 'Your options level does not allow this order.' }],
    };
    const { handler } = fakeRoute({ status: 422, body: refusal });
    const client = await connect(throughHandler(deps({ 'POST /api/orders': handler }), { sub: 'learner-1' }));

    const bad = (await client.callTool({ name: 'get_chain', arguments: { underlying: 'SPY', expiry: 'soon', limit: 500 } })) as CallToolResult;
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/expiry|limit/);

    const unknown = (await client.callTool({ name: 'buy_the_dip', arguments: {} })) as CallToolResult;
    expect(unknown.isError).toBe(true);

    const refused = (await client.callTool({
      name: 'place_order',
      arguments: { legs: [{ contract: 'SPY261218P00550000', side: 'sell', quantity: 1 }] },
    })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(text(refused)).toContain('Your options level does not allow this order.');
    expect(text(refused)).toContain('- Failed: Your options level does not allow this order.');
  });

  it('sends an order as the HTTP API takes it, a day order with an id for safe retries, for the caller with its token', async () => {
    const { handler, seen } = fakeRoute({ status: 201, body: { order: { orderId: 'o-1', status: 'filled' }, checks: [] } });
    const client = await connect(asCaller(deps({ 'POST /api/orders': handler }), trader));
    const placed = (await client.callTool({
      name: 'place_order',
      arguments: {
        legs: [
          { contract: 'SPY261218C00600000', side: 'buy', quantity: 1 },
          { contract: 'SPY261218C00610000', side: 'sell', quantity: 1 },
        ],
        type: 'limit',
        limitPrice: 3.5,
        strategy: 'Bull Call Spread',
      },
    })) as CallToolResult;
    expect(placed.isError).toBeFalsy();
    expect(JSON.parse(text(placed))).toEqual({ order: { orderId: 'o-1', status: 'filled' }, checks: [] });
    expect(seen[0]!.body).toEqual({
      clientOrderId: 'mcp-01JD0000000000000000000009',
      type: 'limit',
      limitPrice: 3.5,
      timeInForce: 'day',
      legs: [
        { contract: 'SPY261218C00600000', side: 'buy', quantity: 1 },
        { contract: 'SPY261218C00610000', side: 'sell', quantity: 1 },
      ],
      strategy: 'Bull Call Spread',
    });
    expect(seen[0]!.user).toBe(trader);
  });

  it('refuses a trading tool to a read-only token, naming the scope, without calling the route', async () => {
    const { handler, seen } = fakeRoute({ status: 201, body: {} });
    const client = await connect(asCaller(deps({ 'POST /api/orders': handler, 'DELETE /api/orders/{id}': handler }), reader));
    for (const [name, args] of [
      ['place_order', { legs: [{ contract: 'SPY261218C00600000', side: 'buy', quantity: 1 }] }],
      ['cancel_order', { orderId: '01JD0000000000000000000003' }],
    ] as const) {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      expect(result.isError, name).toBe(true);
      expect(text(result), name).toContain("This token lacks the 'trade' scope.");
    }
    expect(seen).toHaveLength(0);
  });
});

describe('the transport’s own answers', () => {
  const post = (body: unknown, headers: Record<string, string>) =>
    makeMcpHandler(deps({}))({
      routeKey: 'POST /api/mcp',
      headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
      isBase64Encoded: false,
      requestContext: { requestId: 'r', authorizer: { jwt: { claims: { sub: 'learner-1' } } } },
    } as unknown as Event);
  const json = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };

  it('accepts a notification with 202 and no body', async () => {
    const res = await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, json);
    expect(res.statusCode).toBe(202);
    expect(res.body).toBeUndefined();
  });

  it('answers an unknown method with a JSON-RPC error, not a failure', async () => {
    const res = await post({ jsonrpc: '2.0', id: 7, method: 'tools/explode' }, json);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body!)).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32601 } });
  });

  it('refuses a client that does not accept JSON answers and event streams (406), and a body that is not JSON-RPC (400)', async () => {
    expect((await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { ...json, accept: 'text/html' })).statusCode).toBe(406);
    const notRpc = await post({ hello: 'world' }, json);
    expect(notRpc.statusCode).toBe(400);
    expect(JSON.parse(notRpc.body!)).toMatchObject({ code: 'bad_request' });
    expect((await post('{not json', json)).statusCode).toBe(400);
  });

  it('answers 504 rather than hold the function when a batch cancels its own request', async () => {
    const never: RouteHandler = { auth: 'public', spec: { auth: 'public' }, run: () => new Promise<HttpResponse>(() => undefined) };
    const batch = [
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'market_status', arguments: {} } },
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } },
    ];
    const res = await serveMcp(deps({ 'GET /api/market/status': never }), { body: batch, headers: json, user: learner, requestId: 'r' }, 50);
    expect(res).toEqual({ status: 504, body: { error: 'The request took too long. Please try again.', code: 'gateway_timeout' } });
  });

  it('answers GET and DELETE with 405 and Allow: POST, as the transport says a server without a stream or a session does', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await makeMcpHandler(deps({}))({
        routeKey: `${method} /api/mcp`,
        headers: { accept: 'text/event-stream' },
        requestContext: { requestId: 'r' },
      } as unknown as Event);
      expect(res.statusCode).toBe(405);
      expect(res.headers).toMatchObject({ Allow: 'POST' });
      expect(JSON.parse(res.body!)).toEqual({ error: MCP_POST_ONLY, code: 'bad_request' });
    }
  });

  it('needs a signed-in caller', async () => {
    const res = await makeMcpHandler(deps({}))({
      routeKey: 'POST /api/mcp',
      headers: json,
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      requestContext: { requestId: 'r' },
    } as unknown as Event);
    expect(res.statusCode).toBe(401);
  });
});
