import { describe, expect, it } from 'vitest';
import { pathAlternatives, pathPattern, pathsRegex, regexChunks } from '../../infra/waf-rules';
import { routes } from '../../functions/routes';

describe("the WAF rules' path expressions", () => {
  const byMethod = new Map<string, string[]>();
  for (const r of routes) {
    const [method, path] = r.routeKey.split(' ') as [string, string];
    byMethod.set(method, [...(byMethod.get(method) ?? []), path]);
  }

  it('match every route of their method and nothing else, each within the 512 characters WAF allows', () => {
    for (const [method, paths] of byMethod) {
      const sources = regexChunks(pathAlternatives(paths.map(pathPattern)));
      for (const source of sources) expect(source.length, method).toBeLessThanOrEqual(512);
      const res = sources.map((s) => new RegExp(s));
      const matches = (path: string) => res.some((re) => re.test(path));
      for (const p of paths) expect(matches(p.replace(/\{\w+\+?\}/g, 'X1')), `${method} ${p}`).toBe(true);
      expect(matches('/api/journal/trades/X1/extra')).toBe(false);
      expect(matches('/api/nothing-here')).toBe(false);
    }
  });

  it('writes a shared area prefix once, keeping a bare area path', () => {
    expect(pathsRegex(['/api/journal', '/api/journal/stats', '/api/me'])).toBe('^(?:/api/journal(?:/stats)?|/api/me)$');
    expect(pathsRegex(['/api/journal/trades', '/api/journal/trades/[^/]+'])).toBe('^(?:/api/journal(?:/trades|/trades/[^/]+))$');
  });
});
