import { z } from 'zod';
import { ErrorBody, type Auth, type RouteContract, type RouteKey } from '@shared/api/contract';
import { AGENT_LIMITS, AGENT_SCOPE_WORDS, type AgentScope } from '@shared/agent/token';
import { apiAreas, apiContracts, type ApiArea, type ContractEntry } from './contracts';

/**
 * GET /api/openapi.json: an OpenAPI 3.1 document of the HTTP API, generated from the very zod schemas the handlers
 * validate with (shared/<area>/<area>.api.ts), so it cannot drift from them. Schemas are converted with zod's own
 * `z.toJSONSchema` to JSON Schema draft 2020-12, the dialect OpenAPI 3.1 uses: request parts as the handler reads
 * them (`io: 'input'`, so defaults are optional), answers as it writes them (`io: 'output'`). Every schema is inlined
 * (no `$defs`), because a `#/$defs/…` reference would resolve against the whole document.
 */
export type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string; license: { name: string; identifier: string } };
  servers: { url: string; description: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema>; responses: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

export interface Operation {
  operationId: string;
  summary: string;
  /** Who may call it: a browser session, and whether a personal access token may, with which scope. */
  description?: string;
  tags: string[];
  security: Record<string, string[]>[];
  /** The scope a personal access token needs here (absent: tokens cannot use the route). */
  'x-agent-scope'?: AgentScope;
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, unknown>;
}

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

export interface DocumentOptions {
  /** The routes to describe: functions/routes.ts, which API Gateway and the local gateway serve. */
  routes: readonly { routeKey: string; auth: Auth; scope?: AgentScope }[];
  /** The deployed version (APP_VERSION), shown as the document's version. */
  version: string;
  /** Every area's contract; the registry unless a test passes its own. */
  contracts?: readonly ContractEntry[];
}

const TAGS: Record<ApiArea, string> = {
  service: 'The API itself: liveness and this document',
  users: 'The signed-in user',
  paper: 'The paper trading account: orders, positions, portfolio and pre-trade compliance',
  drafts: "The strategy builder's saved drafts",
  market: 'Market data: status, tickers, expiries, chains, history; Sync Data and the operator tools',
  community: 'Learner stories, the notify-me list and the landing page statistics',
  communityPosts: 'Strategy sharing: posts with legs relative to price and expiry, the feed, comments, useful votes, reports and moderation, open in builder',
  learning: 'The learning area: the course without answer keys, lessons, quizzes graded on the server, exercises, progress',
  journal: 'The trading journal: trades made from paper orders, entries, statistics with their formulas, CSV export',
  gamification: 'Gamification computed on the server from domain events: state, awards feed, claims, rewards, power-ups, settings, leaderboards',
  broker: "Live trading through the learner's own Alpaca account: keys saved once and never answered, validation, account, orders, positions, contracts",
  screener: 'Market analysis from the chains (end-of-day): the options screener and saved screens, put-call parity arbitrage, the volatility surface',
  analysis: 'Market analysis, end of day: daily summaries, sentiment, earnings events, regime and the sentiment heatmap',
  agent: "The learner's personal access tokens for the Agent API: created (the token shown once), listed and revoked, from the browser only",
  operations: "The operators' data manager: stored data per underlying, every job's last runs, the scheduler's Stop and Start, Run now",
  mcp: "The Model Context Protocol server for a learner's AI agent: the same data and rules as these routes, as MCP tools and resources",
  dataBrowser: "The operator's data browser: stored chains, stock and option bars and daily summaries, a page at a time by Queries on their keys",
  uploads: 'Bulk upload of stock and option bars by operators: a presigned POST for a CSV file, then its progress and report',
  prediction:
    'Demo prediction markets (play money): yes/no contracts on the closes of the tracked underlyings, priced from their option chains, the demo balance, orders and settlement',
  watchlist:
    "The learner's watchlist (end of day): underlyings and contracts with their last figures, expired contracts with their settlement value, slots by level",
  kiteLogin:
    "The operator's daily Zerodha Kite Connect login: the keys' and session's state, the login URL, and Kite's callback that keeps the session on the server",
  alerts:
    "The learner's own alerts on an underlying or a contract, checked after each end-of-day ingestion; the notifications they write, the bell's count, mark read, and the alert e-mail choice",
  india: 'Indian markets: the view-only NSE option chain with lot sizes in rupees, and its underlyings, from Zerodha Kite or the simulated NSE market',
  backtest:
    "The strategy backtester (end of day): the stored history a run can use, a run with 'what this teaches' saved per learner (at most 50), the saved runs, and sharing one to the community feed",
};

/**
 * The licence the document states, the same as package.json's `license` (a unit test holds them together). The code
 * is not offered under any public licence (npm's `UNLICENSED`), so the SPDX expression is a `LicenseRef-` of its own,
 * which is how SPDX names a licence that is not on its list.
 */
export const API_LICENSE = { name: 'UNLICENSED: proprietary, all rights reserved', identifier: 'LicenseRef-Proprietary' } as const;

/** The security scheme's name in the document. */
export const SECURITY_SCHEME = 'cognitoJwt';
/** The personal access tokens' security scheme (the Agent API). */
export const AGENT_SECURITY_SCHEME = 'agentToken';

/** API Gateway's own answers (the JWT authorizer, throttling, an unmatched route) carry `message`, not `error`. */
const GatewayError = { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } as const;

const ERROR_RESPONSES = {
  BadRequest: ['The input was rejected: `error` names each field and why, `issues` lists them.', 'Error'],
  Unauthorized: [
    'No valid sign-in: the token is missing, expired or not from this user pool; or a personal access token that was revoked or has expired (`This token was revoked or has expired.`).',
    'ErrorOrGateway',
  ],
  Forbidden: [
    'Signed in, but not allowed here: an admin route without the Cognito group `admin`; a personal access token on a route outside its scopes (`scope` names the one it lacks) or on a browser-only route (`Agent tokens cannot use this route.`).',
    'Error',
  ],
  NotFound: ['The thing named in the path or body does not exist (the message says which).', 'Error'],
  Conflict: ['The request clashes with the current state (the message says how to resolve it).', 'Error'],
  Unprocessable: ['The request is well formed but a rule refuses it, with the rule’s message (e.g. a compliance check).', 'Error'],
  TooManyRequests: [
    'A per-client rate limit (functions/rate-limits.ts: the CloudFront web ACL in AWS, the gateway locally) or the API stage’s throttle; `Retry-After` says how many seconds to wait.',
    'ErrorOrGateway',
  ],
  InternalError: ['Something failed on the server; the answer never says what.', 'ErrorOrGateway'],
  Unavailable: ['A service the route depends on is not available right now; retry later.', 'ErrorOrGateway'],
  BadGateway: ['The broker (Alpaca) failed or answered in a shape it does not document: `Alpaca API error: {status} - {message}`.', 'Error'],
  GatewayTimeout: ['The broker (Alpaca) did not answer in time; retrying with the same clientOrderId never places an order twice.', 'Error'],
} as const;

const STATUS_RESPONSE: Record<number, keyof typeof ERROR_RESPONSES> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  422: 'Unprocessable',
  429: 'TooManyRequests',
  500: 'InternalError',
  502: 'BadGateway',
  503: 'Unavailable',
  504: 'GatewayTimeout',
};

/** zod → JSON Schema draft 2020-12, without the `$schema` line each conversion carries. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io }) as JsonSchema;
  return rest;
}

/** `GET /api/market/{underlying}/chain` → `getMarketUnderlyingChain`. */
export function operationIdOf(routeKey: string): string {
  const [method, path] = routeKey.split(' ') as [string, string];
  const words = path
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

const pathParamNames = (path: string) => [...path.matchAll(/\{(\w+)\+?\}/g)].map((m) => m[1]!);

function parameters(routeKey: string, contract: RouteContract): Parameter[] {
  const path = routeKey.split(' ')[1]!;
  const out: Parameter[] = [];
  const names = pathParamNames(path);
  const params = contract.params ? jsonSchemaOf(contract.params, 'input') : { properties: {} };
  const paramProps = (params.properties ?? {}) as Record<string, JsonSchema>;
  for (const name of names) {
    const schema = paramProps[name];
    if (!schema) throw new Error(`The contract of ${routeKey} does not describe its path parameter {${name}}.`);
    out.push({ name, in: 'path', required: true, schema });
  }
  const extra = Object.keys(paramProps).filter((n) => !names.includes(n));
  if (extra.length) throw new Error(`The contract of ${routeKey} describes path parameters its path lacks: ${extra.join(', ')}.`);
  if (contract.query) {
    const query = jsonSchemaOf(contract.query, 'input');
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, JsonSchema>)) {
      out.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  return out;
}

function responses(contract: RouteContract): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const success = contract.refusesOnly ? [] : [contract.status ?? 200, ...(contract.otherStatuses ?? [])];
  for (const status of success) {
    out[String(status)] =
      status === 302
        ? { description: 'Sends the browser on (the Location header).', headers: { Location: { schema: { type: 'string' } } } }
        : status === 204 || !contract.response
          ? { description: 'Done; no content.' }
          : { description: 'Success.', content: { 'application/json': { schema: jsonSchemaOf(contract.response, 'output') } } };
  }
  const errors = new Set<number>([429, 500, ...(contract.errors ?? [])]);
  if (contract.params || contract.query || contract.body) errors.add(400);
  // Every signed-in route answers a personal access token with 403: outside its scopes, or a browser-only route.
  if (contract.auth !== 'public') [401, 403].forEach((status) => errors.add(status));
  // An admin route asks the user pool whether the caller is still an operator; 503 when it cannot be asked.
  if (contract.auth === 'admin') errors.add(503);
  for (const status of [...errors].sort((a, b) => a - b)) out[String(status)] = { $ref: `#/components/responses/${STATUS_RESPONSE[status]}` };
  return out;
}

/** Who may call a route, in words: the start of its description. */
function whoMayCall(auth: Auth, scope: AgentScope | undefined): string {
  if (auth === 'public') return 'Public: no sign-in needed.';
  if (auth === 'admin') return 'Operators only: a Cognito token of a user in the group `admin`. Personal access tokens cannot use this route (403).';
  if (!scope) return 'Signed in with a browser session (a Cognito token) only: personal access tokens cannot use this route (403).';
  return (
    `A Cognito token, or a personal access token with the \`${scope}\` scope (${AGENT_SCOPE_WORDS[scope]}); a token without it gets 403 ` +
    `naming the scope. At most ${AGENT_LIMITS.requestsPerMinute} requests a minute per token (429 with Retry-After).`
  );
}

function operation(entry: ContractEntry, scope: AgentScope | undefined): Operation {
  const { routeKey, contract, area } = entry;
  const op: Operation = {
    operationId: operationIdOf(routeKey),
    summary: contract.summary,
    description: whoMayCall(contract.auth, contract.auth === 'user' ? scope : undefined),
    tags: [area],
    // Public routes say so explicitly; admin routes name the Cognito group as a role, and token routes the scope a
    // token needs, which OpenAPI 3.1's Security Requirement Object allows for schemes other than OAuth. Either
    // requirement is enough (the list is a choice).
    security:
      contract.auth === 'public'
        ? []
        : contract.auth === 'admin'
          ? [{ [SECURITY_SCHEME]: ['admin'] }]
          : [{ [SECURITY_SCHEME]: [] }, ...(scope ? [{ [AGENT_SECURITY_SCHEME]: [scope] }] : [])],
    responses: responses(contract),
  };
  if (contract.auth === 'user' && scope) op['x-agent-scope'] = scope;
  const params = parameters(routeKey, contract);
  if (params.length) op.parameters = params;
  if (contract.body) {
    op.requestBody = {
      // A body schema that accepts nothing sent (`.optional()`) makes the body optional.
      required: !contract.body.safeParse(undefined).success,
      content: { 'application/json': { schema: jsonSchemaOf(contract.body, 'input') } },
    };
  }
  return op;
}

/** The document for the given routes; throws when a route has no contract or disagrees with it (a bug, caught by tests). */
export function openApiDocument(opts: DocumentOptions): OpenApiDocument {
  const contracts = opts.contracts ?? apiContracts;
  const paths: OpenApiDocument['paths'] = {};
  const operationIds = new Set<string>();
  for (const r of opts.routes) {
    const entry = contracts.find((c) => c.routeKey === r.routeKey);
    if (!entry) throw new Error(`${r.routeKey} has no contract: declare it in shared/<area>/<area>.api.ts and the registry.`);
    if (entry.contract.auth !== r.auth) throw new Error(`${r.routeKey} is '${r.auth}' in the routes but '${entry.contract.auth}' in its contract.`);
    const [method, path] = r.routeKey.split(' ') as [string, string];
    if (r.scope && r.auth !== 'user') throw new Error(`${r.routeKey} has a token scope but is '${r.auth}': only signed-in learner routes take tokens.`);
    // A route that only refuses (GET and DELETE /api/mcp answer 405, as the MCP transport asks) is no operation a
    // client can use: the document leaves it out, and describes the method that works.
    if (entry.contract.refusesOnly) continue;
    const op = operation({ ...entry, routeKey: r.routeKey as RouteKey }, r.scope);
    if (operationIds.has(op.operationId)) throw new Error(`Two routes share the operation id ${op.operationId}.`);
    operationIds.add(op.operationId);
    (paths[path] ??= {})[method.toLowerCase()] = op;
  }
  const usedTags = new Set(Object.values(paths).flatMap((ops) => Object.values(ops).flatMap((o) => o.tags)));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Options Academy API',
      version: opts.version,
      description: [
        'The HTTP API of Options Academy, generated from the schemas its handlers validate with.',
        'Signed-in routes take a Cognito ID token as `Authorization: Bearer <token>`; admin routes also need the Cognito group `admin`.',
        'The routes marked `x-agent-scope` also take a personal access token (`Authorization: Bearer oa_pat_…`, made on /app/agent) that holds that scope;',
        `a token gets 403 on every other signed-in route, 401 once revoked or expired, and 429 past ${AGENT_LIMITS.requestsPerMinute} requests a minute or ${AGENT_LIMITS.ordersPerMinute} orders a minute.`,
        'Every failure answers with `{ error, code, issues? }`: `error` is the message for the learner, `code` a stable code.',
        'Numbers in a body must be 0 or between 1e-130 and 1e125 in size (what the table stores).',
      ].join(' '),
      license: { ...API_LICENSE },
    },
    servers: [{ url: '/', description: 'The site itself: CloudFront sends /api/* to API Gateway' }],
    tags: (Object.keys(apiAreas) as ApiArea[]).filter((a) => usedTags.has(a)).map((name) => ({ name, description: TAGS[name] })),
    paths,
    components: {
      schemas: {
        Error: jsonSchemaOf(ErrorBody, 'output'),
        GatewayError: { ...GatewayError, description: "API Gateway's own answer (authorizer, throttling, an unmatched route)" },
        ErrorOrGateway: { anyOf: [{ $ref: '#/components/schemas/Error' }, { $ref: '#/components/schemas/GatewayError' }] },
      },
      responses: Object.fromEntries(
        Object.entries(ERROR_RESPONSES).map(([name, [description, schema]]) => [
          name,
          { description, content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } },
        ]),
      ),
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: "A Cognito user pool ID token (the SPA's Amplify session); API Gateway's JWT authorizer verifies it.",
        },
        [AGENT_SECURITY_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'oa_pat_ personal access token',
          description:
            "A learner's personal access token for scripts and agents, made on /app/agent: `oa_pat_` and 43 characters, shown once. " +
            'Its scopes (`read`, `trade`) are what each operation lists under this scheme; it never opens admin, live-broker, credential, settings, export or deletion routes.',
        },
      },
    },
  };
}
