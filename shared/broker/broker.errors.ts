import { fail, type Err, type ErrorCode } from '../result';

/**
 * Alpaca's non-OK answers for the learner (spec part 3 §8: 'Alpaca API error: {status} - {body}'). The body is read
 * the way Alpaca writes it, `{code, message, ...context}` (Alpaca Trading API v2, Errors), and shown as its message, not a
 * raw JSON dump; an HTML or empty body becomes a short plain text. The learner's key and secret are cut out of anything
 * shown, whatever Alpaca echoed.
 */
export const REDACTED = '[redacted]';

/** Removes every occurrence of the given secrets (the API key id and secret) from a text. */
export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join(REDACTED);
  return out;
}

/** Alpaca's message in words: `message`, with the context keys Alpaca adds (buying power, cost basis...) after it. */
export function readableAlpacaBody(bodyText: string): string {
  const text = bodyText.trim();
  if (!text) return 'no details given';
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      const { message, code: _code, ...context } = body as Record<string, unknown>;
      const extras = Object.entries(context)
        .filter(([, v]) => ['string', 'number', 'boolean'].includes(typeof v))
        .map(([k, v]) => `${k.replace(/_/g, ' ')} ${String(v)}`);
      const main = typeof message === 'string' && message ? message : 'no details given';
      // The message often repeats the figures already (Alpaca's "(required: ..., available: ...)"): add them only when it does not.
      return extras.length && !/\d/.test(main) ? `${main} (${extras.join(', ')})` : main;
    }
  } catch {
    // Not JSON: an HTML error page or plain text.
  }
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > 200 ? `${plain.slice(0, 197)}...` : plain || 'no details given';
}

/** Our status for Alpaca's: refusals (400/401/403/422) are 422 for the learner, not our own 401/403 (which mean sign-in). */
export function codeForAlpacaStatus(status: number): ErrorCode {
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'bad_gateway';
  return 'unprocessable';
}

/** The failure a non-OK Alpaca answer becomes, with Alpaca's status and code kept for the web and the logs. */
export function alpacaFailure(status: number, bodyText: string, secrets: readonly (string | undefined)[]): Err {
  const message = redact(`Alpaca API error: ${status} - ${readableAlpacaBody(bodyText)}`, secrets);
  let code: number | undefined;
  try {
    const parsed = JSON.parse(bodyText) as { code?: unknown };
    if (typeof parsed.code === 'number') code = parsed.code;
  } catch {
    // No code to keep.
  }
  return fail(codeForAlpacaStatus(status), message, { broker: { status, ...(code !== undefined ? { code } : {}) } });
}

export const CREDENTIALS_NOT_FOUND = 'Alpaca credentials not found';
export const credentialsNotFound = (): Err => fail('not_found', CREDENTIALS_NOT_FOUND);
export const alpacaTimeout = (seconds: number): Err =>
  fail(
    'gateway_timeout',
    `Alpaca did not answer within ${seconds} s. If this was an order, it may still have been placed: send it again with the same clientOrderId and it will not be placed twice.`,
  );
export const alpacaUnreachable = (): Err => fail('bad_gateway', 'Alpaca API error: could not reach Alpaca. Please try again in a moment.');
export const alpacaUnexpected = (what: string): Err => fail('bad_gateway', `Alpaca API error: the ${what} Alpaca sent is not in the shape it documents.`);

export const VALIDATION_FAILED = 'Failed to validate credentials. Please check your API keys.';
export const DISCLOSURES_REQUIRED = 'Please acknowledge all required disclosures';
export const WHOLE_CONTRACTS = 'Options orders must have whole number quantities';
