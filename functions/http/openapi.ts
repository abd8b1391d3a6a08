import { serviceApi } from '@shared/api/service.api';
import { openApiDocument } from '../openapi/document';
import { routes } from '../routes';
import { httpApi, okRaw, route } from '../commons/http';
import { etagOf } from '../commons/snapshot-cache';

/**
 * GET /api/openapi.json: the API document, generated once per warm handler from the contracts and the route list
 * (both fixed at build time), then served from memory with an ETag.
 */
export function makeOpenApiHandler(deps: { version: string }) {
  let cached: { body: string; etag: string } | undefined;
  const document = () => {
    if (!cached) {
      const body = JSON.stringify(openApiDocument({ routes, version: deps.version }));
      cached = { body, etag: etagOf(body) };
    }
    return cached;
  };
  return httpApi({
    'GET /api/openapi.json': route(serviceApi['GET /api/openapi.json'], async () => {
      const { body, etag } = document();
      return okRaw(body, { 'cache-control': 'public, max-age=300', etag });
    }),
  });
}

export const handler = makeOpenApiHandler({ version: process.env.APP_VERSION ?? 'dev' });
