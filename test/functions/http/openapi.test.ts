import { describe, expect, it } from 'vitest';
import { makeOpenApiHandler } from '../../../functions/http/openapi';
import type { Event } from '../../../functions/commons/http';
import { routes } from '../../../functions/routes';
import { contractOf } from '../../../functions/openapi/contracts';

const get = (headers: Record<string, string> = {}) => ({ routeKey: 'GET /api/openapi.json', headers, requestContext: { requestId: 'r' } }) as unknown as Event;

describe('GET /api/openapi.json', () => {
  it('serves the document of every route (but the two that only refuse), anonymously, with the deployed version and a cacheable ETag', async () => {
    const handler = makeOpenApiHandler({ version: '1.2.3' });
    const res = await handler(get());
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' });
    const doc = JSON.parse(res.body!);
    expect(doc).toMatchObject({ openapi: '3.1.0', info: { title: 'Options Academy API', version: '1.2.3' } });
    const operations = Object.values(doc.paths as Record<string, object>).flatMap((ops) => Object.keys(ops));
    // GET and DELETE /api/mcp only answer 405: no operation a client can use, so the document leaves them out.
    const refusing = routes.filter((r) => contractOf(r.routeKey)?.refusesOnly);
    expect(refusing.map((r) => r.routeKey)).toEqual(['GET /api/mcp', 'DELETE /api/mcp']);
    expect(operations).toHaveLength(routes.length - refusing.length);

    const again = await handler(get({ 'if-none-match': res.headers!.etag as string }));
    expect(again.statusCode).toBe(304);
    expect(again.body).toBeUndefined();
  });
});
