import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { marketReader } from '@shared/market/market-reader';
import { simulatedProvider } from '@shared/market/simulated-market';
import type { Clock } from '@shared/ports/clock.port';
import type { AuthUser } from '../../../functions/commons/http';
import { makeMarketHandler } from '../../../functions/http/market';
import type { RouteTable } from '../../../functions/mcp/route-call';
import type { ToolContext, ToolDefinition, ToolShape } from '../../../functions/mcp/tool';
import { memoryMarketStore } from '../../support/memory-market-store';

/** A Monday afternoon in New York, market open. */
export const NOW = new Date('2026-11-23T15:00:00Z');
export const TODAY = '2026-11-23';

/** The market routes as the HTTP API serves them, over the simulated market (no stored chains). */
export function marketRoutes(clock: Clock = { now: () => NOW }): RouteTable {
  const store = memoryMarketStore();
  const simulated = simulatedProvider(clock);
  return makeMarketHandler({
    reader: marketReader({ store, simulated, clock, warn: () => undefined }),
    store,
    outbox: { enqueue: async () => undefined },
    ids: { newId: () => '01JD0000000000000000000002' },
    clock,
    providerStatus: async () => ({ configured: false, provider: 'simulated', reason: 'No POLYGON_API_KEY is set.' }),
  }).routes;
}

export const learner: AuthUser = { sub: 'learner-1', groups: [] };

export function context(routes: RouteTable, user: AuthUser = learner): ToolContext {
  let n = 0;
  return { user, routes, clock: { now: () => NOW }, newId: () => `id-${++n}`, requestId: 'r' };
}

/** Runs a tool as the SDK does: its arguments parsed with its own schema first (defaults filled in). */
export async function run<S extends ToolShape>(tool: ToolDefinition<S>, args: Record<string, unknown>, ctx: ToolContext): Promise<CallToolResult> {
  return tool.run(z.object(tool.input).parse(args), ctx);
}

/** A successful answer's data (the JSON of its one text). */
export function dataOf<T = Record<string, unknown>>(result: CallToolResult): T {
  if (result.isError) throw new Error(`The tool refused: ${JSON.stringify(result.content)}`);
  const first = result.content[0];
  if (first?.type !== 'text') throw new Error('The answer has no text');
  return JSON.parse(first.text) as T;
}

export const textOf = (result: CallToolResult): string => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
