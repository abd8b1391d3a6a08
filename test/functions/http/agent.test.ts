import { describe, expect, it } from 'vitest';
import { makeAgentHandler } from '../../../functions/http/agent';
import type { AuthUser, Event } from '../../../functions/commons/http';
import { agentTokenTestDeps } from '../../support/memory-agent-tokens';

const event = (routeKey: string, sub: string, extra: Record<string, unknown> = {}) =>
  ({ routeKey, headers: {}, requestContext: { requestId: 'r', authorizer: { jwt: { claims: { sub }, scopes: [] } } }, ...extra }) as unknown as Event;
const post = (sub: string, body: unknown) =>
  event('POST /api/agent/tokens', sub, { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const del = (sub: string, id: string) => event('DELETE /api/agent/tokens/{id}', sub, { pathParameters: { id } });
const json = (res: { body?: string }) => JSON.parse(res.body ?? 'null');

function setup() {
  const { deps, tokens } = agentTokenTestDeps();
  return { handler: makeAgentHandler(deps), tokens };
}

describe('the token routes', () => {
  it('create answers 201 with the token shown once, list shows it without the token, and revoke answers 204', async () => {
    const { handler } = setup();
    const created = await handler(post('u-1', { name: 'my-bot', scopes: ['read'], expiresInDays: 30 }));
    expect(created.statusCode).toBe(201);
    const { token, secret } = json(created);
    expect(secret).toMatch(/^oa_pat_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({ name: 'my-bot', scopes: ['read'], lastFour: secret.slice(-4), lastUsedAt: null });

    const listed = await handler(event('GET /api/agent/tokens', 'u-1'));
    expect(listed.statusCode).toBe(200);
    expect(json(listed)).toEqual({ tokens: [token], max: 10 });
    expect(listed.body).not.toContain(secret);

    expect((await handler(del('u-2', token.id))).statusCode).toBe(404);
    expect((await handler(del('u-1', token.id))).statusCode).toBe(204);
    expect(json(await handler(event('GET /api/agent/tokens', 'u-1'))).tokens).toEqual([]);
    const again = await handler(del('u-1', token.id));
    expect([again.statusCode, json(again)]).toEqual([404, { error: 'No such token.', code: 'not_found' }]);
  });

  it('refuses a malformed body or id with the reason, and the eleventh token with 409', async () => {
    const { handler } = setup();
    const bad = await handler(post('u-1', { name: 'my-bot', scopes: ['admin'], expiresInDays: 30 }));
    expect(bad.statusCode).toBe(400);
    expect((await handler(del('u-1', 'not-a-ulid'))).statusCode).toBe(400);
    for (let i = 0; i < 10; i++) expect((await handler(post('u-1', { name: `bot ${i}`, scopes: ['read'], expiresInDays: 90 }))).statusCode).toBe(201);
    const eleventh = await handler(post('u-1', { name: 'bot 10', scopes: ['read'], expiresInDays: 90 }));
    expect(eleventh.statusCode).toBe(409);
    expect(json(eleventh)).toEqual({
      error: 'You have 10 tokens, the most a learner keeps. Revoke one (an expired one too) to create another.',
      code: 'conflict',
    });
  });

  it('refuses a request made with a token on every route, whatever the gateway let through', async () => {
    const { handler, tokens } = setup();
    const agent: AuthUser = { sub: 'u-1', groups: [], agent: { tokenId: '01JDXKQ3M9R4T7V2W8Y5Z6A1B0', name: 'my-bot', scopes: ['read', 'trade'] } };
    const forbidden = { status: 403, body: { error: 'Agent tokens cannot use this route.', code: 'forbidden' } };
    expect(await handler.routes['GET /api/agent/tokens']!.run(event('GET /api/agent/tokens', 'u-1'), agent)).toEqual(forbidden);
    expect(await handler.routes['POST /api/agent/tokens']!.run(post('u-1', { name: 'minted', scopes: ['trade'], expiresInDays: 365 }), agent)).toEqual(
      forbidden,
    );
    expect(await handler.routes['DELETE /api/agent/tokens/{id}']!.run(del('u-1', '01JDXKQ3M9R4T7V2W8Y5Z6A1B0'), agent)).toEqual(forbidden);
    expect(tokens.byUser.size).toBe(0);
  });
});
