import { describe, expect, it, vi } from 'vitest';
import { logger, metrics } from '../../../../functions/commons/powertools';
import {
  alpacaBaseUrl,
  alpacaClient,
  BROKER_RESPONSE_METRIC,
  recordBrokerResponse,
  statusClassOf,
  type BrokerStatusClass,
} from '../../../../functions/adapters/alpaca/alpaca-client';

const credentials = { apiKey: 'PKTESTKEY1234567890AB', apiSecret: 'secret-secret-secret-secret-secret-1234' };
const ACCOUNT = {
  id: '1d9eed04-be39-4e01-9b84-a48ac5bbafcf',
  account_number: 'PALPACA_123',
  status: 'ACTIVE',
  currency: 'USD',
  cash: '122086.5',
  buying_power: '245432.61',
  options_buying_power: '122716.305',
  equity: '123346.11',
  multiplier: '2',
  options_approved_level: 2,
  options_trading_level: 1,
  admin_configurations: {},
};

type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | 'hang';

/** A fetch that answers from a script and records what it was asked. */
function scripted(...answers: Answer[]) {
  const calls: { url: string; method: string; headers: Record<string, string>; body?: string }[] = [];
  const fetch = (async (url: URL, init: RequestInit) => {
    calls.push({ url: String(url), method: String(init.method), headers: init.headers as Record<string, string>, body: init.body as string | undefined });
    const next = answers.shift() ?? { status: 500 };
    if (next === 'hang') {
      return new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)));
    }
    const text = next.body === undefined ? '' : typeof next.body === 'string' ? next.body : JSON.stringify(next.body);
    return new Response(text || null, { status: next.status, headers: next.headers });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

const waits: number[] = [];
const client = (fetch: typeof globalThis.fetch, extra = {}) =>
  alpacaClient({ baseUrl: 'http://alpaca.test/', credentials, fetch, sleep: async (ms) => void waits.push(ms), ...extra });

describe('the Alpaca client', () => {
  it('sends the two key headers and validates the account, keeping fields Alpaca adds', async () => {
    const { fetch, calls } = scripted({ status: 200, body: ACCOUNT });
    const res = await client(fetch).account();
    expect(res).toMatchObject({ ok: true, value: { account_number: 'PALPACA_123', options_approved_level: 2, admin_configurations: {} } });
    expect(calls[0]).toMatchObject({ url: 'http://alpaca.test/v2/account', method: 'GET' });
    expect(calls[0]!.headers).toMatchObject({ 'APCA-API-KEY-ID': credentials.apiKey, 'APCA-API-SECRET-KEY': credentials.apiSecret });
  });

  it('accepts an account without the PDT fields Alpaca removed in July 2026', async () => {
    const { fetch } = scripted({ status: 200, body: ACCOUNT });
    const res = await client(fetch).account();
    expect(res.ok && res.value.pattern_day_trader).toBeUndefined();
  });

  it("turns a non-OK answer into 'Alpaca API error: {status} - {message}', readable and without the keys", async () => {
    const { fetch } = scripted(
      { status: 403, body: { code: 40310000, message: 'insufficient options buying power (required: 20310, available: 9395)', buying_power: '9395' } },
      { status: 401, body: { code: 40110000, message: `request is not authorized for ${credentials.apiKey}` } },
      { status: 502, body: '<html><body><h1>502 Bad Gateway</h1></body></html>' },
      { status: 403, body: { code: 40310000, message: 'insufficient buying power', buying_power: '176531.28', cost_basis: '48640000' } },
    );
    const c = client(fetch);
    expect(await c.account()).toEqual({
      ok: false,
      error: {
        code: 'unprocessable',
        message: 'Alpaca API error: 403 - insufficient options buying power (required: 20310, available: 9395)',
        details: { broker: { status: 403, code: 40310000 } },
      },
    });
    const unauthorized = await c.account();
    expect(!unauthorized.ok && unauthorized.error.message).toBe('Alpaca API error: 401 - request is not authorized for [redacted]');
    const html = await c.account();
    expect(!html.ok && html.error).toMatchObject({ code: 'bad_gateway', message: 'Alpaca API error: 502 - 502 Bad Gateway' });
    const context = await c.account();
    expect(!context.ok && context.error.message).toBe('Alpaca API error: 403 - insufficient buying power (buying power 176531.28, cost basis 48640000)');
  });

  it('retries a 429 after the wait Alpaca asks for, then answers', async () => {
    waits.length = 0;
    const { fetch, calls } = scripted(
      { status: 429, body: { message: 'too many requests' }, headers: { 'retry-after': '1' } },
      { status: 429 },
      { status: 200, body: ACCOUNT },
    );
    const res = await client(fetch).account();
    expect(res.ok).toBe(true);
    expect(calls).toHaveLength(3);
    expect(waits[0]).toBeGreaterThanOrEqual(1000);
    expect(waits[1]).toBeGreaterThanOrEqual(500);
  });

  it('gives up on 429 after the retries and says so', async () => {
    const { fetch, calls } = scripted({ status: 429 }, { status: 429 }, { status: 429 }, { status: 429 });
    const res = await client(fetch).account();
    expect(calls).toHaveLength(4);
    expect(!res.ok && res.error).toMatchObject({ code: 'rate_limited', message: 'Alpaca API error: 429 - no details given' });
  });

  it('answers a timeout as a 504 failure and never sends an order twice', async () => {
    const { fetch, calls } = scripted('hang');
    const res = await client(fetch, { timeoutMs: 20 }).placeOrder({
      symbol: 'SPY261218C00600000',
      qty: '1',
      side: 'buy',
      type: 'market',
      time_in_force: 'day',
      client_order_id: 'oa-1',
    });
    expect(!res.ok && res.error.code).toBe('gateway_timeout');
    expect(!res.ok && res.error.message).toMatch(/same clientOrderId/);
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]!.body!)).toMatchObject({ client_order_id: 'oa-1' });
  });

  it('reads a missing client order id as null, and refuses an answer in an undocumented shape', async () => {
    const { fetch } = scripted({ status: 404, body: { code: 40410000, message: 'order not found' } }, { status: 200, body: { id: 1 } });
    const c = client(fetch);
    expect(await c.getOrderByClientId('oa-x')).toEqual({ ok: true, value: null });
    const odd = await c.getOrder('x');
    expect(!odd.ok && odd.error).toMatchObject({ code: 'bad_gateway', message: 'Alpaca API error: the order Alpaca sent is not in the shape it documents.' });
  });

  it('counts each call once by how Alpaca answered it: 2xx, 4xx, 5xx, or network when no answer came', async () => {
    const seen: BrokerStatusClass[] = [];
    const { fetch } = scripted(
      { status: 200, body: ACCOUNT },
      { status: 429 },
      { status: 200, body: ACCOUNT },
      { status: 403, body: { message: 'forbidden' } },
      { status: 503, body: 'unavailable' },
      { status: 200, body: '{"cut off' },
      'hang',
    );
    const c = client(fetch, { timeoutMs: 20, onAnswer: (s: BrokerStatusClass) => seen.push(s) });
    for (let i = 0; i < 6; i++) await c.account();
    // The 429 retried into a 200 is one call that answered 2xx; an answer that is not JSON still came (2xx).
    expect(seen).toEqual(['2xx', '2xx', '4xx', '5xx', '2xx', 'network']);
    const unreachable = alpacaClient({
      baseUrl: 'http://alpaca.test',
      credentials,
      fetch: (() => Promise.reject(new TypeError('fetch failed'))) as unknown as typeof globalThis.fetch,
      onAnswer: (s) => seen.push(s),
    });
    expect((await unreachable.listPositions()).ok).toBe(false);
    expect(seen.at(-1)).toBe('network');
    expect([statusClassOf(201), statusClassOf(404), statusClassOf(429), statusClassOf(500), statusClassOf(504)]).toEqual(['2xx', '4xx', '4xx', '5xx', '5xx']);
  });

  it('publishes each count at once as BrokerProxyResponse with the dimension statusClass, as the alarm reads it', () => {
    const published: { dimensions: Record<string, string>; metric: [string, string, number] | null }[] = [];
    const single = vi.spyOn(metrics, 'singleMetric').mockImplementation(() => {
      const entry: (typeof published)[number] = { dimensions: {}, metric: null };
      published.push(entry);
      return {
        addDimension: (name: string, value: string) => void (entry.dimensions[name] = value),
        addMetric: (name: string, unit: string, value: number) => void (entry.metric = [name, unit, value]),
      } as unknown as ReturnType<typeof metrics.singleMetric>;
    });
    try {
      recordBrokerResponse('network');
      expect(published).toEqual([{ dimensions: { statusClass: 'network' }, metric: [BROKER_RESPONSE_METRIC, 'Count', 1] }]);
      expect(BROKER_RESPONSE_METRIC).toBe('BrokerProxyResponse');
    } finally {
      single.mockRestore();
    }
  });

  it('logs a call that answered 5xx or got no answer, with its method, path and status and without the keys', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    try {
      const { fetch } = scripted({ status: 404, body: { message: 'not found' } }, { status: 502, body: `bad gateway for ${credentials.apiKey}` });
      const c = client(fetch, { onAnswer: () => undefined });
      await c.getOrder('abc');
      expect(warn).not.toHaveBeenCalled();
      await c.listPositions();
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]).toEqual([
        'Alpaca call failed',
        { method: 'GET', path: '/v2/positions', statusClass: '5xx', status: 502, reason: expect.stringMatching(/^Alpaca API error: 502/) as unknown },
      ]);
      expect(JSON.stringify(warn.mock.calls)).not.toContain(credentials.apiKey);
    } finally {
      warn.mockRestore();
    }
  });

  it('takes the base URLs from configuration, else Alpaca’s hosts', () => {
    expect(alpacaBaseUrl('paper', {})).toBe('https://paper-api.alpaca.markets');
    expect(alpacaBaseUrl('live', {})).toBe('https://api.alpaca.markets');
    expect(alpacaBaseUrl('paper', { ALPACA_PAPER_URL: 'http://127.0.0.1:4700' })).toBe('http://127.0.0.1:4700');
  });
});
