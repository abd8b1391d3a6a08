import { z } from 'zod';
import { defineApi } from '../api/contract';

/**
 * The Model Context Protocol endpoint (issue 34): JSON-RPC 2.0 messages over the protocol's Streamable HTTP transport,
 * stateless, answered as JSON. The schemas here are loose on purpose: they say what the route takes and gives in the
 * API document; the protocol's own checks (methods, params, tool arguments) are the MCP SDK's, which answers a bad
 * message with a JSON-RPC error rather than this API's error shape.
 */
const JsonRpcId = z.union([z.string().max(200), z.number()]);

/** A request (method and id), a notification (method, no id) or a response (id with result or error). */
export const McpMessage = z.looseObject({
  jsonrpc: z.literal('2.0', { error: "must be '2.0'" }),
  id: JsonRpcId.optional(),
  method: z.string().max(200).optional(),
  params: z.record(z.string(), z.unknown()).optional(),
});

/** At most this many messages in one batch (older protocol versions allow batches). */
export const MCP_MAX_BATCH = 20;

export const McpBody = z.union([McpMessage, z.array(McpMessage).min(1, 'a batch needs at least one message').max(MCP_MAX_BATCH)]);

const McpAnswer = z.looseObject({ jsonrpc: z.literal('2.0'), id: JsonRpcId.nullable().optional() });

/** What GET and DELETE /api/mcp answer: the server is stateless, so there is no stream to open and no session to end. */
export const MCP_POST_ONLY = 'This MCP server is stateless: it keeps no session and offers no event stream. Send each JSON-RPC message with POST.';

export const mcpApi = defineApi({
  'POST /api/mcp': {
    auth: 'user',
    summary:
      'The Model Context Protocol server (Streamable HTTP, stateless, JSON answers; 202 and no body for notifications): tools for the market, pricing, strategies, the paper account and the journal, and the lesson outline',
    body: McpBody,
    response: z.union([McpAnswer, z.array(McpAnswer)]),
  },
  'GET /api/mcp': {
    auth: 'public',
    summary: `${MCP_POST_ONLY} Always 405 with \`Allow: POST\`: the Streamable HTTP transport lets a server that offers no event stream answer a GET so`,
    errors: [405],
    refusesOnly: true,
  },
  'DELETE /api/mcp': {
    auth: 'public',
    summary: `${MCP_POST_ONLY} Always 405 with \`Allow: POST\`: the Streamable HTTP transport lets a server that keeps no session answer a DELETE so`,
    errors: [405],
    refusesOnly: true,
  },
});
