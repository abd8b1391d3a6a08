/**
 * The HTTP API, defined once: every route, who may call it, and the function that serves it.
 * The CDK API stack creates one Lambda per function and one API Gateway route per entry; the local
 * gateway (local/gateway.ts) matches requests against the same list and calls the same handlers.
 * This module holds data only (no handler imports), so CDK synth and the gateway stay light.
 */
export type Auth = 'public' | 'user' | 'admin';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteKey = `${Method} /api${string}`;

export interface FunctionDefinition {
  /** Logical id; also the CloudFormation construct id. */
  id: string;
  /** Module relative to the repository root; it exports `handler`. */
  file: string;
  description: string;
  /** Least-privilege grants: only what the handler's adapters use. */
  access: {
    table?: 'read' | 'readwrite';
    secrets?: 'readwrite';
    events?: 'put';
  };
  memoryMb?: number;
  timeoutSeconds?: number;
}

export interface RouteDefinition {
  routeKey: RouteKey;
  auth: Auth;
  fn: string;
}

export const httpFunctions: readonly FunctionDefinition[] = [
  {
    id: 'health',
    file: 'functions/http/health.ts',
    description: 'Liveness of the API',
    access: {},
  },
  {
    id: 'me',
    file: 'functions/http/me.ts',
    description: 'The signed-in user and their profile',
    access: { table: 'readwrite' },
  },
];

export const routes: readonly RouteDefinition[] = [
  { routeKey: 'GET /api/health', auth: 'public', fn: 'health' },
  { routeKey: 'GET /api/me', auth: 'user', fn: 'me' },
];
