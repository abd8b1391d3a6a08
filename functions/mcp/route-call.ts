import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { AgentScope } from '@shared/agent/token';
import { agentRefusal, type AuthUser, type Event, type HttpResponse, type RouteHandler } from '../commons/http';
import { logger } from '../commons/powertools';
import { routes as routeDefinitions, type RouteKey } from '../routes';

/**
 * How an MCP tool reaches the product: through the very route handler the HTTP API serves, called in process with a
 * request built from the tool's arguments and the caller of POST /api/mcp. So a tool answers the same data, with the
 * same validation, compliance checks and agent marking, as the route it stands for; never more.
 */
export type RouteTable = Readonly<Partial<Record<RouteKey, RouteHandler>>>;

export interface RouteInput {
  params?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

/** A route's answer: its JSON body on success, or its failure in words (the answer's `error`) with its body. */
export type RouteAnswer = { ok: true; status: number; body: unknown } | { ok: false; status: number; message: string; body: unknown };

export const SOMETHING_WENT_WRONG = 'Something went wrong on our side. Please try again.';
/**
 * What a personal access token may do here, by the HTTP API's own rule (agentRefusal in functions/commons/http.ts, from
 * the scopes of functions/routes.ts): a public route is open; a signed-in route needs the scope it names, and one
 * without a scope is for the browser only. A browser session (no `agent`) may call every route its own sign-in allows.
 * Null when the caller may go on, else the refusal in words.
 */
export function refusalFor(user: AuthUser, routeKey: RouteKey): { message: string; scope?: AgentScope } | null {
  if (!user.agent) return null;
  // A route functions/routes.ts does not define is refused as a browser-only one would be.
  const refused = agentRefusal(routeDefinitions.find((r) => r.routeKey === routeKey) ?? { routeKey, auth: 'user' }, user.agent);
  if (!refused) return null;
  const body = refused.body as { error: string; scope?: AgentScope };
  return { message: body.error, ...(body.scope ? { scope: body.scope } : {}) };
}

/** A request as API Gateway would hand it to the route's Lambda: the path, query and JSON body, and no more. */
export function syntheticEvent(routeKey: RouteKey, input: RouteInput, requestId: string): Event {
  const [method, path] = routeKey.split(' ') as [string, string];
  const query = Object.fromEntries(
    Object.entries(input.query ?? {})
      .filter((e): e is [string, string | number] => e[1] !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
  const rawPath = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(input.params?.[name] ?? ''));
  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString: new URLSearchParams(query).toString(),
    headers: { 'content-type': 'application/json' },
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: input.params && Object.keys(input.params).length ? input.params : undefined,
    body: input.body === undefined ? undefined : JSON.stringify(input.body),
    isBase64Encoded: false,
    requestContext: { requestId, routeKey, http: { method, path: rawPath } },
  } as unknown as Event;
}

function bodyOf(res: HttpResponse): unknown {
  if (res.body !== undefined) return res.body;
  if (res.rawJson === undefined) return null;
  try {
    return JSON.parse(res.rawJson);
  } catch {
    return res.rawJson;
  }
}

interface CheckLike {
  passed?: unknown;
  severity?: unknown;
  message?: unknown;
}

/**
 * The message of a failed answer: its `error` (the learner's words), else a plain sentence for its status; with the
 * compliance checks an order met, when the answer carries them, one line each (what blocked it, and what warned).
 */
export function messageOf(status: number, body: unknown): string {
  const error = body && typeof body === 'object' && 'error' in body ? (body as { error: unknown }).error : undefined;
  const first = typeof error === 'string' && error ? error : status >= 500 ? SOMETHING_WENT_WRONG : `The request was refused (HTTP ${status}).`;
  const checks = body && typeof body === 'object' && 'checks' in body ? (body as { checks: unknown }).checks : undefined;
  if (!Array.isArray(checks)) return first;
  const lines = (checks as CheckLike[])
    .filter((c) => c && typeof c.message === 'string' && (c.passed === false || c.severity === 'warning'))
    .map((c) => `- ${c.passed === false ? 'Failed' : 'Warning'}: ${String(c.message)}`);
  return lines.length ? [first, 'Compliance checks:', ...lines].join('\n') : first;
}

/**
 * Calls one route for the caller. Never throws: a route the token may not use, a 4xx and a failure of the handler all
 * come back as a refused answer in words (a 5xx says nothing of what failed, as the HTTP API's own 500 does).
 */
export async function callRoute(table: RouteTable, user: AuthUser, routeKey: RouteKey, input: RouteInput = {}, requestId = ''): Promise<RouteAnswer> {
  const refused = refusalFor(user, routeKey);
  if (refused)
    return {
      ok: false,
      status: 403,
      message: refused.message,
      body: { error: refused.message, code: 'forbidden', ...(refused.scope ? { scope: refused.scope } : {}) },
    };
  const handler = table[routeKey];
  if (!handler) return { ok: false, status: 404, message: 'This tool is not available here.', body: null };
  let res: HttpResponse;
  try {
    res = await handler.run(syntheticEvent(routeKey, input, requestId), user);
  } catch (err) {
    logger.error('A tool’s route failed', { routeKey, error: err as Error });
    return { ok: false, status: 500, message: SOMETHING_WENT_WRONG, body: { error: SOMETHING_WENT_WRONG, code: 'internal' } };
  }
  const body = bodyOf(res);
  if (res.status >= 500) return { ok: false, status: res.status, message: SOMETHING_WENT_WRONG, body: { error: SOMETHING_WENT_WRONG, code: 'internal' } };
  if (res.status >= 400) return { ok: false, status: res.status, message: messageOf(res.status, body), body };
  return { ok: true, status: res.status, body };
}

/** JSON as a tool's text, keeping what JSON cannot hold in words (an unlimited profit is "unlimited", not null). */
export const toJson = (value: unknown): string =>
  JSON.stringify(
    value,
    (_, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? (Number.isNaN(v) ? null : v > 0 ? 'unlimited' : '-unlimited') : v),
    2,
  );

/** A tool's answer: the data as JSON text (what the route answered, or what the engine computed). */
export const toolAnswer = (data: unknown): CallToolResult => ({ content: [{ type: 'text', text: toJson(data) }] });

/** A refused tool call: `isError` with the reason in words first, then the answer's details (the checks that failed). */
export function toolRefusal(message: string, details?: unknown): CallToolResult {
  const content: CallToolResult['content'] = [{ type: 'text', text: message }];
  if (details !== undefined && details !== null) content.push({ type: 'text', text: toJson(details) });
  return { content, isError: true };
}

/** A route's answer as a tool's result. */
export const fromRoute = (answer: RouteAnswer, shape: (body: unknown) => unknown = (b) => b): CallToolResult =>
  answer.ok ? toolAnswer(shape(answer.body)) : toolRefusal(answer.message, answer.status >= 500 ? undefined : answer.body);
