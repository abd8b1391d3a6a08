import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AGENT_LIMITS, type AgentScope } from '@shared/agent/token';
import { newAgentTokenSecret } from '../../functions/adapters/agent-token-crypto';
import { AGENT_REVOCATION_SECONDS } from '../../functions/commons/deleted-accounts';
import { localTable, storeAgentToken } from '../support/agent-tokens';
import { waitFor } from '../support/local-stack';
import { learner, marketBuy, monthlyChain } from '../support/learner';

/**
 * Personal access tokens at the local gateway, which runs the bearer authorizer of AWS on the routes that have a scope
 * and the learner's handlers behind it: what a token may read and do, what it may not, revocation and its limit.
 * Tokens are made through POST /api/agent/tokens and revoked through DELETE; an expired one is stored directly
 * (test/support/agent-tokens.ts), as no route makes one.
 */
const stack = inject('stack');
let db: DynamoDBDocumentClient;

beforeAll(() => {
  db = localTable(stack);
});
afterAll(() => db.destroy());

const storeToken = (userId: string, scopes: AgentScope[], expiresAt?: string) => storeAgentToken(db, stack.tableName, userId, { scopes, expiresAt });

type Learner = Awaited<ReturnType<typeof learner>>;
/** A token made as the learner makes one on /app/agent: POST /api/agent/tokens, the secret shown once. */
async function createToken(who: Learner, scopes: AgentScope[], name = `bot-${Math.random().toString(36).slice(2, 8)}`) {
  const made = await who.call('POST', '/api/agent/tokens', { name, scopes, expiresInDays: 30 });
  expect(made.status).toBe(201);
  const { token, secret } = made.body as { token: { id: string; name: string }; secret: string };
  return { secret, id: token.id, name: token.name, revoke: async () => expect((await who.call('DELETE', `/api/agent/tokens/${token.id}`)).status).toBe(204) };
}

const withToken = async (secret: string, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${stack.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: await res.json().catch(() => null) };
};

describe('a personal access token at the gateway', () => {
  let spy: Awaited<ReturnType<typeof monthlyChain>>;
  beforeAll(async () => {
    // The stack's first ingestion, which a stack started for this file alone may still be running on a busy machine.
    await waitFor(
      async () => (await fetch(`${stack.url}/api/market/status`)).json() as Promise<{ lastSync: string | null }>,
      (s) => s.lastSync !== null,
      170_000,
      'market data',
    );
    spy = await monthlyChain(stack, 'SPY');
  }, 180_000);

  it("reads the learner's portfolio as the browser does, and places a paper order with `trade`", async () => {
    const who = await learner(stack, 100_000);
    const { call } = who;
    const token = await createToken(who, ['read', 'trade']);
    const byToken = await withToken(token.secret, 'GET', '/api/portfolio');
    expect(byToken.status).toBe(200);
    const byBrowser = await call('GET', '/api/portfolio');
    expect(byToken.body.account).toEqual(byBrowser.body.account);

    const placed = await withToken(token.secret, 'POST', '/api/orders', marketBuy(spy.nearest('call', spy.price).contract_ticker, 1));
    expect(placed.status).toBe(201);
    expect((await withToken(token.secret, 'GET', '/api/orders')).body.orders.length).toBeGreaterThan(0);
    // A public route takes no token: the caller is anonymous there, and the token does no harm.
    expect((await withToken(token.secret, 'GET', '/api/market/status')).status).toBe(200);
    // The learner's list says when the token was last used.
    const listed = (await call('GET', '/api/agent/tokens')).body as { tokens: { id: string; lastUsedAt: string | null }[] };
    expect(listed.tokens.find((t) => t.id === token.id)?.lastUsedAt).not.toBeNull();
  });

  it("gets 403 naming 'trade' when a `read` token places an order, and 403 on a browser-only route such as the journal's export", async () => {
    const who = await learner(stack, 100_000);
    const token = await createToken(who, ['read']);
    const order = await withToken(token.secret, 'POST', '/api/orders', marketBuy('SPY261218C00600000', 1));
    expect(order.status).toBe(403);
    expect(order.body).toEqual({ error: "This token lacks the 'trade' scope.", code: 'forbidden', scope: 'trade' });

    const trader = await createToken(who, ['read', 'trade']);
    for (const [method, path] of [
      ['GET', '/api/journal/export.csv'],
      ['GET', '/api/me/export'],
      ['PUT', '/api/account/settings'],
      ['GET', '/api/broker/credentials'],
      ['GET', '/api/agent/tokens'],
      ['GET', '/api/admin/market/stats'],
    ] as const) {
      const refused = await withToken(trader.secret, method, path);
      expect(refused.status, path).toBe(403);
      expect(refused.body, path).toEqual({ error: 'Agent tokens cannot use this route.', code: 'forbidden' });
    }
  });

  it(`gets 401 once revoked, within ${AGENT_REVOCATION_SECONDS} s, while the learner's browser goes on`, async () => {
    const who = await learner(stack, 100_000);
    const token = await createToken(who, ['read']);
    expect((await withToken(token.secret, 'GET', '/api/portfolio')).status).toBe(200);
    await token.revoke();
    // The gateway keeps the authorizer's answer (as API Gateway does); the handler's standing read refuses the token.
    const refused = await waitFor(
      () => withToken(token.secret, 'GET', '/api/portfolio'),
      (r) => r.status !== 200,
      (AGENT_REVOCATION_SECONDS + 5) * 1000,
      'the revoked token refused',
    );
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: 'This token was revoked or has expired.', code: 'unauthorized' });
    expect((await who.call('GET', '/api/portfolio')).status).toBe(200);
  });

  it('gets 401 for a token never made or one that has expired', async () => {
    const { user } = await learner(stack);
    const unknown = await withToken(newAgentTokenSecret(), 'GET', '/api/portfolio');
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ error: 'This token was revoked or has expired.', code: 'unauthorized' });
    const expired = await storeToken(user.sub, ['read'], new Date(Date.now() - 1000).toISOString());
    expect((await withToken(expired.secret, 'GET', '/api/portfolio')).status).toBe(401);
  });

  it(`is limited to ${AGENT_LIMITS.requestsPerMinute} requests a minute: the next gets 429 with Retry-After, apart from the learner's browser and other tokens`, async () => {
    const who = await learner(stack, 100_000);
    const { call } = who;
    const token = await createToken(who, ['read']);
    const other = await createToken(who, ['read']);
    for (let sent = 0; sent < AGENT_LIMITS.requestsPerMinute; sent += 10) {
      const batch = await Promise.all(Array.from({ length: 10 }, () => withToken(token.secret, 'GET', '/api/portfolio')));
      expect(batch.map((r) => r.status)).toEqual(Array(10).fill(200));
    }
    const limited = await withToken(token.secret, 'GET', '/api/portfolio');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: 'Too many requests. Please wait a moment and try again.', code: 'rate_limited' });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await withToken(other.secret, 'GET', '/api/portfolio')).status).toBe(200);
    expect((await call('GET', '/api/portfolio')).status).toBe(200);
  });
});
