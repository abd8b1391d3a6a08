import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractOf } from '../../../functions/openapi/contracts';
import { openApiDocument, type JsonSchema, type Operation } from '../../../functions/openapi/document';
import { parseRequest, type Event, type HttpLambda, type RouteHandler } from '../../../functions/commons/http';
import { httpFunctions, routes } from '../../../functions/routes';
import { REPO_ROOT } from '../../support/local-stack';
import { NOT_YET_ON_CONTRACTS } from '../../support/contract-status';
import { arbitraryOf } from '../../support/json-schema-arbitrary';

const doc = openApiDocument({ routes, version: 'test' });
const served = new Map<string, { fn: string; route: RouteHandler }>();

beforeAll(async () => {
  for (const fn of httpFunctions) {
    const mod = (await import(path.join(REPO_ROOT, fn.file))) as { handler: HttpLambda };
    for (const [key, route] of Object.entries(mod.handler.routes)) served.set(key, { fn: fn.id, route });
  }
});

describe('handlers and their contracts', () => {
  it('validate every route with its contract itself, not a copy', () => {
    for (const r of routes) {
      const { fn, route } = served.get(r.routeKey)!;
      if (NOT_YET_ON_CONTRACTS.has(fn)) continue;
      expect(route.spec, r.routeKey).toBe(contractOf(r.routeKey));
    }
  });

  it('still lists a handler as not on its contracts only while it is not', () => {
    for (const fn of NOT_YET_ON_CONTRACTS) {
      const own = routes.filter((r) => r.fn === fn).filter((r) => served.get(r.routeKey)!.route.spec !== contractOf(r.routeKey));
      expect(own.length, `${fn} now validates with its contracts: remove it from NOT_YET_ON_CONTRACTS`).toBeGreaterThan(0);
    }
  });
});

const operationOf = (routeKey: string): Operation => {
  const [method, p] = routeKey.split(' ') as [string, string];
  return doc.paths[p]![method.toLowerCase()]!;
};

/** The path or query parameters of an operation as one object schema, for generating and checking them together. */
function parametersSchema(op: Operation, where: 'path' | 'query'): JsonSchema | null {
  const ps = (op.parameters ?? []).filter((p) => p.in === where);
  if (!ps.length) return null;
  return { type: 'object', properties: Object.fromEntries(ps.map((p) => [p.name, p.schema])), required: ps.filter((p) => p.required).map((p) => p.name) };
}

/** Query strings and path segments arrive as text: numbers and booleans as their digits and words. */
const asText = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
const textual = (schema: JsonSchema) => arbitraryOf(schema).map((o) => Object.fromEntries(Object.entries((o ?? {}) as object).map(([k, v]) => [k, asText(v)])));

const event = (input: { body?: unknown; query?: Record<string, string>; params?: Record<string, string> }): Event =>
  ({
    headers: { 'content-type': 'application/json' },
    body: input.body === undefined ? undefined : JSON.stringify(input.body),
    isBase64Encoded: false,
    queryStringParameters: input.query,
    pathParameters: input.params,
    requestContext: { requestId: 'r' },
  }) as unknown as Event;

describe('what a handler accepts, the API document accepts', () => {
  // Bodies are checked as JSON; parameters as OpenAPI reads them, text coerced to the schema's type.
  const bodies = addFormats(new Ajv2020({ strict: true, allErrors: true }));
  const parameters = addFormats(new Ajv2020({ strict: true, allErrors: true, coerceTypes: true }));

  // A route that only refuses (GET and DELETE /api/mcp: 405) is not in the document and accepts nothing.
  for (const r of routes.filter((x) => !contractOf(x.routeKey)?.refusesOnly)) {
    it(r.routeKey, () => {
      const { fn, route } = served.get(r.routeKey)!;
      // A handler not yet on its contract is checked through the contract, which it will use.
      const spec = NOT_YET_ON_CONTRACTS.has(fn) ? contractOf(r.routeKey)! : route.spec;
      const op = operationOf(r.routeKey);
      const bodySchema = op.requestBody?.content['application/json'].schema;
      const pathSchema = parametersSchema(op, 'path');
      const querySchema = parametersSchema(op, 'query');
      const check = {
        body: bodySchema ? bodies.compile(bodySchema) : null,
        path: pathSchema ? parameters.compile(pathSchema) : null,
        query: querySchema ? parameters.compile(querySchema) : null,
      };
      const accepts = (validate: ValidateFunction | null, value: unknown) => {
        if (!validate) return true;
        const ok = validate(structuredClone(value));
        return ok || validate.errors;
      };
      const input = fc.record(
        {
          body: bodySchema ? fc.option(arbitraryOf(bodySchema), { nil: undefined, freq: 8 }) : fc.constant(undefined),
          params: pathSchema ? textual(pathSchema) : fc.constant(undefined),
          query: querySchema ? textual(querySchema) : fc.constant(undefined),
        },
        { requiredKeys: [] },
      );
      let handlerAccepted = 0;
      const property = fc.property(input, (req) => {
        const parsed = parseRequest(spec, event(req as never));
        if (!parsed.ok) return;
        handlerAccepted++;
        if (req.body !== undefined) expect(accepts(check.body, JSON.parse(JSON.stringify(req.body))), 'body').toBe(true);
        else expect(op.requestBody?.required ?? false, 'a body the handler does without is optional').toBe(false);
        expect(accepts(check.path, req.params ?? {}), 'path').toBe(true);
        expect(accepts(check.query, req.query ?? {}), 'query').toBe(true);
      });
      // Some bodies are rarely valid at random (a saved screen: about 2 in 300, its many optional ranges each needing
      // min ≤ max): keep drawing, up to 3,000 inputs, until the handler has taken some.
      for (let round = 0; round < 10 && handlerAccepted === 0; round++) fc.assert(property, { numRuns: 300 });
      // The generator must reach inputs the handler takes, or the property says nothing.
      expect(handlerAccepted).toBeGreaterThan(0);
    });
  }
});
