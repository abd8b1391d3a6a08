import { GetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashAgentToken } from '../../../functions/adapters/agent-token-crypto';
import type { AgentTokenByHash } from '../../../functions/adapters/dynamo/agent-tokens';
import { authorizerContext, bearerCheck, bearerTokenOf, carriesAgentToken, claimsAsApiGatewayDoes } from '../../../functions/authorizers/bearer-check';
import { handler } from '../../../functions/authorizers/bearer';
import { principalOf, type Event } from '../../../functions/commons/http';

const TOKEN = `oa_pat_${'A'.repeat(40)}x-_`;
const NOW = Date.parse('2026-11-29T02:00:00.000Z');
const stored: AgentTokenByHash = { userId: 'user-1', tokenId: '01JTOKEN', name: 'my-bot', scopes: ['read'], expiresAt: '2026-12-29T02:00:00.000Z' };

/** A table of tokens by hash that counts its lookups, and a Cognito verifier that knows one token. */
function world() {
  const byHash = new Map<string, AgentTokenByHash>([[hashAgentToken(TOKEN), stored]]);
  const lookups: string[] = [];
  const check = bearerCheck({
    verifyJwt: async (jwt) => (jwt === 'good.jwt.token' ? { sub: 'user-1', iat: 1, exp: 2, 'cognito:groups': ['admin'] } : null),
    findToken: async (hash) => {
      lookups.push(hash);
      return byHash.get(hash) ?? null;
    },
    now: () => NOW,
  });
  return { byHash, lookups, check };
}

describe('the bearer check', () => {
  it('takes a personal access token by its SHA-256, with its owner, name and scopes, and never looks up the token itself', async () => {
    const w = world();
    expect(await w.check(`Bearer ${TOKEN}`)).toEqual({
      kind: 'agent',
      sub: 'user-1',
      tokenId: '01JTOKEN',
      name: 'my-bot',
      scopes: ['read'],
      expiresAt: stored.expiresAt,
    });
    expect(w.lookups).toEqual([hashAgentToken(TOKEN)]);
    expect(w.lookups[0]).toMatch(/^[0-9a-f]{64}$/);
    // The scheme's name in any case, as RFC 7235 allows.
    expect((await w.check(`bearer ${TOKEN}`)).kind).toBe('agent');
  });

  it('refuses a token that is not stored (revoked, never made), has expired, or cannot be one, without looking up the last', async () => {
    const w = world();
    w.byHash.clear();
    expect(await w.check(`Bearer ${TOKEN}`)).toEqual({ kind: 'refused', reason: 'token' });
    w.byHash.set(hashAgentToken(TOKEN), { ...stored, expiresAt: new Date(NOW).toISOString() });
    expect(await w.check(`Bearer ${TOKEN}`)).toEqual({ kind: 'refused', reason: 'token' });
    w.lookups.length = 0;
    expect(await w.check('Bearer oa_pat_short')).toEqual({ kind: 'refused', reason: 'token' });
    expect(w.lookups).toEqual([]);
  });

  it('verifies anything else as a Cognito token, and refuses what does not verify or is not a bearer', async () => {
    const w = world();
    expect(await w.check('Bearer good.jwt.token')).toMatchObject({ kind: 'cognito', claims: { sub: 'user-1' } });
    expect(await w.check('Bearer bad.jwt.token')).toEqual({ kind: 'refused', reason: 'sign-in' });
    expect(await w.check(undefined)).toEqual({ kind: 'refused', reason: 'sign-in' });
    expect(await w.check(`Basic ${TOKEN}`)).toEqual({ kind: 'refused', reason: 'sign-in' });
    expect(bearerTokenOf('Bearer  abc ')).toBe('abc');
    expect(bearerTokenOf('Bearer a b')).toBeNull();
    expect(carriesAgentToken(`BEARER ${TOKEN}`)).toBe(true);
    expect(carriesAgentToken('Bearer good.jwt.token')).toBe(false);
  });

  it("hands the handlers what they read back into the caller: a token's owner and token, a Cognito token's claims as API Gateway gives them", async () => {
    const w = world();
    const asEvent = (lambda: Record<string, unknown>) => ({ routeKey: 'GET /api/x', requestContext: { authorizer: { lambda } } }) as unknown as Event;
    const agent = authorizerContext(await w.check(`Bearer ${TOKEN}`));
    expect(agent).toEqual({ sub: 'user-1', agentTokenId: '01JTOKEN', agentTokenName: 'my-bot', agentScopes: 'read' });
    expect(principalOf(asEvent(agent)).user).toEqual({ sub: 'user-1', groups: [], agent: { tokenId: '01JTOKEN', name: 'my-bot', scopes: ['read'] } });
    const cognito = authorizerContext(await w.check('Bearer good.jwt.token'));
    expect(cognito).toEqual(claimsAsApiGatewayDoes({ sub: 'user-1', iat: 1, exp: 2, 'cognito:groups': ['admin'] } as never));
    expect(cognito['cognito:groups']).toBe('[admin]');
    expect(principalOf(asEvent(cognito), 1000).user).toMatchObject({ sub: 'user-1', groups: ['admin'], issuedAt: 1 });
    expect(authorizerContext({ kind: 'refused', reason: 'token' })).toEqual({ refused: 'token' });
  });
});

describe('the Lambda authorizer', () => {
  const db = mockClient(DynamoDBDocumentClient);
  const env = { ...process.env };
  beforeAll(() => {
    Object.assign(process.env, { USER_POOL_ID: 'us-east-1_TestPool1', CLIENT_ID: 'client-1', TABLE_NAME: 'tbl', AWS_REGION: 'us-east-1' });
  });
  afterAll(() => {
    db.restore();
    process.env = env;
  });
  const request = (authorization: string) =>
    ({ type: 'REQUEST', version: '2.0', headers: { authorization }, identitySource: [authorization], routeKey: 'GET /api/portfolio' }) as never;

  it('answers a simple response: a known token with its context, anything else marked refused for the handler to answer 401', async () => {
    db.reset();
    db.on(GetCommand).resolves({});
    db.on(GetCommand, { TableName: 'tbl', Key: { PK: `AGENT_TOKEN#${hashAgentToken(TOKEN)}`, SK: 'AGENT_TOKEN' } }).resolves({
      Item: { userId: 'user-1', tokenId: '01JTOKEN', name: 'my-bot', scopes: ['read', 'trade'], expiresAt: '2099-01-01T00:00:00.000Z' },
    });
    expect(await handler(request(`Bearer ${TOKEN}`))).toEqual({
      isAuthorized: true,
      context: { sub: 'user-1', agentTokenId: '01JTOKEN', agentTokenName: 'my-bot', agentScopes: 'read trade' },
    });
    expect(db.commandCalls(GetCommand)[0]!.args[0].input.ConsistentRead).toBe(true);
    expect(await handler(request(`Bearer oa_pat_${'B'.repeat(43)}`))).toEqual({ isAuthorized: true, context: { refused: 'token' } });
    // Not a JWT at all: refused without asking the pool for its keys.
    expect(await handler(request('Bearer not-a-jwt'))).toEqual({ isAuthorized: true, context: { refused: 'sign-in' } });
  });
});
