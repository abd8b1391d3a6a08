import { describe, expect, it } from 'vitest';
import { rateLimits, routesCoveredBy, stageThrottleOf, WAF_MINIMUM_LIMIT } from '../../functions/rate-limits';
import { routes } from '../../functions/routes';
import { AGENT_LIMITS } from '@shared/agent/token';

describe('the rate limits', () => {
  it('are limits AWS WAF accepts: at least its minimum, over one of its evaluation windows, with unique ids', () => {
    for (const def of rateLimits) {
      expect(def.limit, def.id).toBeGreaterThanOrEqual(WAF_MINIMUM_LIMIT);
      expect(Number.isInteger(def.limit), def.id).toBe(true);
      expect([60, 120, 300, 600], def.id).toContain(def.windowSeconds);
    }
    expect(new Set(rateLimits.map((d) => d.id)).size).toBe(rateLimits.length);
  });

  it('name only routes that exist, and limit per user only routes that need sign-in', () => {
    const keys = new Set(routes.map((r) => r.routeKey));
    for (const def of rateLimits) {
      if (def.applies.to !== 'api' || def.applies.routes === 'all') continue;
      for (const key of def.applies.routes.routeKeys ?? []) expect(keys, `${def.id}: ${key}`).toContain(key);
    }
    for (const def of rateLimits.filter((d) => d.per === 'user')) {
      expect(def.applies.to, def.id).toBe('api');
      expect(
        routesCoveredBy(def, routes).filter((r) => r.auth === 'public'),
        def.id,
      ).toEqual([]);
    }
  });

  it('limit every learner-facing kind of request: orders, sign-in, sign-up, every API route by address and by learner', () => {
    const covering = (routeKey: string) => rateLimits.filter((d) => routesCoveredBy(d, routes).some((r) => r.routeKey === routeKey)).map((d) => d.id);
    expect(covering('POST /api/orders')).toEqual(['orders', 'apiPerUser', 'apiPerAddress', 'agentTokenRequests']);
    expect(covering('POST /api/positions/{contract}/close')).toContain('orders');
    // Demo prediction orders have a limit of their own, apart from the paper account's.
    expect(covering('POST /api/predictions/orders')).toEqual(['predictionOrders', 'apiPerUser', 'apiPerAddress', 'agentTokenRequests']);
    expect(covering('DELETE /api/predictions/orders/{orderId}')).toContain('predictionOrders');
    expect(covering('GET /api/predictions/account')).not.toContain('predictionOrders');
    expect(covering('POST /api/watchlist/items')).toEqual(['watchlistWrites', 'apiPerUser', 'apiPerAddress', 'agentTokenRequests']);
    expect(covering('PUT /api/watchlist/order')).toContain('watchlistWrites');
    expect(covering('GET /api/watchlist')).not.toContain('watchlistWrites');
    expect(covering('GET /api/market/status')).toEqual(['apiPerAddress', 'agentTokenRequests']);
    for (const route of routes) expect(covering(route.routeKey), route.routeKey).toContain('apiPerAddress');
    const cognito = rateLimits.flatMap((d) => (d.applies.to === 'cognito' ? d.applies.operations : []));
    expect(cognito).toEqual(expect.arrayContaining(['InitiateAuth', 'SignUp', 'ForgotPassword']));
  });

  it('count every request made with one personal access token, on any route, apart from the browser: 60 a minute', () => {
    const perToken = rateLimits.filter((d) => d.per === 'agentToken');
    expect(perToken.map((d) => [d.id, d.limit, d.windowSeconds, d.applies])).toEqual([
      ['agentTokenRequests', AGENT_LIMITS.requestsPerMinute, 60, { to: 'api', routes: 'all' }],
    ]);
    expect(AGENT_LIMITS.requestsPerMinute).toBe(60);
    // It sets no stage throttle: the stage's default stays the per-address limit's.
    expect(perToken[0]!.stageThrottle).toBeUndefined();
    expect(rateLimits.find((d) => d.applies.to === 'api' && d.applies.routes === 'all' && d.stageThrottle)?.id).toBe('apiPerAddress');
  });

  it('give every route a stage throttle, the tighter one where a route has its own limit', () => {
    for (const route of routes) expect(stageThrottleOf(route, routes), route.routeKey).toBeDefined();
    const orders = routes.find((r) => r.routeKey === 'POST /api/orders')!;
    const status = routes.find((r) => r.routeKey === 'GET /api/market/status')!;
    expect(stageThrottleOf(orders, routes)!.rateLimit).toBeLessThan(stageThrottleOf(status, routes)!.rateLimit);
  });
});
