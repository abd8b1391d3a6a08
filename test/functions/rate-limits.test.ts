import { describe, expect, it } from 'vitest';
import { rateLimits, routesCoveredBy, stageThrottleOf, WAF_MINIMUM_LIMIT } from '../../functions/rate-limits';
import { routes } from '../../functions/routes';

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
    expect(covering('POST /api/orders')).toEqual(['orders', 'apiPerUser', 'apiPerAddress']);
    expect(covering('POST /api/positions/{contract}/close')).toContain('orders');
    expect(covering('GET /api/market/status')).toEqual(['apiPerAddress']);
    for (const route of routes) expect(covering(route.routeKey), route.routeKey).toContain('apiPerAddress');
    const cognito = rateLimits.flatMap((d) => (d.applies.to === 'cognito' ? d.applies.operations : []));
    expect(cognito).toEqual(expect.arrayContaining(['InitiateAuth', 'SignUp', 'ForgotPassword']));
  });

  it('give every route a stage throttle, the tighter one where a route has its own limit', () => {
    for (const route of routes) expect(stageThrottleOf(route, routes), route.routeKey).toBeDefined();
    const orders = routes.find((r) => r.routeKey === 'POST /api/orders')!;
    const status = routes.find((r) => r.routeKey === 'GET /api/market/status')!;
    expect(stageThrottleOf(orders, routes)!.rateLimit).toBeLessThan(stageThrottleOf(status, routes)!.rateLimit);
  });
});
