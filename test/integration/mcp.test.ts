import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { learner as learnerOf, monthlyChain } from '../support/learner';
import { waitFor } from '../support/local-stack';

/**
 * The MCP server through the local stack (the gateway with real token checks, the handler, DynamoDB Local), driven by
 * the MCP SDK's own client over the Streamable HTTP transport, as a learner's AI assistant would connect.
 *
 * An agent connects with a personal access token (`oa_pat_…`) the learner made through POST /api/agent/tokens, as on
 * /app/agent; the learner's Cognito ID token is accepted too, as on every signed-in route.
 */
const stack = inject('stack');
const MCP_URL = new URL('/api/mcp', stack.url);

const text = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
const clients: Client[] = [];

async function connect(bearer: string) {
  const client = new Client({ name: 'integration-agent', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(MCP_URL, { requestInit: { headers: { Authorization: `Bearer ${bearer}` } } }));
  clients.push(client);
  return client;
}

async function callTool(client: Client, name: string, args: Record<string, unknown>) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

let spy: Awaited<ReturnType<typeof monthlyChain>>;

beforeAll(async () => {
  // The start-up ingestion, given the time a busy machine takes (two minutes and more on two shared cores).
  await waitFor(
    async () => (await fetch(`${stack.url}/api/market/status`)).json(),
    (s: { lastSync: string | null }) => s.lastSync !== null,
    200_000,
    'market data',
  );
  spy = await monthlyChain(stack, 'SPY');
}, 240_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

describe('the MCP server with the SDK’s client', () => {
  it('connects with a personal access token, lists the tools, places a paper spread marked with its name and reads it back', async () => {
    const { call } = await learnerOf(stack, 100000);
    const made = await call('POST', '/api/agent/tokens', { name: 'mcp-bot', scopes: ['read', 'trade'], expiresInDays: 30 });
    expect(made.status).toBe(201);
    const client = await connect(made.body.secret);

    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['get_chain', 'place_template', 'place_order', 'get_portfolio', 'journal_stats']));

    // The chain, filtered: at-the-money-ish calls by delta.
    const { expiries } = JSON.parse(text(await callTool(client, 'list_expiries', { underlying: 'SPY', type: 'Monthly' })));
    const chain = JSON.parse(
      text(
        await callTool(client, 'get_chain', { underlying: 'SPY', expiry: expiries[0].expiration_date, type: 'call', minDelta: 0.3, maxDelta: 0.7, limit: 10 }),
      ),
    );
    expect(chain.returned).toBeGreaterThan(0);
    expect(chain.contracts.every((c: { delta: number }) => c.delta >= 0.3 && c.delta <= 0.7)).toBe(true);

    const low = spy.nearest('call', spy.price);
    const high = spy.nearest('call', spy.price * 1.03);
    const spread = {
      legs: [
        { contract: low.contract_ticker, side: 'buy', quantity: 1 },
        { contract: high.contract_ticker, side: 'sell', quantity: 1 },
      ],
      type: 'market',
      strategy: 'Bull Call Spread',
      whenClosed: 'last-close',
    };

    // A new account trades at the Standard level, which allows no spreads: refused, with the check in words.
    const refused = await callTool(client, 'place_order', spread);
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatch(/Compliance checks:\n- Failed: .*level/i);

    expect((await call('PUT', '/api/account/settings', { optionsLevel: 3 })).status).toBe(200);
    const placed = await callTool(client, 'place_order', spread);
    expect(placed.isError).toBeFalsy();
    const { order } = JSON.parse(text(placed));
    expect(order).toMatchObject({ status: 'filled', strategy: 'Bull Call Spread', agent: 'mcp-bot' });

    const portfolio = JSON.parse(text(await callTool(client, 'get_portfolio', {})));
    const held = portfolio.positions.map((p: { symbol: string; quantity: number; side: string }) => [p.symbol, p.quantity, p.side]);
    expect(held).toEqual(
      expect.arrayContaining([
        [low.contract_ticker, 1, 'long'],
        [high.contract_ticker, -1, 'short'],
      ]),
    );
    // The tool answers what the HTTP API answers (the fields no new quote can move between the two reads).
    const http = (await call('GET', '/api/portfolio')).body;
    const settled = (p: { symbol: string; quantity: number; side: string; avgPrice: number; costBasis: number; group: unknown }) => [
      p.symbol,
      p.quantity,
      p.side,
      p.avgPrice,
      p.costBasis,
      p.group,
    ];
    expect(portfolio.positions.map(settled)).toEqual(http.positions.map(settled));
    expect(Object.keys(portfolio).sort()).toEqual(Object.keys(http).sort());

    const orders = JSON.parse(text(await callTool(client, 'list_orders', { status: 'filled' })));
    expect(orders.orders.map((o: { orderId: string }) => o.orderId)).toContain(order.orderId);
  });

  it("refuses a read token's order with the scope it lacks, and a revoked token at once", async () => {
    const { call } = await learnerOf(stack, 100000);
    const made = await call('POST', '/api/agent/tokens', { name: 'reader', scopes: ['read'], expiresInDays: 30 });
    const client = await connect(made.body.secret);
    const low = spy.nearest('call', spy.price);
    const refused = await callTool(client, 'place_order', {
      legs: [{ contract: low.contract_ticker, side: 'buy', quantity: 1 }],
      type: 'market',
      whenClosed: 'last-close',
    });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toContain("This token lacks the 'trade' scope.");
    expect(JSON.parse(text(await callTool(client, 'get_portfolio', {}))).positions).toEqual([]);

    expect((await call('DELETE', `/api/agent/tokens/${made.body.token.id}`)).status).toBe(204);
    const after = await fetch(MCP_URL, {
      method: 'POST',
      headers: { authorization: `Bearer ${made.body.secret}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(after.status).toBe(401);
    expect((await after.json()).error).toBe('This token was revoked or has expired.');
  });

  it('places a template on the chain and prices with the engines, without touching the account', async () => {
    const { user } = await learnerOf(stack);
    const client = await connect(user.idToken);
    const placed = JSON.parse(text(await callTool(client, 'place_template', { templateId: 'iron-condor', underlying: 'SPY' })));
    expect(placed.orderLegs).toHaveLength(4);
    expect(placed.analysis.maxLoss).toBeLessThan(0);
    expect(placed.analysis.breakevens).toHaveLength(2);
    const priced = JSON.parse(
      text(await callTool(client, 'price_option', { type: 'call', underlying: 'SPY', spot: spy.price, strike: spy.price, days: 30, volatility: 0.2 })),
    );
    expect(priced.price).toBeGreaterThan(0);
    expect(priced.greeks.delta).toBeGreaterThan(0.4);
  });

  it('answers a bad call as an MCP error or a tool error, never a 500', async () => {
    const { user } = await learnerOf(stack);
    const client = await connect(user.idToken);

    const invalid = await callTool(client, 'get_chain', { underlying: 'SPY', expiry: 'tomorrow', limit: 51 });
    expect(invalid.isError).toBe(true);
    const unknownTicker = await callTool(client, 'list_expiries', { underlying: 'ZZZZ' });
    expect(unknownTicker.isError).toBe(true);
    // No paper account yet: the portfolio route's 404, in its words.
    const noAccount = await callTool(client, 'get_portfolio', {});
    expect(noAccount.isError).toBe(true);
    expect(text(noAccount).length).toBeGreaterThan(10);
    await expect(client.readResource({ uri: 'options-academy://nothing/here' })).rejects.toThrow(/-32602|not found/i);

    // And on the wire: a method the server does not have is a JSON-RPC error, a body that is not JSON-RPC a 400.
    const post = (body: string) =>
      fetch(MCP_URL, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body,
      });
    const noMethod = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/explode' }));
    expect(noMethod.status).toBe(200);
    expect(await noMethod.json()).toMatchObject({ error: { code: -32601 } });
    expect((await post('{"hello":')).status).toBe(400);
  });

  it('needs a token', async () => {
    const res = await fetch(MCP_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
  });
});
