import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineApi } from '@shared/api/contract';
import { apiContracts, type ContractEntry } from '../../../functions/openapi/contracts';
import { readFileSync } from 'node:fs';
import { AGENT_SECURITY_SCHEME, API_LICENSE, openApiDocument, operationIdOf, SECURITY_SCHEME, type Operation } from '../../../functions/openapi/document';
import { routes } from '../../../functions/routes';

const doc = openApiDocument({ routes, version: 'test' });
/** The routes the document describes: all but the ones that only refuse (GET and DELETE /api/mcp answer 405). */
const documented = routes.filter((r) => !apiContracts.find((c) => c.routeKey === r.routeKey)?.contract.refusesOnly);
const operationOf = (routeKey: string): Operation | undefined => {
  const [method, path] = routeKey.split(' ') as [string, string];
  return doc.paths[path]?.[method.toLowerCase()];
};

/** Every JSON Schema in the document, with where it sits. */
function schemasOf(d: typeof doc): [string, object][] {
  const out: [string, object][] = Object.entries(d.components.schemas).map(([name, s]) => [`components.schemas.${name}`, s]);
  for (const [path, ops] of Object.entries(d.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const at = `${method.toUpperCase()} ${path}`;
      for (const p of op.parameters ?? []) out.push([`${at} ${p.in} ${p.name}`, p.schema]);
      if (op.requestBody) out.push([`${at} body`, op.requestBody.content['application/json'].schema]);
      for (const [status, r] of Object.entries(op.responses) as [string, { content?: Record<string, { schema: object }> }][]) {
        if (r.content) out.push([`${at} ${status}`, r.content['application/json']!.schema]);
      }
    }
  }
  return out;
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('holds only valid JSON Schema draft 2020-12 schemas (strict: no unknown keywords or formats)', () => {
    const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));
    const refsToDefs = (schema: object) => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"doc#/$defs/')) as object;
    ajv.addSchema(refsToDefs({ $id: 'doc', $defs: doc.components.schemas }));
    for (const [where, schema] of schemasOf(doc)) {
      const withRefs = refsToDefs(schema);
      expect(() => ajv.compile(withRefs), where).not.toThrow();
    }
  });

  it('describes every route in functions/routes.ts but the ones that only refuse, and nothing else', () => {
    const described = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(described.sort()).toEqual(documented.map((r) => r.routeKey).sort());
    expect(routes.length - documented.length).toBe(2);
  });

  it('has no two path templates that can match one request path', () => {
    // Two paths clash when they have as many segments and each pair of segments is equal or has a `{parameter}` on
    // either side: `/api/broker/credentials/{environment}` would match `/api/broker/credentials/account` as well as
    // `/api/broker/{environment}/account` does. Redocly's `no-ambiguous-paths` rule warns on the same clash.
    const segments = (path: string) => path.split('/').map((s) => (s.startsWith('{') ? '*' : s));
    const clash = (a: string[], b: string[]) => a.length === b.length && a.every((s, i) => s === b[i] || s === '*' || b[i] === '*');
    const paths = Object.keys(doc.paths);
    const clashes = paths.flatMap((a, i) =>
      paths
        .slice(i + 1)
        .filter((b) => clash(segments(a), segments(b)))
        .map((b) => `${a} ~ ${b}`),
    );
    expect(clashes).toEqual([]);
    // And the rule itself: a parameter in one path against a literal in the other is a clash.
    expect(clash(segments('/api/analysis/screens/{id}'), segments('/api/analysis/{underlying}/surface'))).toBe(true);
  });

  it("states the project's licence, the one package.json names", () => {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { license: string };
    expect(doc.info.license).toEqual(API_LICENSE);
    expect(API_LICENSE.name.startsWith(`${pkg.license}:`) || API_LICENSE.identifier === pkg.license).toBe(true);
  });

  it('has a contract for every route, with the same auth, and no contract for a route that is not served', () => {
    for (const r of routes) expect(apiContracts.find((c) => c.routeKey === r.routeKey)?.contract.auth, r.routeKey).toBe(r.auth);
    const served = new Set(routes.map((r) => r.routeKey));
    expect(apiContracts.filter((c) => !served.has(c.routeKey)).map((c) => c.routeKey)).toEqual([]);
  });

  it('asks for the Cognito bearer token on signed-in routes, with the admin group on admin routes, and on no public route', () => {
    expect(doc.components.securitySchemes[SECURITY_SCHEME]).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    for (const r of documented) {
      const op = operationOf(r.routeKey)!;
      const user = [{ [SECURITY_SCHEME]: [] }, ...(r.scope ? [{ [AGENT_SECURITY_SCHEME]: [r.scope] }] : [])];
      const expected = { public: [], user, admin: [{ [SECURITY_SCHEME]: ['admin'] }] }[r.auth];
      expect(op.security, r.routeKey).toEqual(expected);
      expect('401' in op.responses, r.routeKey).toBe(r.auth !== 'public');
      // A token outside its scopes, or on a browser-only route, gets 403 on every signed-in route.
      expect('403' in op.responses, r.routeKey).toBe(r.auth !== 'public');
      if (r.auth === 'admin') expect(op.responses['503'], r.routeKey).toEqual({ $ref: '#/components/responses/Unavailable' });
    }
  });

  it('accepts a personal access token exactly where functions/routes.ts gives a scope, and names that scope on the operation and in words', () => {
    expect(doc.components.securitySchemes[AGENT_SECURITY_SCHEME]).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const r of documented) {
      const op = operationOf(r.routeKey)!;
      const tokenSchemes = op.security.filter((requirement) => AGENT_SECURITY_SCHEME in requirement);
      expect(tokenSchemes, r.routeKey).toEqual(r.scope ? [{ [AGENT_SECURITY_SCHEME]: [r.scope] }] : []);
      expect(op['x-agent-scope'], r.routeKey).toBe(r.scope);
      if (r.scope) expect(op.description, r.routeKey).toContain(`personal access token with the \`${r.scope}\` scope`);
      else if (r.auth !== 'public') expect(op.description, r.routeKey).toContain('ersonal access tokens cannot use this route');
    }
    expect(operationOf('POST /api/orders')!['x-agent-scope']).toBe('trade');
    expect(operationOf('GET /api/journal/export.csv')!['x-agent-scope']).toBeUndefined();
    expect(() => openApiDocument({ routes: [{ routeKey: 'GET /api/market/status', auth: 'public', scope: 'read' }], version: 't' })).toThrow(
      'only signed-in learner routes take tokens',
    );
  });

  it('gives every route its success answer, 400 where input is validated, and the error shape for 429 and 500', () => {
    for (const { routeKey, contract } of apiContracts) {
      // A route that only refuses (GET and DELETE /api/mcp: 405) is left out: it is no operation a client can use.
      if (contract.refusesOnly) {
        expect(operationOf(routeKey), routeKey).toBeUndefined();
        continue;
      }
      const op = operationOf(routeKey)!;
      const status = String(contract.status ?? 200);
      expect(op.responses[status], routeKey).toBeDefined();
      expect('400' in op.responses, routeKey).toBe(!!(contract.params || contract.query || contract.body));
      for (const s of ['429', '500', ...(contract.errors ?? []).map(String)]) expect(op.responses[s], `${routeKey} ${s}`).toHaveProperty('$ref');
    }
    expect(doc.components.responses.BadRequest).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
    expect(doc.components.schemas.Error).toMatchObject({ type: 'object', required: ['error', 'code'] });
  });

  it('shows a route as the handler reads it: path and query parameters, a required body, the answer and its status', () => {
    const chain = operationOf('GET /api/market/{underlying}/chain')!;
    expect(chain.parameters).toEqual([
      { name: 'underlying', in: 'path', required: true, schema: { type: 'string', pattern: '^[A-Za-z][A-Za-z.]{0,9}$' } },
      { name: 'expiry', in: 'query', required: true, schema: { type: 'string', format: 'date', examples: ['2026-12-18'] } },
    ]);
    expect(chain.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' });
    const history = operationOf('GET /api/market/{underlying}/history')!;
    expect(history.parameters?.[1]).toEqual({ name: 'days', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 30, default: 14 } });

    const draft = operationOf('POST /api/drafts')!;
    expect(draft.requestBody?.required).toBe(true);
    expect(draft.requestBody?.content['application/json'].schema).toMatchObject({ type: 'object', required: ['underlying', 'legs'] });
    expect(draft.responses['201']).toMatchObject({ content: { 'application/json': { schema: { required: ['draft'] } } } });
    expect(draft.responses['409']).toBeDefined();

    // An optional body (the admin's ingest takes none or a list) is not required.
    expect(operationOf('POST /api/admin/market/ingest')!.requestBody?.required).toBe(false);
    expect(operationOf('DELETE /api/drafts/{id}')!.responses['204']).toEqual({ description: 'Done; no content.' });
    expect(Object.keys(operationOf('POST /api/market/sync')!.responses)).toEqual(expect.arrayContaining(['200', '202', '404', '409']));
  });

  it('names each operation after its route, uniquely', () => {
    expect(operationIdOf('GET /api/market/{underlying}/chain')).toBe('getMarketUnderlyingChain');
    const ids = documented.map((r) => operationOf(r.routeKey)!.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('refuses to describe a route without a contract, or one whose auth disagrees with it', () => {
    expect(() => openApiDocument({ routes: [...routes, { routeKey: 'GET /api/nowhere', auth: 'public' }], version: 't' })).toThrow(
      'GET /api/nowhere has no contract',
    );
    expect(() => openApiDocument({ routes: [{ routeKey: 'GET /api/me', auth: 'public' }], version: 't' })).toThrow("'public' in the routes but 'user'");
  });

  it('refuses a contract that leaves a path parameter undescribed', () => {
    const api = defineApi({ 'GET /api/things/{id}': { auth: 'public', summary: 'A thing', params: z.object({ other: z.string() }) } });
    const contracts: ContractEntry[] = [{ routeKey: 'GET /api/things/{id}', area: 'service', contract: api['GET /api/things/{id}'] }];
    expect(() => openApiDocument({ routes: [{ routeKey: 'GET /api/things/{id}', auth: 'public' }], version: 't', contracts })).toThrow(
      'does not describe its path parameter {id}',
    );
  });
});
