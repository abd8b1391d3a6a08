import { describe, expect, it } from 'vitest';
import { AGENT_SCOPES } from '@shared/agent/token';
import { routes } from '../../functions/routes';

/**
 * The scope table in functions/routes.ts: which routes a personal access token may call, and with which scope. A
 * signed-in route without a scope is browser-only (a token gets 403 there); a public route takes no token at all.
 */
describe('the scopes a personal access token needs, route by route', () => {
  const scoped = routes.filter((r) => r.scope);

  it('opens exactly the paper account, its orders, the compliance reads, the journal, saved screens and the MCP server to tokens', () => {
    expect(Object.fromEntries(scoped.map((r) => [r.routeKey, r.scope]))).toEqual({
      'GET /api/accounts': 'read',
      'GET /api/portfolio': 'read',
      'GET /api/orders': 'read',
      'POST /api/compliance/pretrade': 'read',
      'GET /api/compliance/summary': 'read',
      'GET /api/journal/trades': 'read',
      'GET /api/journal/trades/{id}': 'read',
      'GET /api/journal/entries': 'read',
      'GET /api/journal/entries/{id}': 'read',
      'GET /api/journal/stats': 'read',
      'GET /api/analysis/screener/screens': 'read',
      'POST /api/mcp': 'read',
      'POST /api/orders': 'trade',
      'DELETE /api/orders/{id}': 'trade',
      'POST /api/positions/{contract}/close': 'trade',
      'POST /api/strategies/{id}/close': 'trade',
      'POST /api/journal/entries': 'trade',
    });
  });

  it('gives a scope only to routes a learner signs in for, and only scopes a token can hold', () => {
    for (const r of scoped) {
      expect(r.auth, r.routeKey).toBe('user');
      expect(AGENT_SCOPES, r.routeKey).toContain(r.scope);
    }
    // Every other signed-in route is browser-only; public routes need no token.
    const browserOnly = routes.filter((r) => r.auth !== 'public' && !r.scope);
    expect(browserOnly.length + scoped.length).toBe(routes.filter((r) => r.auth !== 'public').length);
    expect(browserOnly.length).toBeGreaterThan(scoped.length);
  });

  it('never opens admin, the live broker, credentials, settings, export, deletion, sessions or the tokens themselves to a token', () => {
    const closed = [
      /^\w+ \/api\/admin\//,
      /^\w+ \/api\/broker\//,
      /credentials/,
      /settings/,
      /export/,
      /deletion/,
      /sign-out/,
      /sessions/,
      /^\w+ \/api\/agent\//,
    ];
    const offenders = scoped.filter((r) => closed.some((pattern) => pattern.test(r.routeKey)));
    expect(offenders.map((r) => r.routeKey)).toEqual([]);
    // The patterns do name real routes (a renamed route would otherwise slip past them).
    for (const pattern of closed.slice(0, 7))
      expect(
        routes.some((r) => pattern.test(r.routeKey)),
        String(pattern),
      ).toBe(true);
    expect(routes.filter((r) => r.auth === 'admin').every((r) => !r.scope)).toBe(true);
  });

  it('asks `trade` of every route that changes the paper account or the journal, and `read` only of routes that change nothing', () => {
    // The reads that carry their input in a body: the pre-trade check and the MCP server (its trading tools ask `trade` themselves).
    const readsByPost = new Set(['POST /api/compliance/pretrade', 'POST /api/mcp']);
    for (const r of scoped) {
      const method = r.routeKey.split(' ')[0];
      if (r.scope === 'read') expect(method === 'GET' || readsByPost.has(r.routeKey), r.routeKey).toBe(true);
      else expect(method, r.routeKey).not.toBe('GET');
    }
  });
});
