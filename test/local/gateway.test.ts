import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { compileRoutes, loggedQuery, matchRoute, toApiGatewayEvent } from '../../local/gateway';
import { claimsAsApiGatewayDoes } from '../../functions/authorizers/bearer-check';
import type { RouteDefinition } from '../../functions/routes';

const defs: RouteDefinition[] = [
  { routeKey: 'GET /api/health', auth: 'public', fn: 'health' },
  { routeKey: 'GET /api/me', auth: 'user', fn: 'me' },
];

describe('route matching', () => {
  const compiled = compileRoutes([
    ...defs,
    { routeKey: 'GET /api/me/{section}', auth: 'user', fn: 'me' },
    { routeKey: 'GET /api/files/{path+}', auth: 'user', fn: 'me' },
  ]);

  it('matches static routes and methods exactly', () => {
    expect(matchRoute(compiled, 'GET', '/api/health')?.route.def.routeKey).toBe('GET /api/health');
    expect(matchRoute(compiled, 'POST', '/api/health')).toBeNull();
    expect(matchRoute(compiled, 'GET', '/api/healthz')).toBeNull();
  });

  it('extracts decoded path parameters, greedy ones across slashes', () => {
    expect(matchRoute(compiled, 'GET', '/api/me/a%20b')?.pathParameters).toEqual({ section: 'a b' });
    expect(matchRoute(compiled, 'GET', '/api/files/x/y/z')?.pathParameters).toEqual({ path: 'x/y/z' });
  });

  it('refuses a route that names an unknown function', () => {
    expect(() => compileRoutes([{ routeKey: 'GET /api/x', auth: 'public', fn: 'ghost' }])).toThrow('unknown function ghost');
  });
});

describe('the API Gateway v2 event', () => {
  it('has the fields handlers rely on, with claims as API Gateway passes them', () => {
    const req = {
      method: 'GET',
      httpVersion: '1.1',
      headers: { host: 'localhost:3000', 'user-agent': 'ua', cookie: 'a=1; b=2', 'x-multi': ['1', '2'] },
      socket: { remoteAddress: '127.0.0.1' },
    } as unknown as IncomingMessage;
    const claims = claimsAsApiGatewayDoes({ sub: 's', exp: 123, 'cognito:groups': ['admin', 'x'], email_verified: true } as never);
    const event = toApiGatewayEvent(req, new URL('http://localhost/api/me?a=1&a=2&b=3'), Buffer.alloc(0), 'GET /api/me', {}, { jwt: claims }, 'req-1');
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'GET /api/me',
      rawPath: '/api/me',
      rawQueryString: 'a=1&a=2&b=3',
      queryStringParameters: { a: '1,2', b: '3' },
      cookies: ['a=1', 'b=2'],
      isBase64Encoded: false,
    });
    expect(event.headers['x-multi']).toBe('1,2');
    expect(event.requestContext.authorizer.jwt.claims).toEqual({ sub: 's', exp: '123', 'cognito:groups': '[admin x]', email_verified: 'true' });
    expect(event.requestContext.http).toMatchObject({ method: 'GET', path: '/api/me', sourceIp: '127.0.0.1' });
  });

  it("carries the bearer authorizer's context as API Gateway does for a Lambda authorizer, with no JWT claims", () => {
    const req = { method: 'GET', httpVersion: '1.1', headers: {}, socket: { remoteAddress: '127.0.0.1' } } as unknown as IncomingMessage;
    const lambda = { sub: 's', agentTokenId: 't', agentTokenName: 'bot', agentScopes: 'read' };
    const event = toApiGatewayEvent(req, new URL('http://localhost/api/portfolio'), Buffer.alloc(0), 'GET /api/portfolio', {}, { lambda }, 'req-2');
    expect(event.requestContext.authorizer as unknown).toEqual({ lambda });
  });
});

describe('the request log', () => {
  it("never writes an unsubscribe link's token, and keeps every other query as it came", () => {
    expect(loggedQuery(new URL('http://x/api/unsubscribe?token=abc.def'))).toBe('?token=%E2%80%A6');
    expect(loggedQuery(new URL('http://x/api/unsubscribe?lang=en&token=abc.def'))).not.toContain('abc');
    expect(loggedQuery(new URL('http://x/api/market/SPY/chain?expiry=2026-12-18'))).toBe('?expiry=2026-12-18');
    const kite = loggedQuery(new URL('http://x/api/kite/callback?state=eyJzdWIi.c2ln&action=login&status=success&request_token=r3qu35t'));
    expect(kite).not.toMatch(/eyJzdWIi|r3qu35t/);
    expect(kite).toContain('status=success');
  });
});
