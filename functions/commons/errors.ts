import type { ErrorCode, Failure } from '@shared/result';

/**
 * Expected failures travel as values with a stable code (shared/result.ts). This is the one place that maps a code
 * to an HTTP status; anything unexpected becomes a 500 that says nothing of internals.
 */
export type { ErrorCode };
export type AppError = Failure;

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
  bad_gateway: 502,
  gateway_timeout: 504,
};

export const statusOf = (code: ErrorCode): number => STATUS[code];

export const appError = (code: ErrorCode, message: string, details?: Record<string, unknown>): AppError =>
  details ? { code, message, details } : { code, message };
