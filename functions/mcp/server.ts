import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AGENT_LIMITS } from '@shared/agent/token';
import { toJson, toolRefusal, SOMETHING_WENT_WRONG } from './route-call';
import { call, type ToolContext, type ToolDefinition } from './tool';
import { ACCOUNT_TOOLS } from './tools/account';
import { ANALYSIS_TOOLS } from './tools/analysis';
import { JOURNAL_TOOLS } from './tools/journal';
import { MARKET_TOOLS } from './tools/market';
import { logger } from '../commons/powertools';

export const MCP_SERVER_INFO = { name: 'options-academy', title: 'Options Academy', version: '1.0.0' } as const;

/** Every tool, in the order a model reads them: the market, pricing and strategies, the paper account, the journal. */
export const MCP_TOOLS: readonly ToolDefinition[] = [...MARKET_TOOLS, ...ANALYSIS_TOOLS, ...ACCOUNT_TOOLS, ...JOURNAL_TOOLS] as unknown as ToolDefinition[];

export const LESSON_OUTLINE_URI = 'options-academy://learning/outline';

/** What the server tells a model about itself when it connects. */
export const MCP_INSTRUCTIONS = [
  "Options Academy is an options-trading school with a paper trading account. These tools read the market data, price options and strategies with the product's own engines, and trade the learner's paper account (never real money) under the same compliance rules as the learner's own orders.",
  'Prices are in US dollars per share; one option contract is 100 shares. Dates are New York trading dates, YYYY-MM-DD. Contracts are named by OCC symbols such as SPY261218C00600000.',
  'A typical flow: list_expiries → get_chain (filter by moneyness and delta) or place_template → analyze_strategy → check_order → place_order → get_portfolio. Orders need the paper account to be open (the learner opens it in the app).',
  `Limits per token: ${AGENT_LIMITS.requestsPerMinute} requests and ${AGENT_LIMITS.ordersPerMinute} orders a minute. Every order is marked as placed by this agent.`,
].join('\n');

/** Runs a tool, turning anything it throws into a refusal that says nothing of what failed (never an HTTP 500). */
async function runTool(tool: ToolDefinition, args: unknown, ctx: ToolContext): Promise<CallToolResult> {
  try {
    return await tool.run(args as never, ctx);
  } catch (err) {
    logger.error('An MCP tool failed', { tool: tool.name, error: err as Error });
    return toolRefusal(SOMETHING_WENT_WRONG);
  }
}

/** A new server for one request (the transport is stateless): the tools and the lesson outline, for this caller. */
export function mcpServer(ctx: ToolContext): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, { instructions: MCP_INSTRUCTIONS, capabilities: { tools: {}, resources: {} } });
  for (const tool of MCP_TOOLS) {
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: tool.input, annotations: tool.annotations },
      (args: unknown) => runTool(tool, args, ctx),
    );
  }
  server.registerResource(
    'lesson-outline',
    LESSON_OUTLINE_URI,
    {
      title: 'Lesson outline',
      description: "The course's modules, in order, with how many lessons each has (the same as GET /api/learning/outline).",
      mimeType: 'application/json',
    },
    async (uri) => {
      const answer = await call(ctx, 'GET /api/learning/outline');
      if (!answer.ok) throw new Error(answer.message);
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: toJson(answer.body) }] };
    },
  );
  return server;
}
