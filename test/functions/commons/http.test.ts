import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorBody } from '@shared/api/contract';
import { fail, ok as okResult } from '@shared/result';
import { agentRefusal, failure, httpApi, httpApiWithAdmin, ok, principalOf, respond, route, userFromClaims, type Event } from '../../../functions/commons/http';
import { appError } from '../../../functions/commons/errors';

const claims = { sub: 'user-1', email: 'ada@example.com', name: 'Ada', 'cognito:groups': '[admin learners]' };

function event(
  routeKey: string,
  opts: {
    body?: string;
    query?: Record<string, string>;
    params?: Record<string, string>;
    claims?: Record<string, string>;
    headers?: Record<string, string>;
  } = {},
): Event {
  return {
    version: '2.0',
    routeKey,
    rawPath: '/',
    rawQueryString: '',
    headers: opts.headers ?? {},
    body: opts.body,
    isBase64Encoded: false,
    queryStringParameters: opts.query,
    pathParameters: opts.params,
    requestContext: { requestId: 'r1', authorizer: opts.claims ? { jwt: { claims: opts.claims, scopes: [] } } : undefined },
  } as unknown as Event;
}

/** The user pool's groups now, per user (u-removed's token still says admin; u-unreachable's lookup fails). */
const poolGroups: Record<string, string[]> = { 'user-1': ['admin', 'learners'], 'u-removed': ['learners'] };
const groups = {
  groupsOf: async (sub: string) => {
    if (sub === 'u-unreachable') throw new Error('Cognito timed out');
    return poolGroups[sub] ?? [];
  },
};

const api = httpApiWithAdmin(groups, {
  'GET /api/public': route({ auth: 'public' }, async ({ user }) => ok({ signedIn: !!user })),
  'POST /api/things/{id}': route(
    {
      auth: 'user',
      params: z.object({ id: z.string().regex(/^\d+$/, 'must be a number') }),
      query: z.object({ dryRun: z.enum(['true', 'false']).optional() }),
      body: z.object({ quantity: z.number().int().positive() }),
    },
    async ({ params, body, user, query }) => ok({ id: params.id, quantity: body.quantity, by: user.sub, dryRun: query.dryRun }),
  ),
  'GET /api/admin-only': route({ auth: 'admin' }, async () => ok({ secret: true })),
  'GET /api/boom': route({ auth: 'public' }, async () => {
    throw new Error('database password is hunter2');
  }),
  'GET /api/conflict': route({ auth: 'public' }, async () => failure(appError('unprocessable', 'Trading level 2 required. Current level: 1', { checks: [1] }))),
  'GET /api/cached': route({ auth: 'public' }, async () => ok({ v: 1 }, { etag: '"v1"', 'cache-control': 'public, max-age=30' })),
});

const json = (r: { body?: string }) => JSON.parse(r.body ?? 'null');

describe('httpApi', () => {
  it('dispatches on the route key and serves a public route without a user', async () => {
    const res = await api(event('GET /api/public'));
    expect(res.statusCode).toBe(200);
    expect(res.headers?.['content-type']).toMatch(/application\/json/);
    expect(res.headers?.['cache-control']).toBe('no-store');
    expect(json(res)).toEqual({ signedIn: false });
  });

  it('passes validated params, query and body with the user taken from the claims', async () => {
    const res = await api(event('POST /api/things/{id}', { params: { id: '42' }, query: { dryRun: 'true' }, body: '{"quantity":3}', claims }));
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ id: '42', quantity: 3, by: 'user-1', dryRun: 'true' });
  });

  it('answers 400 with the field and reason when input is invalid', async () => {
    const bad = await api(event('POST /api/things/{id}', { params: { id: 'abc' }, body: '{"quantity":3}', claims }));
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ code: 'bad_request', error: 'Id in the address: must be a number' });

    const zero = await api(event('POST /api/things/{id}', { params: { id: '1' }, body: '{"quantity":0}', claims }));
    expect(zero.statusCode).toBe(400);
    expect(json(zero).issues[0].path).toBe('body.quantity');
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await api(event('POST /api/things/{id}', { params: { id: '1' }, body: '{quantity:', claims }));
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toBe('The request body must be valid JSON.');
  });

  it('answers 400 naming the field for a number too small or too large to store (DynamoDB refused it: a 500)', async () => {
    const post = (body: string) => api(event('POST /api/things/{id}', { params: { id: '1' }, body, claims }));
    const tiny = await post('{"quantity":1e-200}');
    expect(tiny.statusCode).toBe(400);
    expect(json(tiny)).toMatchObject({ code: 'bad_request', error: 'Quantity: must be 0 or between 1e-130 and 1e125 in size' });
    expect(json(await post('{"quantity":3,"extra":[1,{"deep":1e400}]}')).error).toBe('Deep of extra 2: must be 0 or between 1e-130 and 1e125 in size');
    expect(json(await post('{"quantity":-1e126}')).error).toBe('Quantity: must be 0 or between 1e-130 and 1e125 in size');
    expect(json(await post('{"quantity":7}'))).toMatchObject({ quantity: 7 });
  });

  it('answers 400, not a crash, for a body nested a million levels deep', async () => {
    const res = await api(event('POST /api/things/{id}', { params: { id: '1' }, body: '['.repeat(1_000_000) + ']'.repeat(1_000_000), claims }));
    expect(res.statusCode).toBe(400);
  });

  it('refuses a signed-in route without claims and an admin route without the admin group', async () => {
    expect((await api(event('POST /api/things/{id}', { params: { id: '1' }, body: '{"quantity":1}' }))).statusCode).toBe(401);
    expect((await api(event('GET /api/admin-only', { claims: { sub: 'u2', 'cognito:groups': '[learners]' } }))).statusCode).toBe(403);
    expect((await api(event('GET /api/admin-only', { claims }))).statusCode).toBe(200);
  });

  it('refuses an admin route to an operator the user pool no longer has in the group, whatever their token says', async () => {
    const removed = await api(event('GET /api/admin-only', { claims: { sub: 'u-removed', 'cognito:groups': '[admin]' } }));
    expect(removed.statusCode).toBe(403);
    expect(json(removed)).toEqual({ error: 'This page is for administrators only.', code: 'forbidden' });
  });

  it('answers 503, not the page, when the user pool cannot be asked', async () => {
    const res = await api(event('GET /api/admin-only', { claims: { sub: 'u-unreachable', 'cognito:groups': '[admin]' } }));
    expect(res.statusCode).toBe(503);
    expect(json(res)).toMatchObject({ code: 'unavailable' });
    expect(res.body).not.toContain('timed out');
  });

  it('will not serve admin routes without a way to ask the user pool', () => {
    expect(() => httpApi({ 'GET /api/admin-only': route({ auth: 'admin' }, async () => ok({})) })).toThrow(/group membership/);
    expect(() => httpApi({ 'GET /api/public': route({ auth: 'public' }, async () => ok({})) })).not.toThrow();
  });

  it('turns an unexpected throw into a 500 that reveals nothing', async () => {
    const res = await api(event('GET /api/boom'));
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(json(res).error).toBe('Something went wrong on our side. Please try again.');
  });

  it('every error answer carries a code, as the contract requires', async () => {
    const answers = [
      [await api(event('POST /api/things/{id}', { params: { id: '1' }, body: '{"quantity":1}' })), 401, 'unauthorized'],
      [await api(event('GET /api/admin-only', { claims: { sub: 'u2', 'cognito:groups': '[learners]' } })), 403, 'forbidden'],
      [await api(event('GET /api/nowhere')), 404, 'not_found'],
      [await api(event('GET /api/boom')), 500, 'internal'],
      [await api(event('POST /api/things/{id}', { params: { id: 'x' }, body: '{"quantity":1}', claims })), 400, 'bad_request'],
    ] as const;
    for (const [res, status, code] of answers) {
      expect(res.statusCode).toBe(status);
      expect(ErrorBody.parse(json(res)).code).toBe(code);
    }
  });

  it('respond answers a Result: the value with 200 (or as told), the failure with its status and code', () => {
    expect(respond(okResult({ a: 1 }))).toEqual({ status: 200, body: { a: 1 } });
    expect(respond(okResult(2), (n) => ({ status: 201, body: { n } }))).toEqual({ status: 201, body: { n: 2 } });
    expect(respond(fail('not_found', 'No such thing.'))).toEqual({ status: 404, body: { error: 'No such thing.', code: 'not_found' } });
  });

  it('maps an expected failure to its status with the exact message and details', async () => {
    const res = await api(event('GET /api/conflict'));
    expect(res.statusCode).toBe(422);
    expect(json(res)).toEqual({ error: 'Trading level 2 required. Current level: 1', code: 'unprocessable', checks: [1] });
  });

  it('answers 304 when If-None-Match matches the ETag', async () => {
    const first = await api(event('GET /api/cached'));
    expect(first.headers?.etag).toBe('"v1"');
    const again = await api(event('GET /api/cached', { headers: { 'if-none-match': '"v1"' } }));
    expect(again.statusCode).toBe(304);
    expect(again.body).toBeUndefined();
  });

  it('answers 404 for a route key it does not serve', async () => {
    expect((await api(event('GET /api/unknown'))).statusCode).toBe(404);
  });
});

describe('userFromClaims', () => {
  it('reads the groups API Gateway flattens to "[a b]" and real arrays alike', () => {
    expect(userFromClaims(claims)?.groups).toEqual(['admin', 'learners']);
    expect(userFromClaims({ sub: 'x', 'cognito:groups': ['admin'] })?.groups).toEqual(['admin']);
    expect(userFromClaims({ sub: 'x' })?.groups).toEqual([]);
  });

  it("takes the email as verified only when the token's email_verified says so, as a string or a boolean", () => {
    expect(userFromClaims({ sub: 'x', email: 'a@b.c', email_verified: 'true' })?.emailVerified).toBe(true);
    expect(userFromClaims({ sub: 'x', email: 'a@b.c', email_verified: true })?.emailVerified).toBe(true);
    expect(userFromClaims({ sub: 'x', email: 'a@b.c', email_verified: 'false' })?.emailVerified).toBe(false);
    expect(userFromClaims({ sub: 'x', email: 'a@b.c' })?.emailVerified).toBe(false);
  });

  it('has no user without a subject', () => {
    expect(userFromClaims(undefined)).toBeNull();
    expect(userFromClaims({ email: 'a@b.c' })).toBeNull();
  });
});

describe("a deleted learner's token", () => {
  const deletedApi = httpApi(
    {
      'GET /api/mine': route({ auth: 'user' }, async ({ user }) => ok({ by: user.sub })),
      'GET /api/me/deletion': route({ auth: 'user' }, async () => ok({ status: 'deleting' })),
      'GET /api/open': route({ auth: 'public' }, async () => ok({ open: true })),
    },
    { standing: async (sub) => ({ deleted: sub === 'gone', signedOutAt: null }) },
  );
  const as = (routeKey: string, sub: string) => deletedApi(event(routeKey, { claims: { ...claims, sub } }));

  it('is refused by every signed-in route with a clear message, but may still read its deletion’s progress and public routes', async () => {
    const refused = await as('GET /api/mine', 'gone');
    expect(refused.statusCode).toBe(401);
    expect(json(refused)).toEqual({ error: 'This account has been deleted. Sign up again to start afresh.', code: 'account_deleted' });
    expect((await as('GET /api/me/deletion', 'gone')).statusCode).toBe(200);
    expect((await as('GET /api/open', 'gone')).statusCode).toBe(200);
    expect(json(await as('GET /api/mine', 'user-1'))).toEqual({ by: 'user-1' });
  });
});

describe('a token issued before a sign-out everywhere', () => {
  const signedOutAt = Date.parse('2026-11-25T15:00:00.000Z');
  const reads: string[] = [];
  const sessionsApi = httpApi(
    {
      'GET /api/mine': route({ auth: 'user' }, async ({ user }) => ok({ by: user.sub })),
      'GET /api/open': route({ auth: 'public' }, async () => ok({ open: true })),
    },
    {
      standing: async (sub) => {
        reads.push(sub);
        return { deleted: false, signedOutAt: sub === 'user-1' ? signedOutAt : null };
      },
    },
  );
  const withIat = (routeKey: string, iat: number) => sessionsApi(event(routeKey, { claims: { ...claims, iat: String(iat) } }));

  it('is refused by every signed-in route (iat as API Gateway passes it, a string), while a later token and public routes work', async () => {
    reads.length = 0;
    const refused = await withIat('GET /api/mine', signedOutAt / 1000 - 30);
    expect(refused.statusCode).toBe(401);
    expect(json(refused)).toEqual({ error: 'You signed out everywhere, or changed your password. Please sign in again.', code: 'signed_out' });
    expect((await withIat('GET /api/open', signedOutAt / 1000 - 30)).statusCode).toBe(200);
    expect(json(await withIat('GET /api/mine', signedOutAt / 1000 + 1))).toEqual({ by: 'user-1' });
    // One read of the learner's standing per signed-in request (deleted and signed out together), none for a public route.
    expect(reads).toEqual(['user-1', 'user-1']);
    expect(userFromClaims({ sub: 'x', iat: 1764082800 })?.issuedAt).toBe(1764082800);
  });
});

describe('a personal access token', () => {
  const tokenContext = { sub: 'user-1', agentTokenId: '01JTOKEN', agentTokenName: 'my-bot', agentScopes: 'read' };
  const lambdaEvent = (routeKey: string, lambda: Record<string, unknown>) =>
    ({ ...event(routeKey), requestContext: { requestId: 'r1', authorizer: { lambda } } }) as unknown as Event;
  const standings: [string, string | undefined][] = [];
  let tokenExpiresAt: number | null = Date.parse('2099-01-01T00:00:00.000Z');
  const scopes = new Map([
    ['GET /api/portfolio', 'read'],
    ['POST /api/orders', 'trade'],
  ] as const);
  const tokenApi = httpApi(
    {
      'GET /api/portfolio': route({ auth: 'user' }, async ({ user }) => ok({ by: user.sub, agent: user.agent ?? null })),
      'POST /api/orders': route({ auth: 'user' }, async () => ok({ placed: true })),
      'GET /api/journal/export.csv': route({ auth: 'user' }, async () => ok({ csv: true })),
      'GET /api/open': route({ auth: 'public' }, async ({ user }) => ok({ signedIn: !!user })),
    },
    {
      standing: async (sub, tokenId) => {
        standings.push([sub, tokenId]);
        return { deleted: false, signedOutAt: Date.now(), ...(tokenId ? { agentTokenExpiresAt: tokenExpiresAt } : {}) };
      },
    },
  );

  it("is read from the bearer authorizer's context into the user, with the token's name and scopes", async () => {
    standings.length = 0;
    tokenExpiresAt = Date.parse('2099-01-01T00:00:00.000Z');
    const res = await tokenApi(lambdaEvent('GET /api/portfolio', { ...tokenContext, agentScopes: 'read trade' }));
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ by: 'user-1', agent: { tokenId: '01JTOKEN', name: 'my-bot', scopes: ['read', 'trade'] } });
    // Its own token is read with the learner's standing; a sign-out everywhere (here, just now) does not end a token.
    expect(standings).toEqual([['user-1', '01JTOKEN']]);
  });

  it("records the token's use for the learner's list, and a failed record does not fail the request", async () => {
    const used: [string, string][] = [];
    const recording = httpApi(
      { 'GET /api/portfolio': route({ auth: 'user' }, async () => ok({ read: true })) },
      {
        standing: async () => ({ deleted: false, signedOutAt: null, agentTokenExpiresAt: Date.parse('2099-01-01T00:00:00.000Z') }),
        tokenUse: async (sub, tokenId) => {
          used.push([sub, tokenId]);
          throw new Error('throttled');
        },
      },
    );
    const res = await recording(lambdaEvent('GET /api/portfolio', tokenContext));
    expect(res.statusCode).toBe(200);
    expect(used).toEqual([['user-1', '01JTOKEN']]);
    // A browser session's request records nothing.
    await recording(event('GET /api/portfolio', { claims }));
    expect(used).toHaveLength(1);
  });

  it('gets 403 naming the scope on a route that needs one it lacks, and 403 on a browser-only route', async () => {
    const lacking = await tokenApi(lambdaEvent('POST /api/orders', tokenContext));
    expect(lacking.statusCode).toBe(403);
    expect(json(lacking)).toEqual({ error: "This token lacks the 'trade' scope.", code: 'forbidden', scope: 'trade' });
    const browserOnly = await tokenApi(lambdaEvent('GET /api/journal/export.csv', { ...tokenContext, agentScopes: 'read trade' }));
    expect(browserOnly.statusCode).toBe(403);
    expect(json(browserOnly)).toEqual({ error: 'Agent tokens cannot use this route.', code: 'forbidden' });
    const trader = { tokenId: 't', name: 'n', scopes: ['trade' as const] };
    expect(agentRefusal({ routeKey: 'POST /api/orders', auth: 'user' }, trader, scopes)).toBeNull();
    expect(agentRefusal({ routeKey: 'GET /api/portfolio', auth: 'user' }, trader, scopes)?.status).toBe(403);
    // A public route takes anyone, a token too.
    expect(agentRefusal({ routeKey: 'GET /api/market/status', auth: 'public' }, trader, scopes)).toBeNull();
  });

  it('gets 401 once its item is gone (revoked, or the account deleted) or past its expiry, whatever the authorizer remembered', async () => {
    tokenExpiresAt = null;
    const revoked = await tokenApi(lambdaEvent('GET /api/portfolio', tokenContext));
    expect(revoked.statusCode).toBe(401);
    expect(json(revoked)).toEqual({ error: 'This token was revoked or has expired.', code: 'unauthorized' });
    tokenExpiresAt = Date.now() - 1000;
    expect((await tokenApi(lambdaEvent('GET /api/portfolio', tokenContext))).statusCode).toBe(401);
    tokenExpiresAt = Date.parse('2099-01-01T00:00:00.000Z');
  });

  it('gets 401 with words when the authorizer refused it, and so does a Cognito token it refused or that has since expired', async () => {
    const refusedToken = await tokenApi(lambdaEvent('GET /api/portfolio', { refused: 'token' }));
    expect(refusedToken.statusCode).toBe(401);
    expect(json(refusedToken)).toEqual({ error: 'This token was revoked or has expired.', code: 'unauthorized' });
    const refusedSignIn = await tokenApi(lambdaEvent('GET /api/portfolio', { refused: 'sign-in' }));
    expect(json(refusedSignIn)).toEqual({ error: 'Sign in to continue.', code: 'unauthorized' });
    const expired = await tokenApi(lambdaEvent('GET /api/portfolio', { ...claims, exp: String(Math.floor(Date.now() / 1000) - 5) }));
    expect(expired.statusCode).toBe(401);
    // A public route has no authorizer: whatever the header, the caller is anonymous there.
    expect(json(await tokenApi(event('GET /api/open')))).toEqual({ signedIn: false });
  });
});

describe('principalOf', () => {
  const withAuthorizer = (authorizer: unknown) => ({ ...event('GET /api/x'), requestContext: { requestId: 'r', authorizer } }) as unknown as Event;

  it("reads a Cognito token's claims from either authorizer, as API Gateway hands them over", () => {
    const now = Date.parse('2026-11-29T02:00:00.000Z');
    const fromJwt = principalOf(withAuthorizer({ jwt: { claims } }), now);
    const fromLambda = principalOf(withAuthorizer({ lambda: { ...claims, exp: String(now / 1000 + 600) } }), now);
    expect(fromJwt.user).toMatchObject({ sub: 'user-1', groups: ['admin', 'learners'] });
    expect(fromLambda.user).toMatchObject({ sub: 'user-1', groups: ['admin', 'learners'] });
    expect(fromLambda.user?.agent).toBeUndefined();
    expect(fromLambda.refused).toBeUndefined();
  });

  it('gives a token no groups and only the scopes it knows, and refuses a context without the token', () => {
    const token = principalOf(withAuthorizer({ lambda: { sub: 'u', agentTokenId: 't', agentTokenName: 'bot', agentScopes: 'trade admin read' } }));
    expect(token.user).toEqual({ sub: 'u', groups: [], agent: { tokenId: 't', name: 'bot', scopes: ['read', 'trade'] } });
    expect(principalOf(withAuthorizer({ lambda: { sub: 'u', agentTokenId: '' } })).refused?.status).toBe(401);
    expect(principalOf(withAuthorizer(undefined)).user).toBeNull();
  });
});
