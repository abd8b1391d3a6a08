import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z } from 'zod';
import type { Result } from '@shared/result';
import { AGENT_SCOPES, lacksScope, type AgentPrincipal, type AgentScope } from '@shared/agent/token';
import { fieldInWords } from '@shared/api/field-words';
import type { GroupMembership } from '@shared/users/group-membership.port';
import { AGENT_CONTEXT } from '../authorizers/bearer-check';
import { AGENT_NOT_ALLOWED_ANSWER } from '../rate-limits';
import { routes as routeDefinitions, type Auth } from '../routes';
import { ADMIN_GROUP } from '../sessions';
import { issuedBeforeSignOut } from '@shared/users/sessions';
import { OPEN_TO_DELETED, standingCheckFromEnv, tokenUseRecorderFromEnv, type StandingCheck, type TokenUseRecorder } from './deleted-accounts';
import { type AppError, statusOf } from './errors';
import { originCheckFromEnv, type OriginCheck } from './origin-check';
import { instrumented, logger } from './powertools';

/**
 * The caller, taken only from what the gateway's authorizer verified (the JWT authorizer's claims, or the bearer
 * authorizer's context on the routes a personal access token may use); never from the body or path.
 */
export interface AuthUser {
  sub: string;
  email?: string;
  /** Cognito's `email_verified`: the learner proved they read mail at `email` (the ID token carries both). */
  emailVerified?: boolean;
  name?: string;
  groups: string[];
  /** The token's `iat` (seconds): a token issued before a sign-out everywhere is refused. */
  issuedAt?: number;
  /**
   * Set when the request came with a personal access token rather than a Cognito token (issue 34): which token, its
   * name (marked on every order it places) and its scopes. Nothing a token does earns XP.
   */
  agent?: AgentPrincipal;
}

export interface HttpResponse {
  status: number;
  body?: unknown;
  /** A body already serialised as JSON, for large cached answers (the chain) that should not be re-stringified. */
  rawJson?: string;
  headers?: Record<string, string>;
}

type AnySchema = z.ZodType;
type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

export interface RouteSpec<A extends Auth, B, Q, P> {
  auth: A;
  body?: B;
  query?: Q;
  params?: P;
}

export interface HttpRequest<A extends Auth, B, Q, P> {
  body: Infer<B>;
  query: Infer<Q>;
  params: Infer<P>;
  user: A extends 'public' ? AuthUser | null : AuthUser;
  headers: Record<string, string | undefined>;
  requestId: string;
}

export interface RouteHandler {
  auth: Auth;
  /** The schemas the route validates with (for a contract route, the contract itself: see shared/api/contract.ts). */
  spec: RouteSpec<Auth, unknown, unknown, unknown>;
  run: (event: APIGatewayProxyEventV2WithJWTAuthorizer, user: AuthUser | null) => Promise<HttpResponse>;
}

export type Event = APIGatewayProxyEventV2WithJWTAuthorizer;
export type LambdaResult = APIGatewayProxyStructuredResultV2;
export type HttpLambda = ((event: Event, context?: Partial<Context>) => Promise<LambdaResult>) & {
  routes: Record<string, RouteHandler>;
};

export const ok = (body: unknown, headers?: Record<string, string>): HttpResponse => ({ status: 200, body, headers });
export const okRaw = (rawJson: string, headers?: Record<string, string>): HttpResponse => ({ status: 200, rawJson, headers });
/** A text answer (a CSV download): sent as it is, with its own content type. */
export const okText = (text: string, contentType: string, headers?: Record<string, string>): HttpResponse => ({
  status: 200,
  rawJson: text,
  headers: { 'content-type': contentType, ...headers },
});
export const created = (body: unknown): HttpResponse => ({ status: 201, body });
export const accepted = (body: unknown): HttpResponse => ({ status: 202, body });
export const noContent = (): HttpResponse => ({ status: 204 });
export const failure = (error: AppError): HttpResponse => ({
  status: statusOf(error.code),
  body: { error: error.message, code: error.code, ...error.details },
});
/** A use case's Result as an answer: its failure mapped by `failure`, its value by `onOk` (200 with the value unless told). */
export const respond = <T>(result: Result<T>, onOk: (value: T) => HttpResponse = (value) => ok(value)): HttpResponse =>
  result.ok ? onOk(result.value) : failure(result.error);

/** Declares one route: its input schemas and the function that serves it. */
export function route<
  A extends Auth,
  B extends AnySchema | undefined = undefined,
  Q extends AnySchema | undefined = undefined,
  P extends AnySchema | undefined = undefined,
>(spec: RouteSpec<A, B, Q, P>, fn: (req: HttpRequest<A, B, Q, P>) => Promise<HttpResponse>): RouteHandler {
  return {
    auth: spec.auth,
    spec,
    async run(event, user) {
      const input = parseRequest(spec, event);
      if (!input.ok) return input.response;
      return fn({
        body: input.body as Infer<B>,
        query: input.query as Infer<Q>,
        params: input.params as Infer<P>,
        user: user as HttpRequest<A, B, Q, P>['user'],
        headers: event.headers ?? {},
        requestId: event.requestContext?.requestId ?? '',
      });
    },
  };
}

export type ParsedRequest = { ok: true; body: unknown; query: unknown; params: unknown } | { ok: false; response: HttpResponse };

/** Validates an event's body, query and path against a route's schemas, as `route()` does before calling the handler. */
export function parseRequest(spec: RouteSpec<Auth, unknown, unknown, unknown>, event: Event): ParsedRequest {
  const body = spec.body ? parseBody(event, spec.body as AnySchema) : { ok: true as const, value: undefined };
  if (!body.ok) return body;
  const query = parseWith(spec.query as AnySchema | undefined, event.queryStringParameters ?? {}, 'query');
  if (!query.ok) return query;
  const params = parseWith(spec.params as AnySchema | undefined, event.pathParameters ?? {}, 'path');
  if (!params.ok) return params;
  return { ok: true, body: body.value, query: query.value, params: params.value };
}

export const ACCOUNT_DELETED = 'This account has been deleted. Sign up again to start afresh.';
export const SIGNED_OUT = 'You signed out everywhere, or changed your password. Please sign in again.';
export const SIGN_IN = 'Sign in to continue.';
/** A personal access token that is no longer good: revoked by its owner, expired, or its account deleted. */
export const TOKEN_REVOKED = 'This token was revoked or has expired.';

const UNAUTHORIZED: HttpResponse = { status: 401, body: { error: SIGN_IN, code: 'unauthorized' } };
const REVOKED: HttpResponse = { status: 401, body: { error: TOKEN_REVOKED, code: 'unauthorized' } };

/** The scope each route needs of a personal access token (functions/routes.ts); a route without one is browser-only. */
const SCOPE_OF: ReadonlyMap<string, AgentScope> = new Map(routeDefinitions.flatMap((r) => (r.scope ? [[r.routeKey, r.scope] as const] : [])));

/**
 * Whether a token may call a route: null when it may; else the 403 answer, naming the scope it lacks. A public route is
 * open to anyone; a signed-in route without a scope (admin, the broker's live routes, credentials, settings, export,
 * deletion, sessions, …) is refused to every token.
 */
export function agentRefusal(
  route: { routeKey: string; auth: Auth },
  agent: AgentPrincipal,
  scopes: ReadonlyMap<string, AgentScope> = SCOPE_OF,
): HttpResponse | null {
  if (route.auth === 'public') return null;
  const needed = scopes.get(route.routeKey);
  if (!needed) return { status: 403, body: { ...AGENT_NOT_ALLOWED_ANSWER } };
  if (!agent.scopes.includes(needed)) return { status: 403, body: { error: lacksScope(needed), code: 'forbidden', scope: needed } };
  return null;
}

const NOT_AN_OPERATOR: HttpResponse = { status: 403, body: { error: 'This page is for administrators only.', code: 'forbidden' } };
/** A bug or an outage nobody expected: the answer says nothing of what failed; `internal` is the only code outside ErrorCode. */
const UNEXPECTED: HttpResponse = { status: 500, body: { error: 'Something went wrong on our side. Please try again.', code: 'internal' } };

/**
 * One Lambda serves a group of routes and dispatches on API Gateway's `routeKey`. Auth is enforced
 * here as well as by the gateway's JWT authorizer: a route marked `admin` needs the Cognito group in the token and,
 * asked of the user pool (`groups`, remembered for a minute), still now, so that a removed operator is out within
 * that minute rather than when their token expires.
 */
export function httpApi(
  routes: Record<string, RouteHandler>,
  opts: { groups?: GroupMembership; origin?: OriginCheck | null; standing?: StandingCheck | null; tokenUse?: TokenUseRecorder | null } = {},
): HttpLambda {
  const { groups } = opts;
  // The learner's standing, one read per request at most (functions/commons/deleted-accounts.ts): a deleted account's
  // tokens are refused everywhere but on its deletion's progress, and so is a token issued before the learner's last
  // sign-out everywhere or password change.
  const standing = opts.standing === undefined ? standingCheckFromEnv() : opts.standing;
  // A token's "last used" time, written at most once a minute per token.
  const tokenUse = opts.tokenUse === undefined ? tokenUseRecorderFromEnv() : opts.tokenUse;
  // In AWS, only requests that came through CloudFront (and its web ACL) are served: functions/origin.ts.
  const origin = opts.origin === undefined ? originCheckFromEnv() : opts.origin;
  if (!groups && Object.values(routes).some((r) => r.auth === 'admin')) {
    throw new Error('Admin routes need the user pool group membership (httpApi(routes, { groups })).');
  }
  const stillAnOperator = async (sub: string): Promise<HttpResponse | null> => {
    let current: readonly string[];
    try {
      current = await groups!.groupsOf(sub);
    } catch (err) {
      logger.error('Could not confirm group membership with the user pool', { error: err as Error });
      return { status: 503, body: { error: 'Operator access could not be confirmed right now. Please try again in a moment.', code: 'unavailable' } };
    }
    return current.includes(ADMIN_GROUP) ? null : NOT_AN_OPERATOR;
  };
  const handler = async (event: Event, context?: Partial<Context>): Promise<LambdaResult> => {
    if (context?.awsRequestId) logger.appendKeys({ requestId: context.awsRequestId });
    if (origin) {
      const came = await origin(event.headers ?? {});
      if (came === 'refused') return toResult(event, { status: 403, body: { error: 'Forbidden', code: 'forbidden' } });
      if (came === 'unavailable')
        return toResult(event, { status: 503, body: { error: 'Something went wrong on our side. Please try again.', code: 'unavailable' } });
    }
    const r = routes[event.routeKey];
    if (!r) return toResult(event, { status: 404, body: { error: 'Not found', code: 'not_found' } });
    return instrumented(event.routeKey, async () => {
      try {
        const principal = principalOf(event);
        if (principal.refused && r.auth !== 'public') return toResult(event, principal.refused);
        const user = principal.user;
        if (r.auth !== 'public' && !user) return toResult(event, UNAUTHORIZED);
        if (user?.agent) {
          const refused = agentRefusal({ routeKey: event.routeKey, auth: r.auth }, user.agent);
          if (refused) return toResult(event, refused);
        }
        let recordingUse: Promise<void> | undefined;
        if (user && standing && r.auth !== 'public') {
          const { deleted, signedOutAt, agentTokenExpiresAt } = await standing(user.sub, user.agent?.tokenId);
          if (deleted && !OPEN_TO_DELETED.has(event.routeKey))
            return toResult(event, { status: 401, body: { error: ACCOUNT_DELETED, code: 'account_deleted' } });
          // A token is revoked on /app/agent; signing out everywhere ends browser sessions, not tokens.
          if (user.agent) {
            if (!agentTokenExpiresAt || agentTokenExpiresAt <= Date.now()) return toResult(event, REVOKED);
            // Bookkeeping for the learner's list, written while the route runs (awaited before the answer, as a Lambda
            // must): a failed write never fails the agent's request.
            recordingUse = tokenUse?.(user.sub, user.agent.tokenId).catch((err: unknown) =>
              logger.warn("Could not record a token's use", { error: err as Error }),
            );
          } else if (issuedBeforeSignOut(user.issuedAt, signedOutAt)) return toResult(event, { status: 401, body: { error: SIGNED_OUT, code: 'signed_out' } });
        }
        if (r.auth === 'admin') {
          if (!user?.groups.includes(ADMIN_GROUP)) return toResult(event, NOT_AN_OPERATOR);
          const refused = await stillAnOperator(user.sub);
          if (refused) return toResult(event, refused);
        }
        try {
          return toResult(event, await r.run(event, user));
        } finally {
          await recordingUse;
        }
      } catch (err) {
        logger.error('Unhandled error', { routeKey: event.routeKey, error: err as Error });
        return toResult(event, UNEXPECTED);
      }
    });
  };
  return Object.assign(handler, { routes });
}

/** httpApi for a group that has admin routes: `groups` is the user pool's word on who is an operator now. */
export const httpApiWithAdmin = (groups: GroupMembership, routes: Record<string, RouteHandler>): HttpLambda => httpApi(routes, { groups });

/** Who called, as the gateway's authorizer said, or the 401 to answer when it refused the bearer. */
export interface Principal {
  user: AuthUser | null;
  refused?: HttpResponse;
}

type LambdaAuthorizerContext = Record<string, unknown>;

/**
 * The caller of a request: from the JWT authorizer's claims (`authorizer.jwt.claims`), or from the bearer authorizer's
 * context (`authorizer.lambda`, functions/authorizers/bearer-check.ts) on the routes a personal access token may use:
 * a token's owner with `agent` set, or a Cognito token's claims. A bearer the authorizer refused is a 401; so is a
 * Cognito token past its `exp`, which API Gateway's authorizer cache may still hold (the JWT authorizer refuses it itself).
 */
export function principalOf(event: Event, now: number = Date.now()): Principal {
  const authorizer = event.requestContext?.authorizer as { jwt?: { claims?: Record<string, unknown> }; lambda?: LambdaAuthorizerContext } | undefined;
  const lambda = authorizer?.lambda;
  if (!lambda) return { user: userFromClaims(authorizer?.jwt?.claims) };
  if (lambda[AGENT_CONTEXT.refused] !== undefined) return { user: null, refused: lambda[AGENT_CONTEXT.refused] === 'token' ? REVOKED : UNAUTHORIZED };
  if (lambda[AGENT_CONTEXT.tokenId] !== undefined) {
    const agent = agentOf(lambda);
    return agent && typeof lambda.sub === 'string' && lambda.sub ? { user: { sub: lambda.sub, groups: [], agent } } : { user: null, refused: REVOKED };
  }
  const user = userFromClaims(lambda);
  const exp = issuedAtOf(lambda.exp);
  if (user && exp !== undefined && exp * 1000 <= now) return { user: null, refused: UNAUTHORIZED };
  return { user };
}

/** The token named in the bearer authorizer's context: `agentScopes` is the scopes with a space between them. */
function agentOf(context: LambdaAuthorizerContext): AgentPrincipal | null {
  const tokenId = context[AGENT_CONTEXT.tokenId];
  const name = context[AGENT_CONTEXT.name];
  const scopes = context[AGENT_CONTEXT.scopes];
  if (typeof tokenId !== 'string' || !tokenId || typeof name !== 'string' || typeof scopes !== 'string') return null;
  const words = scopes.split(/\s+/);
  return { tokenId, name, scopes: AGENT_SCOPES.filter((s) => words.includes(s)) };
}

/**
 * API Gateway HTTP APIs hand JWT claims over as strings; list claims such as `cognito:groups`
 * arrive as "[admin learners]". Accept that form and a real array.
 */
export function userFromClaims(claims: Record<string, unknown> | undefined): AuthUser | null {
  if (!claims || typeof claims.sub !== 'string' || !claims.sub) return null;
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  return {
    sub: claims.sub,
    email: str(claims.email),
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name: str(claims.name),
    groups: parseGroups(claims['cognito:groups']),
    issuedAt: issuedAtOf(claims.iat),
  };
}

/** `iat` (and `exp`) arrive as a number from a decoded token and as a string from API Gateway. */
function issuedAtOf(raw: unknown): number | undefined {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() ? Number(raw) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

function parseGroups(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.map(String);
  if (typeof raw !== 'string' || !raw) return [];
  const inner = raw.startsWith('[') && raw.endsWith(']') ? raw.slice(1, -1) : raw;
  return inner.split(/[\s,]+/).filter(Boolean);
}

type Parsed = { ok: true; value: unknown } | { ok: false; response: HttpResponse };

function parseBody(event: Event, schema: AnySchema): Parsed {
  let json: unknown;
  try {
    const text = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
    json = text ? JSON.parse(text) : undefined;
  } catch {
    return { ok: false, response: { status: 400, body: { error: 'The request body must be valid JSON.', code: 'bad_request' } } };
  }
  const outOfRange = unstorableNumberAt(json);
  if (outOfRange) {
    const issue = { path: ['body', ...outOfRange].join('.'), message: 'must be 0 or between 1e-130 and 1e125 in size' };
    const error = `${fieldInWords(
      'body',
      outOfRange.map((k) => (/^\d+$/.test(k) ? Number(k) : k)),
    )}: ${issue.message}`;
    return { ok: false, response: { status: 400, body: { error, code: 'bad_request', issues: [issue] } } };
  }
  return parseWith(schema, json, 'body');
}

/**
 * The path of the first number DynamoDB cannot store (magnitudes from 1e-130 to below 1e126, and 0), or null. Such a
 * number (1e-200 as a strike, 1e400 read as Infinity) passed the schemas and failed the write as a 500. Iterative, so
 * a deeply nested body cannot exhaust the stack.
 */
function unstorableNumberAt(json: unknown): string[] | null {
  // Each entry keeps its parent's index and its own key, so the path is built only for the culprit.
  const seen: { parent: number; key: string }[] = [];
  const stack: [unknown, number][] = [[json, -1]];
  while (stack.length) {
    const [value, at] = stack.pop()!;
    if (typeof value === 'number') {
      const size = Math.abs(value);
      if (value !== 0 && !(size >= 1e-130 && size < 1e126)) {
        const path: string[] = [];
        for (let i = at; i >= 0; i = seen[i]!.parent) path.unshift(seen[i]!.key);
        return path;
      }
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        seen.push({ parent: at, key });
        stack.push([child, seen.length - 1]);
      }
    }
  }
  return null;
}

function parseWith(schema: AnySchema | undefined, input: unknown, where: 'body' | 'query' | 'path'): Parsed {
  if (!schema) return { ok: true, value: undefined };
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  // The learner reads the field in words ("Quantity of leg 1: ..."); `issues` keeps the machine path for developers.
  const issues = result.error.issues.map((i) => ({ path: [where, ...i.path.map(String)].join('.'), message: i.message }));
  const words = result.error.issues.map(
    (i) =>
      `${fieldInWords(
        where,
        i.path.filter((k): k is string | number => typeof k !== 'symbol'),
      )}: ${i.message}`,
  );
  return {
    ok: false,
    response: {
      status: 400,
      body: { error: words.join('; '), code: 'bad_request', issues },
    },
  };
}

function toResult(event: Event, res: HttpResponse): LambdaResult {
  const headers: Record<string, string> = { 'cache-control': 'no-store', ...res.headers };
  const etag = headers.etag;
  const ifNoneMatch = event.headers?.['if-none-match'];
  if (etag && ifNoneMatch && ifNoneMatch.split(/\s*,\s*/).includes(etag) && res.status === 200) {
    return { statusCode: 304, headers };
  }
  if (res.body === undefined && res.rawJson === undefined) return { statusCode: res.status, headers };
  return {
    statusCode: res.status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: res.rawJson ?? JSON.stringify(res.body),
  };
}
