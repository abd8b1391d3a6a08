import { z } from 'zod';

/**
 * The HTTP API's contract, area by area (`shared/<area>/<area>.api.ts`): for each route its auth, the zod schemas of
 * its path parameters, query and body, and of its answer. The handlers validate with these very schemas
 * (functions/commons/http.ts `route()`), the web's fetchers take their types from them, and GET /api/openapi.json is
 * generated from them, so the three cannot drift.
 */
export type Auth = 'public' | 'user' | 'admin';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteKey = `${Method} /api${string}`;

export interface RouteContract {
  auth: Auth;
  /** One line for the API document. */
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answer on success. */
  response?: z.ZodType;
  /** The success status; 200 unless given. */
  status?: SuccessStatus;
  /** Further success statuses answering with the same schema (Sync Data: 202 queued, 200 already recent). */
  otherStatuses?: readonly SuccessStatus[];
  /**
   * The failures the route's use case answers with (the error shape, ErrorBody), besides those every route may give:
   * 400 for input its schemas reject, 401 and 403 from its auth, 500.
   */
  errors?: readonly ExpectedErrorStatus[];
  /** A route that only ever refuses, with its `errors` (GET and DELETE /api/mcp answer 405): no success is documented. */
  refusesOnly?: true;
}

/** 302: a route a browser is sent to (the Kite login's callback), which answers by sending it on (Location). */
export type SuccessStatus = 200 | 201 | 202 | 204 | 302;
export type ExpectedErrorStatus = 404 | 405 | 409 | 422 | 429 | 502 | 503 | 504;

export type ApiContract = Partial<Record<RouteKey, RouteContract>>;

/** Declares an area's routes; keeps each route's own schema types for `route()` and the web fetchers. */
export const defineApi = <C extends { [K in keyof C]: K extends RouteKey ? RouteContract : never }>(contract: C): C => contract;

/** The answer's type of a route, for typed fetchers. */
export type ResponseOf<C extends RouteContract> = C['response'] extends z.ZodType ? z.infer<C['response']> : void;
/** The body's type of a route, as the client sends it. */
export type BodyOf<C extends RouteContract> = C['body'] extends z.ZodType ? z.input<C['body']> : void;

/** True when two types are the same; a contract asserts its answer schema against the domain type it serialises. */
export type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Fails to compile unless given `true`: `type _Check = Expect<Equal<z.infer<typeof Schema>, DomainType>>`. */
export type Expect<T extends true> = T;

/**
 * The error answer every route may give: the message for the learner, a stable code (always present: the web and
 * scripts branch on it, never on the words), and optional details.
 */
export const ErrorBody = z
  .object({
    error: z.string(),
    code: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .loose();
