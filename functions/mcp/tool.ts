import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Clock } from '@shared/ports/clock.port';
import { newYorkParts } from '@shared/market/dates';
import type { AuthUser } from '../commons/http';
import type { RouteKey } from '../routes';
import { callRoute, fromRoute, type RouteAnswer, type RouteInput, type RouteTable } from './route-call';

/** What one MCP request's tools work with: its caller, the route handlers, the clock and ids. */
export interface ToolContext {
  user: AuthUser;
  routes: RouteTable;
  clock: Clock;
  newId: () => string;
  requestId: string;
}

/** Calls a route for the context's caller (route-call.ts: never throws, refusals in words). */
export const call = (ctx: ToolContext, routeKey: RouteKey, input?: RouteInput): Promise<RouteAnswer> =>
  callRoute(ctx.routes, ctx.user, routeKey, input, ctx.requestId);

/** Today's date in New York (the market's calendar), YYYY-MM-DD. */
export const todayOf = (ctx: Pick<ToolContext, 'clock'>): string => newYorkParts(ctx.clock.now()).date;

export type ToolShape = Record<string, z.ZodType>;

/**
 * One MCP tool: its name, a description written for a model (what it does, when to use it, what it answers), the zod
 * shape of its arguments (the SDK validates them and lists them as JSON Schema), hints, and what it does.
 */
export interface ToolDefinition<S extends ToolShape = ToolShape> {
  name: string;
  title: string;
  description: string;
  input: S;
  annotations: ToolAnnotations;
  run: (args: z.output<z.ZodObject<S>>, ctx: ToolContext) => Promise<CallToolResult>;
}

export const defineTool = <S extends ToolShape>(tool: ToolDefinition<S>): ToolDefinition<S> => tool;

/**
 * A tool that is one route of the HTTP API: its arguments become the route's input (`request`; none by default) and
 * its answer is the route's, as the HTTP API gives it (a refusal in words). The tools that do more define `run`.
 */
export function routeTool<S extends ToolShape>(
  tool: Omit<ToolDefinition<S>, 'run'> & { route: RouteKey; request?: (args: z.output<z.ZodObject<S>>, ctx: ToolContext) => RouteInput },
): ToolDefinition<S> {
  const { route, request, ...definition } = tool;
  return { ...definition, run: async (args, ctx) => fromRoute(await call(ctx, route, request?.(args, ctx))) };
}

/** Hints for a tool that only reads (the market, the portfolio, the engines). */
export const READS: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
/** Hints for a tool that changes the paper account or the journal. */
export const WRITES = (destructive: boolean): ToolAnnotations => ({
  readOnlyHint: false,
  destructiveHint: destructive,
  idempotentHint: false,
  openWorldHint: false,
});

// Argument pieces shared by the tools.
export const Ticker = z
  .string()
  .regex(/^[A-Za-z][A-Za-z.]{0,9}$/, 'must be a ticker symbol such as SPY')
  .describe('The underlying ticker symbol, e.g. SPY, QQQ, AAPL');
export const IsoDate = z.iso.date({ error: 'must be a date in the form YYYY-MM-DD' });
export const OccSymbol = z
  .string()
  .regex(/^(O:)?[A-Za-z][A-Za-z0-9.]{0,5}\d{6}[CPcp]\d{8}$/, 'must be an OCC option symbol such as SPY261218C00600000')
  .describe('An OCC option symbol: root, expiry YYMMDD, C or P, strike × 1000 in 8 digits, e.g. SPY261218C00600000');
