import { describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes';
import { WAF_MAX_REGEX_LENGTH, pathPattern, regexChunks } from '../../infra/waf-rules';

describe("WAF's path expressions", () => {
  it('split the signed-in write routes into expressions within WAF’s 512 characters that together match every one', () => {
    const posts = routes.filter((r) => r.auth === 'user' && r.routeKey.startsWith('POST ')).map((r) => r.routeKey.split(' ')[1]!);
    const chunks = regexChunks(posts.map(pathPattern));
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(WAF_MAX_REGEX_LENGTH);
    const concrete = posts.map((p) => p.replace(/\{\w+\+?\}/g, 'x1'));
    for (const path of concrete)
      expect(
        chunks.some((c) => new RegExp(c).test(path)),
        path,
      ).toBe(true);
    expect(chunks.some((c) => new RegExp(c).test('/api/not-a-route'))).toBe(false);
  });
});
