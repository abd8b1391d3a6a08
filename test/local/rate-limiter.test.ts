import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../local/rate-limiter';
import { rateLimits, type RateLimitDefinition } from '../../functions/rate-limits';
import { routes, type RouteDefinition } from '../../functions/routes';

const clock = (start = 1_000_000) => {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
};

const ROUTES: RouteDefinition[] = [
  { routeKey: 'GET /api/health', auth: 'public', fn: 'health' },
  { routeKey: 'POST /api/notify', auth: 'public', fn: 'health' },
  { routeKey: 'POST /api/orders', auth: 'user', fn: 'health' },
  { routeKey: 'GET /api/orders', auth: 'user', fn: 'health' },
];

const perIp = (limit: number, windowSeconds: 60 | 300 = 60): RateLimitDefinition => ({
  id: 'everything',
  description: '',
  per: 'ip',
  limit,
  windowSeconds,
  applies: { to: 'api', routes: 'all' },
});

describe('the local rate limiter', () => {
  it('lets `limit` requests through in a window, refuses the next with the seconds until one more fits, and lets it through then', () => {
    const c = clock();
    const limiter = new RateLimiter([perIp(3)], ROUTES, c.now);
    const call = () => limiter.check({ kind: 'api', ip: '10.0.0.1', routeKey: 'GET /api/health' });
    expect(call().allowed).toBe(true);
    c.advance(10_000);
    expect(call().allowed).toBe(true);
    c.advance(10_000);
    expect(call().allowed).toBe(true);
    c.advance(10_000);
    expect(call()).toEqual({ allowed: false, limit: 'everything', retryAfterSeconds: 40 });
    // The refused request counts, as in WAF: the window holds 10 s, 20 s and 30 s until 70 s.
    c.advance(39_000);
    expect(call().allowed).toBe(false);
    c.advance(60_000);
    expect(call().allowed).toBe(true);
  });

  it('counts each address on its own', () => {
    const limiter = new RateLimiter([perIp(2)], ROUTES, clock().now);
    for (let i = 0; i < 2; i++) expect(limiter.check({ kind: 'api', ip: '10.0.0.1', routeKey: null }).allowed).toBe(true);
    expect(limiter.check({ kind: 'api', ip: '10.0.0.1', routeKey: null }).allowed).toBe(false);
    expect(limiter.check({ kind: 'api', ip: '10.0.0.2', routeKey: null }).allowed).toBe(true);
  });

  it('counts per user only the routes the limit names, and leaves out a request without a verified user', () => {
    const orders: RateLimitDefinition = {
      id: 'orders',
      description: '',
      per: 'user',
      limit: 2,
      windowSeconds: 60,
      applies: { to: 'api', routes: { routeKeys: ['POST /api/orders'] } },
    };
    const limiter = new RateLimiter([orders], ROUTES, clock().now);
    const place = (user?: string, ip = '10.0.0.1') => limiter.check({ kind: 'api', ip, routeKey: 'POST /api/orders', user });
    expect(place('ada').allowed).toBe(true);
    expect(place('ada', '10.9.9.9').allowed).toBe(true);
    expect(place('ada', '10.0.0.7')).toMatchObject({ allowed: false, limit: 'orders' });
    expect(place('bob').allowed).toBe(true);
    for (let i = 0; i < 5; i++) expect(place(undefined).allowed).toBe(true);
    for (let i = 0; i < 5; i++) expect(limiter.check({ kind: 'api', ip: '10.0.0.1', routeKey: 'GET /api/orders', user: 'ada' }).allowed).toBe(true);
  });

  it('stops at the first limit that refuses, so later limits do not count the refused request', () => {
    const writes: RateLimitDefinition = {
      id: 'writes',
      description: '',
      per: 'ip',
      limit: 1,
      windowSeconds: 60,
      applies: { to: 'api', routes: { auth: ['public'], methods: ['POST'] } },
    };
    const limiter = new RateLimiter([writes, perIp(3)], ROUTES, clock().now);
    const notify = () => limiter.check({ kind: 'api', ip: '10.0.0.1', routeKey: 'POST /api/notify' });
    expect(notify().allowed).toBe(true);
    expect(notify()).toMatchObject({ allowed: false, limit: 'writes' });
    expect(notify()).toMatchObject({ allowed: false, limit: 'writes' });
    // Only the first notify reached the per-address limit.
    expect(limiter.check({ kind: 'api', ip: '10.0.0.1', routeKey: 'GET /api/health' }).allowed).toBe(true);
    expect(limiter.check({ kind: 'api', ip: '10.0.0.1', routeKey: 'GET /api/health' }).allowed).toBe(true);
    expect(limiter.check({ kind: 'api', ip: '10.0.0.1', routeKey: 'GET /api/health' })).toMatchObject({ allowed: false, limit: 'everything' });
  });

  it('limits Cognito operations by name, and API limits leave them alone', () => {
    const signIn: RateLimitDefinition = {
      id: 'signIn',
      description: '',
      per: 'ip',
      limit: 2,
      windowSeconds: 60,
      applies: { to: 'cognito', operations: ['InitiateAuth'] },
    };
    const limiter = new RateLimiter([perIp(1), signIn], ROUTES, clock().now);
    const op = (operation: string) => limiter.check({ kind: 'cognito', ip: '10.0.0.1', operation });
    expect(op('InitiateAuth').allowed).toBe(true);
    expect(op('InitiateAuth').allowed).toBe(true);
    expect(op('InitiateAuth')).toMatchObject({ allowed: false, limit: 'signIn' });
    expect(op('GetUser').allowed).toBe(true);
  });

  it('forgets quiet clients and starts them afresh', () => {
    const c = clock();
    const limiter = new RateLimiter([perIp(1)], ROUTES, c.now);
    expect(limiter.check({ kind: 'api', ip: '10.0.0.1', routeKey: null }).allowed).toBe(true);
    c.advance(61_000);
    expect(limiter.check({ kind: 'api', ip: '10.0.0.2', routeKey: null }).allowed).toBe(true);
    expect(limiter.check({ kind: 'api', ip: '10.0.0.1', routeKey: null }).allowed).toBe(true);
    expect(limiter.check({ kind: 'api', ip: '10.0.0.1', routeKey: null }).allowed).toBe(false);
  });

  it("with the product's limits, lets a learner place 300 orders in five minutes and refuses the next until the first leaves the window", () => {
    const c = clock();
    const limiter = new RateLimiter(rateLimits, routes, c.now);
    const place = () => limiter.check({ kind: 'api', ip: '10.0.0.1', routeKey: 'POST /api/orders', user: 'ada' });
    for (let i = 0; i < 300; i++) {
      expect(place().allowed).toBe(true);
      c.advance(100);
    }
    expect(place()).toEqual({ allowed: false, limit: 'orders', retryAfterSeconds: 271 });
  });

  it("with the product's limits, lets one personal access token send 60 requests a minute on any route, apart from its learner's browser, and refuses the 61st with Retry-After", () => {
    const c = clock();
    const limiter = new RateLimiter(rateLimits, routes, c.now);
    const bearer = `Bearer oa_pat_${'A'.repeat(43)}`;
    const other = `Bearer oa_pat_${'B'.repeat(43)}`;
    const asToken = (routeKey: string, agentToken = bearer) =>
      limiter.check({ kind: 'api', ip: '10.0.0.1', routeKey, user: `agent:${agentToken.slice(-4)}`, agentToken });
    for (let i = 0; i < 60; i++) {
      expect(asToken(i % 2 ? 'GET /api/portfolio' : 'GET /api/market/status').allowed, String(i)).toBe(true);
      c.advance(500);
    }
    // The first request leaves the window at 60 s; the refused one counts (as in WAF), so the second one's leaving, at
    // 60.5 s, is when the next fits.
    expect(asToken('POST /api/orders')).toEqual({ allowed: false, limit: 'agentTokenRequests', retryAfterSeconds: 31 });
    // Another token of the same learner, and the learner's browser, are counted apart.
    expect(asToken('GET /api/portfolio', other).allowed).toBe(true);
    for (let i = 0; i < 100; i++) expect(limiter.check({ kind: 'api', ip: '10.0.0.1', routeKey: 'GET /api/portfolio', user: 'ada' }).allowed).toBe(true);
    c.advance(31_000);
    expect(asToken('GET /api/portfolio').allowed).toBe(true);
  });
});
