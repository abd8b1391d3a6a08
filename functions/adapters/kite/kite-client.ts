import type { z } from 'zod';
import { kiteFailure, type KiteOperation } from '@shared/market/india/kite/errors';
import { parseInstrumentsCsv } from '@shared/market/india/kite/instruments';
import type { KiteApi } from '@shared/market/india/kite/kite.port';
import {
  KITE_LIMITS,
  KiteErrorEnvelope,
  KiteHistorical,
  KiteLtps,
  KiteQuotes,
  KiteSession,
  kiteSuccess,
  type KiteCandle,
} from '@shared/market/india/kite/kite.wire';
import { sessionChecksum } from '@shared/market/india/kite/session';
import { ok, type Result } from '@shared/result';

/**
 * A small typed client of Kite Connect v3's REST API (README "Decisions": why not the `kiteconnect` package), with
 * `fetch` and the zod schemas of shared/market/india/kite/kite.wire.ts on every answer:
 * - every call sends `X-Kite-Version: 3`, and the data calls `Authorization: token api_key:access_token`
 *   (Kite Connect v3 docs, "Authentication"; pykiteconnect `_request`);
 * - an answer `{"status":"error",…}` or a non-OK status becomes the spec's failure: Kite's message when it sent one,
 *   else 'Failed to generate session' / 'Failed to fetch instruments' (shared/market/india/kite/errors.ts);
 * - quotes go in batches of at most 500 instruments (LTP 1000) and at most one quote call per second, Kite's limits
 *   (Zerodha staff on the kite.trade forum); a 429 is retried once after the pause; historical calls at most three a second;
 * - the instrument dump is CSV, read with csv-parse (shared/market/india/kite/instruments.ts).
 */
export const KITE_API_ROOT = 'https://api.kite.trade';

export interface KiteClientOptions {
  apiKey: string;
  accessToken?: string;
  /** Kite's API root by default; the local stand-in's URL locally (local/kite-standin.ts). */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** How long one request may take (default 10 s; the instrument dump is several MB). */
  timeoutMs?: number;
  /** The pause between quote calls (default 1000 ms: Kite's one quote call per second). */
  quoteIntervalMs?: number;
  /** The pause between historical calls (default 334 ms: Kite's three a second). */
  historicalIntervalMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

type Query = [string, string][];
type Sent = Result<{ status: number; contentType: string; text: string }>;

export function kiteClient(opts: KiteClientOptions): KiteApi {
  return build(opts, { quote: Number.NEGATIVE_INFINITY, historical: Number.NEGATIVE_INFINITY });
}

/** `pace` is shared by the copies withAccessToken makes: Kite counts quote calls per API key. */
function build(opts: KiteClientOptions, pace: { quote: number; historical: number }): KiteApi {
  const doFetch = opts.fetch ?? fetch;
  const base = (opts.baseUrl ?? KITE_API_ROOT).replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const intervals = {
    quote: opts.quoteIntervalMs ?? 1000 / KITE_LIMITS.quoteRequestsPerSecond,
    historical: opts.historicalIntervalMs ?? Math.ceil(1000 / KITE_LIMITS.historicalRequestsPerSecond),
  };
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = opts.now ?? Date.now;

  async function send(operation: KiteOperation, method: 'GET' | 'POST', path: string, query: Query = [], form?: Record<string, string>): Promise<Sent> {
    const url = new URL(`${base}${path}`);
    for (const [k, v] of query) url.searchParams.append(k, v);
    const headers: Record<string, string> = { 'X-Kite-Version': '3' };
    if (opts.accessToken) headers.Authorization = `token ${opts.apiKey}:${opts.accessToken}`;
    if (form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    let res: Response;
    let text: string;
    try {
      res = await doFetch(url, {
        method,
        headers,
        body: form ? new URLSearchParams(form).toString() : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      const name = (err as Error).name;
      return kiteFailure(operation, { kind: 'network', timedOut: name === 'TimeoutError' || name === 'AbortError' });
    }
    const contentType = res.headers.get('content-type') ?? '';
    if (contentType.includes('json') || !res.ok) {
      let json: unknown = undefined;
      try {
        json = JSON.parse(text);
      } catch {
        // Not JSON: a proxy's error page, or a CSV.
      }
      const error = KiteErrorEnvelope.safeParse(json);
      if (error.success)
        return kiteFailure(operation, { kind: 'api', status: res.status, errorType: error.data.error_type ?? null, message: error.data.message });
      if (!res.ok) return kiteFailure(operation, { kind: 'api', status: res.status });
    }
    return ok({ status: res.status, contentType, text });
  }

  async function json<T extends z.ZodType>(
    operation: KiteOperation,
    schema: T,
    method: 'GET' | 'POST',
    path: string,
    query?: Query,
    form?: Record<string, string>,
  ) {
    const sent = await send(operation, method, path, query, form);
    if (!sent.ok) return sent;
    let body: unknown;
    try {
      body = JSON.parse(sent.value.text);
    } catch {
      return kiteFailure(operation, { kind: 'unexpected', reason: 'the answer is not JSON' });
    }
    const parsed = kiteSuccess(schema).safeParse(body);
    if (!parsed.success)
      return kiteFailure(operation, { kind: 'unexpected', reason: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
    return ok(parsed.data.data as z.infer<T>);
  }

  /** Waits until a call of the kind is allowed (one per its interval), then takes the slot. */
  async function slot(kind: 'quote' | 'historical'): Promise<void> {
    const wait = pace[kind] + intervals[kind] - now();
    if (wait > 0) await sleep(wait);
    pace[kind] = now();
  }

  async function batched<T extends z.ZodType<Record<string, unknown>>>(path: string, schema: T, instruments: readonly string[], size: number) {
    const merged: Record<string, unknown> = {};
    for (let i = 0; i < instruments.length; i += size) {
      const query: Query = instruments.slice(i, i + size).map((key) => ['i', key]);
      let answer: Awaited<ReturnType<typeof json<T>>> | undefined;
      for (let attempt = 0; attempt < 2; attempt++) {
        await slot('quote');
        answer = await json('quote', schema, 'GET', path, query);
        if (answer.ok || answer.error.code !== 'rate_limited') break;
      }
      if (!answer!.ok) return answer!;
      Object.assign(merged, answer!.value);
    }
    return ok(merged as z.infer<T>);
  }

  return {
    generateSession: async (requestToken, apiSecret) => {
      const checksum = await sessionChecksum(opts.apiKey, requestToken, apiSecret);
      return json('session', KiteSession, 'POST', '/session/token', [], { api_key: opts.apiKey, request_token: requestToken, checksum });
    },
    withAccessToken: (accessToken) => build({ ...opts, accessToken }, pace),
    instruments: async (exchange = 'NFO') => {
      const sent = await send('instruments', 'GET', `/instruments/${encodeURIComponent(exchange)}`);
      if (!sent.ok) return sent;
      const rows = parseInstrumentsCsv(sent.value.text);
      return rows;
    },
    quote: (instruments) => batched('/quote', KiteQuotes, instruments, KITE_LIMITS.quoteBatch),
    ltp: (instruments) => batched('/quote/ltp', KiteLtps, instruments, KITE_LIMITS.ltpBatch),
    historical: async (instrumentToken, interval, from, to, extra = {}) => {
      const query: Query = [
        ['from', from],
        ['to', to],
        ['continuous', extra.continuous ? '1' : '0'],
        ['oi', extra.oi ? '1' : '0'],
      ];
      await slot('historical');
      const answer = await json('historical', KiteHistorical, 'GET', `/instruments/historical/${instrumentToken}/${interval}`, query);
      if (!answer.ok) return answer;
      return ok(
        answer.value.candles.map(([date, open, high, low, close, volume, oi]): KiteCandle => ({
          date,
          open,
          high,
          low,
          close,
          volume,
          ...(oi === undefined ? {} : { oi }),
        })),
      );
    },
  };
}
