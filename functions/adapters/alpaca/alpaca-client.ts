import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { z } from 'zod';
import {
  AlpacaAccount,
  AlpacaContractsPage,
  AlpacaOrder,
  AlpacaPosition,
  type AlpacaOptionContract,
  type AlpacaOrderRequest,
} from '@shared/broker/alpaca.wire';
import { alpacaFailure, alpacaTimeout, alpacaUnexpected, alpacaUnreachable } from '@shared/broker/broker.errors';
import type { AlpacaApi, AlpacaConnector, AlpacaCredentials } from '@shared/broker/broker.port';
import type { BrokerEnvironment } from '@shared/broker/credentials-form';
import { ok, type Result } from '@shared/result';
import { logger, metrics } from '../../commons/powertools';

/**
 * A small typed client of Alpaca's Trading API v2 (README "Decisions": why not the official SDK), with `fetch` and the
 * zod schemas of shared/broker/alpaca.wire.ts on every answer (@alpacahq/alpaca-trade-api 3.x has no option endpoints,
 * 4.x validates nothing at runtime):
 * - the base URL per environment from configuration (ALPACA_PAPER_URL, ALPACA_LIVE_URL; Alpaca's hosts by default, Alpaca Trading API v2, Authentication);
 * - every non-OK answer becomes 'Alpaca API error: {status} - {message}' with the key pair cut out (shared/broker/broker.errors.ts);
 * - 429 is retried with backoff, honouring Retry-After and X-RateLimit-Reset (Alpaca Trading API v2, Rate limits), within a time budget that fits the
 *   Lambda's; it is safe for an order too, as Alpaca refused it before booking it;
 * - a timeout is a 'gateway_timeout' failure and is never retried here: an order may have been placed, and the use case
 *   looks it up by its client order id before sending it again;
 * - every call is counted once by how it ended (BrokerProxyResponse by status class: 2xx, 4xx, 5xx, or network when no
 *   answer came), so the operators see Alpaca's error share.
 */
export const ALPACA_HOSTS: Record<BrokerEnvironment, string> = {
  paper: 'https://paper-api.alpaca.markets',
  live: 'https://api.alpaca.markets',
};

/** How Alpaca answered one call: its HTTP status class, or `network` when no answer came (unreachable, timed out, cut off). */
export type BrokerStatusClass = '2xx' | '4xx' | '5xx' | 'network';

/** The metric the operators' alarm on the broker proxy's error share watches (infra/stacks/observability-stack.ts). */
export const BROKER_RESPONSE_METRIC = 'BrokerProxyResponse';

export const statusClassOf = (status: number): BrokerStatusClass => (status >= 500 ? '5xx' : status >= 400 ? '4xx' : '2xx');

/** One count per call, dimension `statusClass`, published at once (its own Embedded Metric Format line). */
export function recordBrokerResponse(statusClass: BrokerStatusClass): void {
  const metric = metrics.singleMetric();
  metric.addDimension('statusClass', statusClass);
  metric.addMetric(BROKER_RESPONSE_METRIC, MetricUnit.Count, 1);
}

export interface AlpacaClientOptions {
  baseUrl: string;
  credentials: AlpacaCredentials;
  fetch?: typeof fetch;
  /** How long one request may take (default 8 s, well inside the function's 29 s). */
  timeoutMs?: number;
  /** Most 429 retries of one call (default 3). */
  maxRetries?: number;
  /** Longest wait before one retry (default 4 s), and for all of a call's retries together (default 10 s). */
  maxWaitMs?: number;
  retryBudgetMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Told how each call ended, once per call after its retries (default: the BrokerProxyResponse metric). */
  onAnswer?: (statusClass: BrokerStatusClass) => void;
}

type Method = 'GET' | 'POST' | 'DELETE';

export function alpacaClient(opts: AlpacaClientOptions): AlpacaApi {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 8_000;
  const maxRetries = opts.maxRetries ?? 3;
  const maxWaitMs = opts.maxWaitMs ?? 4_000;
  const retryBudgetMs = opts.retryBudgetMs ?? 10_000;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = opts.now ?? Date.now;
  const onAnswer = opts.onAnswer ?? recordBrokerResponse;
  const base = opts.baseUrl.replace(/\/+$/, '');
  const secrets = [opts.credentials.apiKey, opts.credentials.apiSecret];
  const headers = {
    'APCA-API-KEY-ID': opts.credentials.apiKey,
    'APCA-API-SECRET-KEY': opts.credentials.apiSecret,
    accept: 'application/json',
  };

  /** How long to wait before retrying a 429: Retry-After, else until X-RateLimit-Reset, else exponential; capped. */
  function waitFor(res: Response, attempt: number): number {
    const retryAfter = Number(res.headers.get('retry-after'));
    const reset = Number(res.headers.get('x-ratelimit-reset'));
    const backoff = 250 * 2 ** attempt;
    const hinted = retryAfter > 0 ? retryAfter * 1000 : reset > 0 ? reset * 1000 - now() : 0;
    return Math.min(maxWaitMs, Math.max(backoff, hinted)) + Math.floor(Math.random() * 100);
  }

  type CallInit = { query?: Record<string, string | undefined>; body?: unknown };
  type Answered = { result: Result<{ status: number; json: unknown }>; statusClass: BrokerStatusClass; status?: number };

  /**
   * One call as its caller sees it, counted once by how it ended (a 429 retried into a 200 is a 2xx); a 5xx or no
   * answer is also logged (method, path and status: never the keys, which travel in headers), for the runbook's query.
   */
  async function call(method: Method, path: string, init: CallInit = {}): Promise<Result<{ status: number; json: unknown }>> {
    const { result, statusClass, status } = await send(method, path, init);
    onAnswer(statusClass);
    if (statusClass === '5xx' || statusClass === 'network')
      logger.warn('Alpaca call failed', { method, path, statusClass, status: status ?? null, reason: result.ok ? null : result.error.message });
    return result;
  }

  async function send(method: Method, path: string, init: CallInit): Promise<Answered> {
    const network = (result: Answered['result']): Answered => ({ result, statusClass: 'network' });
    const url = new URL(`${base}${path}`);
    for (const [k, v] of Object.entries(init.query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
    const started = now();
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await doFetch(url, {
          method,
          headers: init.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        const name = (err as Error).name;
        if (name === 'TimeoutError' || name === 'AbortError') return network(alpacaTimeout(Math.round(timeoutMs / 100) / 10));
        return network(alpacaUnreachable());
      }
      let text: string;
      try {
        text = await res.text();
      } catch {
        return network(alpacaTimeout(Math.round(timeoutMs / 100) / 10));
      }
      if (res.status === 429 && attempt < maxRetries) {
        const wait = waitFor(res, attempt);
        if (now() - started + wait <= retryBudgetMs) {
          await sleep(wait);
          continue;
        }
      }
      const answered = { statusClass: statusClassOf(res.status), status: res.status };
      if (!res.ok) return { result: alpacaFailure(res.status, text, secrets), ...answered };
      if (!text) return { result: ok({ status: res.status, json: undefined }), ...answered };
      try {
        return { result: ok({ status: res.status, json: JSON.parse(text) as unknown }), ...answered };
      } catch {
        return { result: alpacaUnexpected('answer'), ...answered };
      }
    }
  }

  async function read<S extends z.ZodType>(
    schema: S,
    what: string,
    method: Method,
    path: string,
    init?: Parameters<typeof call>[2],
  ): Promise<Result<z.infer<S>>> {
    const res = await call(method, path, init);
    if (!res.ok) return res;
    const parsed = schema.safeParse(res.value.json);
    return parsed.success ? ok(parsed.data) : alpacaUnexpected(what);
  }

  const enc = encodeURIComponent;
  return {
    account: () => read(AlpacaAccount, 'account', 'GET', '/v2/account'),
    listOrders: ({ status, limit }) =>
      read(AlpacaOrder.array(), 'order list', 'GET', '/v2/orders', { query: { status, limit: String(limit), nested: 'true', direction: 'desc' } }),
    getOrder: (id) => read(AlpacaOrder, 'order', 'GET', `/v2/orders/${enc(id)}`, { query: { nested: 'true' } }),
    async getOrderByClientId(clientOrderId) {
      const res = await read(AlpacaOrder, 'order', 'GET', '/v2/orders:by_client_order_id', { query: { client_order_id: clientOrderId } });
      if (!res.ok && res.error.code === 'not_found') return ok(null);
      return res;
    },
    placeOrder: (body: AlpacaOrderRequest) => read(AlpacaOrder, 'order', 'POST', '/v2/orders', { body }),
    async cancelOrder(id) {
      const res = await call('DELETE', `/v2/orders/${enc(id)}`);
      return res.ok ? ok(undefined) : res;
    },
    listPositions: () => read(AlpacaPosition.array(), 'position list', 'GET', '/v2/positions'),
    closePosition: (symbol, qty) =>
      read(AlpacaOrder, 'order', 'DELETE', `/v2/positions/${enc(symbol)}`, { query: { qty: qty === undefined ? undefined : String(qty) } }),
    async exercise(symbol) {
      const res = await call('POST', `/v2/positions/${enc(symbol)}/exercise`);
      return res.ok ? ok(undefined) : res;
    },
    async contracts({ underlying, expiration, limit }) {
      const res = await read(AlpacaContractsPage, 'contract list', 'GET', '/v2/options/contracts', {
        query: { underlying_symbols: underlying, expiration_date: expiration, limit: String(limit ?? 1000) },
      });
      return res.ok ? ok(res.value.option_contracts as AlpacaOptionContract[]) : res;
    },
  };
}

/** The base URL of an environment: ALPACA_PAPER_URL / ALPACA_LIVE_URL, else Alpaca's own host. */
export function alpacaBaseUrl(environment: BrokerEnvironment, env: Record<string, string | undefined> = process.env): string {
  const configured = environment === 'paper' ? env.ALPACA_PAPER_URL : env.ALPACA_LIVE_URL;
  return configured || ALPACA_HOSTS[environment];
}

/** Whether an environment talks to the local stand-in (local/alpaca-standin.ts), which the product then says plainly. */
export const isStandIn = (environment: BrokerEnvironment, env: Record<string, string | undefined> = process.env): boolean =>
  (environment === 'paper' ? env.ALPACA_PAPER_STANDIN : env.ALPACA_LIVE_STANDIN) === '1';

export function alpacaConnector(env: Record<string, string | undefined> = process.env, extra: Partial<AlpacaClientOptions> = {}): AlpacaConnector {
  const timeoutMs = Number(env.ALPACA_TIMEOUT_MS) > 0 ? Number(env.ALPACA_TIMEOUT_MS) : undefined;
  return (environment, credentials) => alpacaClient({ baseUrl: alpacaBaseUrl(environment, env), credentials, timeoutMs, ...extra });
}
