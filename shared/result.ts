/**
 * One result type and one error shape for every area of shared/ (docs/architecture.md, "Errors"). Expected failures
 * travel as values with a stable code and the learner-facing message (the spec's words where it gives them); code
 * throws only for bugs. functions/commons/errors.ts is the one place that maps a code to an HTTP status.
 */
export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  | 'rate_limited'
  | 'unavailable'
  /** A broker (Alpaca) answered with a server error or in a shape it does not document. */
  | 'bad_gateway'
  /** A broker did not answer in time. */
  | 'gateway_timeout';

export interface Failure {
  code: ErrorCode;
  message: string;
  /** Extra fields sent with the error, e.g. the compliance checks of a blocked order. */
  details?: Record<string, unknown>;
}

export type Ok<T> = { ok: true; value: T };
export type Err = { ok: false; error: Failure };
export type Result<T> = Ok<T> | Err;

export const ok = <T>(value: T): Ok<T> => ({ ok: true, value });

export const fail = (code: ErrorCode, message: string, details?: Record<string, unknown>): Err => ({
  ok: false,
  error: details ? { code, message, details } : { code, message },
});
