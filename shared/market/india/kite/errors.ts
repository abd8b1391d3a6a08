import { fail, type Err, type ErrorCode, type Failure } from '../../../result';

/**
 * The Indian feed's failures in the spec's words (spec part 2, "The error catalogue": 'Zerodha API not configured',
 * 'Failed to fetch instruments', 'Failed to generate session', or the message returned by the API). Kite answers an
 * error as `{"status":"error","message":…,"error_type":…}` (Kite Connect v3 docs, "Exceptions and errors"); when it
 * gave a message, that message is shown, else the operation's own. The quote and candle messages are this product's:
 * the spec names none for them.
 */
export const KITE_MESSAGES = {
  notConfigured: 'Zerodha API not configured',
  instruments: 'Failed to fetch instruments',
  session: 'Failed to generate session',
  quote: 'Failed to fetch quotes',
  historical: 'Failed to fetch historical data',
} as const;

export type KiteOperation = 'session' | 'instruments' | 'quote' | 'historical';

/** What went wrong in one call to Kite, before it becomes the product's failure. */
export type KiteProblem =
  /** Kite answered with a non-OK status or an error envelope; message and error_type as it sent them, when it did. */
  | { kind: 'api'; status: number; errorType?: string | null; message?: string | null }
  /** No answer: unreachable, cut off, or not in time. */
  | { kind: 'network'; timedOut?: boolean }
  /** An answer in a shape Kite does not document (a success envelope without its data, a CSV that does not read). */
  | { kind: 'unexpected'; reason: string };

/** Kite's session errors (Kite Connect v3 docs, "Exceptions and errors"): the access token expired or is invalid; log in again. */
const SESSION_ERROR_TYPES = new Set(['TokenException']);

function codeOf(problem: KiteProblem): ErrorCode {
  switch (problem.kind) {
    case 'network':
      return problem.timedOut ? 'gateway_timeout' : 'unavailable';
    case 'unexpected':
      return 'bad_gateway';
    case 'api':
      if (problem.errorType && SESSION_ERROR_TYPES.has(problem.errorType)) return 'unauthorized';
      if (problem.status === 403) return 'forbidden';
      if (problem.status === 429) return 'rate_limited';
      if (problem.status === 400 || problem.errorType === 'InputException') return 'bad_request';
      if (problem.status === 404) return 'not_found';
      return 'bad_gateway';
  }
}

/** The feed has no API key and secret (or no live session to use them with). */
export const kiteNotConfigured = (): Err => fail('unavailable', KITE_MESSAGES.notConfigured, { source: 'kite' });

/** One failed call as the product reports it: Kite's own message when it sent one, else the operation's message. */
export function kiteFailure(operation: KiteOperation, problem: KiteProblem): Err {
  const apiMessage = problem.kind === 'api' && problem.message ? problem.message : null;
  const details: Record<string, unknown> = { source: 'kite', operation };
  if (problem.kind === 'api') {
    details.status = problem.status;
    if (problem.errorType) details.errorType = problem.errorType;
  }
  if (problem.kind === 'unexpected') details.reason = problem.reason;
  return fail(codeOf(problem), apiMessage ?? KITE_MESSAGES[operation], details);
}

/** Whether a failure means the Kite session is over (the day's access token expired or was revoked): the product then shows 'Demo Data Only'. */
export const isKiteSessionOver = (failure: Failure): boolean => failure.details?.source === 'kite' && failure.code === 'unauthorized';
