import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { ulid } from 'ulid';
import { MCP_POST_ONLY, mcpApi } from '@shared/agent/mcp.api';
import type { Clock } from '@shared/ports/clock.port';
import { systemClock } from '../commons/clock';
import { httpApi, route, type AuthUser, type HttpResponse } from '../commons/http';
import type { RouteTable } from '../mcp/route-call';
import { mcpServer } from '../mcp/server';
import { handler as journal } from './journal';
import { handler as learning } from './learning';
import { handler as market } from './market';
import { handler as trading } from './trading';

export interface McpDeps {
  /** The route handlers the tools call in process: the very ones the HTTP API serves. */
  routes: RouteTable;
  clock: Clock;
  newId: () => string;
}

/** The request headers the Streamable HTTP transport reads; the rest (the token among them) stay out of it. */
const TRANSPORT_HEADERS = ['accept', 'content-type', 'mcp-protocol-version'] as const;

const BAD_HEADERS: HttpResponse = { status: 400, body: { error: 'The request headers could not be read.', code: 'bad_request' } };

/**
 * How long one MCP request may take before it is answered 504, within the function's 28 s: a batch that cancels its
 * own request (`notifications/cancelled`) leaves that request without an answer, which would otherwise hold the
 * Lambda to its timeout.
 */
export const MCP_REQUEST_TIMEOUT_MS = 25_000;
const TOO_LONG: HttpResponse = { status: 504, body: { error: 'The request took too long. Please try again.', code: 'gateway_timeout' } };

/**
 * One MCP request, statelessly: a new server and transport (no session id, JSON answers rather than an event stream,
 * so it runs in a Lambda), given the body route() has already parsed and the caller the token names. The transport's
 * own refusals (406 without the Accept it needs, 415 without JSON, a JSON-RPC error) pass through as it gives them.
 */
export async function serveMcp(
  deps: McpDeps,
  req: { body: unknown; headers: Record<string, string | undefined>; user: AuthUser; requestId: string },
  timeoutMs = MCP_REQUEST_TIMEOUT_MS,
): Promise<HttpResponse> {
  let request: Request;
  try {
    const headers = new Headers();
    for (const name of TRANSPORT_HEADERS) {
      const value = req.headers[name];
      if (value !== undefined) headers.set(name, value);
    }
    request = new Request('https://mcp.invalid/api/mcp', { method: 'POST', headers });
  } catch {
    return BAD_HEADERS;
  }
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  const server = mcpServer({ user: req.user, routes: deps.routes, clock: deps.clock, newId: deps.newId, requestId: req.requestId });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tooLong = new Promise<HttpResponse>((resolve) => {
    timer = setTimeout(() => resolve(TOO_LONG), timeoutMs);
  });
  const answer = async (): Promise<HttpResponse> => {
    await server.connect(transport);
    const response = await transport.handleRequest(request, { parsedBody: req.body });
    const text = await response.text();
    const contentType = response.headers.get('content-type');
    const headers = contentType ? { 'content-type': contentType } : undefined;
    return text ? { status: response.status, rawJson: text, headers } : { status: response.status, headers };
  };
  try {
    return await Promise.race([answer(), tooLong]);
  } finally {
    clearTimeout(timer);
    await server.close().catch(() => undefined);
  }
}

/**
 * GET (an event stream for the server's own messages) and DELETE (ending a session) of the Streamable HTTP transport: a
 * stateless server offers neither, and the transport's specification has it answer 405 Method Not Allowed (the MCP
 * SDK's client then goes on with POST alone).
 */
const POST_ONLY: HttpResponse = { status: 405, headers: { Allow: 'POST' }, body: { error: MCP_POST_ONLY, code: 'bad_request' } };

export function makeMcpHandler(deps: McpDeps) {
  return httpApi({
    'POST /api/mcp': route(mcpApi['POST /api/mcp'], async ({ body, headers, user, requestId }) => serveMcp(deps, { body, headers, user, requestId })),
    'GET /api/mcp': route(mcpApi['GET /api/mcp'], async () => POST_ONLY),
    'DELETE /api/mcp': route(mcpApi['DELETE /api/mcp'], async () => POST_ONLY),
  });
}

export const handler = makeMcpHandler({
  routes: { ...market.routes, ...trading.routes, ...journal.routes, ...learning.routes },
  clock: systemClock,
  newId: () => ulid(),
});
