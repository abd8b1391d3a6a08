import type { Event, HttpLambda } from '../../functions/commons/http';

export interface EventOptions {
  params?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** Sent as JSON; a string is sent as it is (a raw body, malformed JSON included). */
  body?: unknown;
  /** The verified token's claims, as the gateway's authorizer passes them; none for a caller without a token. */
  claims?: Record<string, string>;
}

/** An HTTP API event as the gateway hands it to a handler, for the handlers' unit tests. */
export const httpEvent = (routeKey: string, opts: EventOptions = {}): Event =>
  ({
    routeKey,
    headers: opts.headers ?? {},
    pathParameters: opts.params,
    queryStringParameters: opts.query,
    body: opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
    requestContext: { requestId: 'r', authorizer: opts.claims ? { jwt: { claims: opts.claims } } : undefined },
  }) as unknown as Event;

/** Calls a handler as a learner (their claims unless the call names others) and parses the JSON answer. */
export function caller(handler: HttpLambda, claims: Record<string, string>) {
  return async (routeKey: string, opts: EventOptions = {}) => {
    const res = await handler(httpEvent(routeKey, { claims, ...opts }));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields its route answers
    return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as any) : undefined };
  };
}
