import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createPolygonProvider,
  earningsDates,
  fromPolygonTicker,
  newYorkDate,
  POLYGON_MAX_RECORDS,
  ProviderRequestError,
  redactApiKey,
  toPolygonTicker,
} from '../../../../functions/adapters/market/polygon-provider';
import { fixedClock } from '@shared/ports/clock.port';
import { ProviderError, type MarketDataProvider } from '@shared/market/market-data.port';
import { startFakePolygonServer, type FakePolygonServer } from '../../../support/fake-polygon-server';

const CLOCK = fixedClock('2026-01-05T15:00:00.000Z');
const CONTRACTS_PATH = '/v3/reference/options/contracts';

let server: FakePolygonServer;
let provider: MarketDataProvider;

beforeAll(async () => {
  server = await startFakePolygonServer({ contracts: { SPY: 2500, QQQ: 12_500, AAPL: 40 } });
  provider = createPolygonProvider({ apiKey: server.apiKey, baseUrl: server.baseUrl, clock: CLOCK });
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => server.reset());

const requestsTo = (prefix: string) => server.requests.filter((r) => r.path.startsWith(prefix));

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof Error) return err;
    throw new Error(`rejected with a non-Error: ${String(err)}`, { cause: err });
  }
  throw new Error('expected a rejection');
}

describe('createPolygonProvider', () => {
  it('is the live polygon provider, paced as the spec says', () => {
    expect(provider.name).toBe('polygon');
    expect(provider.source).toBe('live');
    expect(provider.pacing).toEqual({ betweenUnderlyingsMs: 1000, betweenContractsMs: 500 });
  });

  it('needs a key', () => {
    expect(() => createPolygonProvider({ apiKey: '  ' })).toThrow(/API key/);
  });
});

describe('tickers and redaction', () => {
  it('strips and adds the O: prefix of option contracts only', () => {
    expect(fromPolygonTicker('O:SPY261218C00600000')).toBe('SPY261218C00600000');
    expect(fromPolygonTicker('SPY')).toBe('SPY');
    expect(toPolygonTicker('SPY261218C00600000')).toBe('O:SPY261218C00600000');
    expect(toPolygonTicker('O:SPY261218C00600000')).toBe('O:SPY261218C00600000');
    expect(toPolygonTicker('SPY')).toBe('SPY');
  });

  it('masks apiKey parameters and the literal key', () => {
    expect(redactApiKey('GET /x?cursor=abc&apiKey=sekrit123&limit=1 sekrit123', 'sekrit123')).toBe('GET /x?cursor=abc&apiKey=***&limit=1 ***');
  });

  it('dates instants on the New York calendar, not UTC', () => {
    // 2026-01-06 20:00 in New York is already 2026-01-07 in UTC.
    expect(newYorkDate(Date.parse('2026-01-07T01:00:00Z'))).toBe('2026-01-06');
    expect(newYorkDate(Date.parse('2025-07-01T04:00:00Z'))).toBe('2025-07-01');
  });
});

describe('listContracts', () => {
  it('follows every page of 1000, sending the key each time, and strips the O: prefix', async () => {
    const contracts = await provider.listContracts('SPY');

    expect(contracts).toHaveLength(2500);
    const pages = requestsTo(CONTRACTS_PATH);
    expect(pages).toHaveLength(3);
    expect(pages[0]!.query).toEqual({ underlying_ticker: 'SPY', limit: '1000', apiKey: server.apiKey });
    // next_url carries only the cursor; the key has to be appended to it.
    for (const page of pages.slice(1)) expect(page.query).toEqual({ cursor: expect.any(String), apiKey: server.apiKey });

    const first = server.contractsOf('SPY')[0]!;
    expect(first.ticker.startsWith('O:')).toBe(true);
    expect(contracts[0]).toEqual({
      ticker: first.ticker.slice(2),
      underlying: 'SPY',
      expiration: first.expiration_date,
      strike: first.strike_price,
      type: first.contract_type,
    });
    expect(contracts.every((c) => !c.ticker.includes(':'))).toBe(true);
    expect(new Set(contracts.map((c) => c.ticker)).size).toBe(2500);
  });

  it(`stops once more than ${POLYGON_MAX_RECORDS} records are collected: 11 pages of 12,500, not 13`, async () => {
    const contracts = await provider.listContracts('QQQ');

    expect(requestsTo(CONTRACTS_PATH)).toHaveLength(11);
    expect(contracts).toHaveLength(11_000);
  });

  it('asks only for contracts expiring by a date, and keeps only those', async () => {
    const lte = '2026-01-16';
    const contracts = await provider.listContracts('SPY', { expirationLte: lte });

    expect(requestsTo(CONTRACTS_PATH)[0]!.query['expiration_date.lte']).toBe(lte);
    const expected = server.contractsOf('SPY').filter((c) => c.expiration_date <= lte);
    expect(contracts).toHaveLength(expected.length);
    expect(contracts.every((c) => c.expiration <= lte)).toBe(true);
  });

  it('reads a single page when there is no next_url', async () => {
    expect(await provider.listContracts('AAPL')).toHaveLength(40);
    expect(requestsTo(CONTRACTS_PATH)).toHaveLength(1);
  });

  it('skips contract types other than call and put', async () => {
    server.setContracts('SPY', [
      { ticker: 'O:SPY260116C00600000', underlying_ticker: 'SPY', expiration_date: '2026-01-16', strike_price: 600, contract_type: 'call' },
      { ticker: 'O:SPY260116X00600000', underlying_ticker: 'SPY', expiration_date: '2026-01-16', strike_price: 600, contract_type: 'other' },
    ]);
    expect((await provider.listContracts('SPY')).map((c) => c.ticker)).toEqual(['SPY260116C00600000']);
  });

  it('sends the key only to the configured host, whatever host next_url names', async () => {
    server.setNextUrlBase('https://api.polygon.example');
    expect(await provider.listContracts('SPY')).toHaveLength(2500);
    expect(requestsTo(CONTRACTS_PATH)).toHaveLength(3);
  });
});

describe('chainSnapshot', () => {
  it('reads the whole chain in pages of 250, with the underlying price and the latest quote time', async () => {
    const snap = await provider.chainSnapshot('SPY');

    const pages = requestsTo('/v3/snapshot/options/SPY');
    expect(pages).toHaveLength(10);
    expect(pages[0]!.query).toEqual({ limit: '250', apiKey: server.apiKey });
    for (const page of pages.slice(1)) expect(page.query).toEqual({ cursor: expect.any(String), apiKey: server.apiKey });
    expect(snap.quotes).toHaveLength(2500);
    expect(snap.underlyingPrice).toBe(600);
    expect(snap.asOf).toBe('2026-01-02T20:59:59.123Z');
    expect(snap.quotes.every((q) => !q.ticker.startsWith('O:') && q.underlying === 'SPY')).toBe(true);
  });

  it('follows every snapshot page, past the 10,000 cap of the contract listing', async () => {
    const snap = await provider.chainSnapshot('QQQ');
    expect(snap.quotes).toHaveLength(12_500);
    expect(requestsTo('/v3/snapshot/options/QQQ')).toHaveLength(50);
  });

  it('stops when a vendor keeps handing back the same next_url', async () => {
    const item = { details: { ticker: 'O:SPY260109C00600000', contract_type: 'call', expiration_date: '2026-01-09', strike_price: 600 } };
    server.failWith({
      path: '/v3/snapshot/options/SPY',
      status: 200,
      body: { status: 'OK', results: [item], next_url: `${server.baseUrl}/v3/snapshot/options/SPY?cursor=again` },
    });
    const snap = await provider.chainSnapshot('SPY');
    expect(requestsTo('/v3/snapshot/options/SPY')).toHaveLength(2);
    expect(snap.quotes).toHaveLength(2);
  });

  it('asks for one expiry and returns only that expiry', async () => {
    const snap = await provider.chainSnapshot('SPY', { expiration: '2026-01-09' });

    expect(requestsTo('/v3/snapshot/options/SPY')[0]!.query.expiration_date).toBe('2026-01-09');
    const expected = server.contractsOf('SPY').filter((c) => c.expiration_date === '2026-01-09');
    expect(snap.quotes.map((q) => q.ticker).sort()).toEqual(expected.map((c) => c.ticker.slice(2)).sort());
  });

  it('drops other expiries when a compatible vendor ignores the filter', async () => {
    const item = (ticker: string, expiration: string) => ({
      details: { ticker, contract_type: 'call', expiration_date: expiration, strike_price: 600 },
    });
    server.failWith({
      path: '/v3/snapshot/options/SPY',
      status: 200,
      body: { status: 'OK', results: [item('O:SPY260109C00600000', '2026-01-09'), item('O:SPY260116C00600000', '2026-01-16')] },
    });
    const snap = await provider.chainSnapshot('SPY', { expiration: '2026-01-09' });
    expect(snap.quotes.map((q) => q.ticker)).toEqual(['SPY260109C00600000']);
  });

  it('maps every field, keeps zeros as zeros and leaves missing numbers undefined', async () => {
    server.setSnapshot('SPY', [
      {
        details: {
          contract_type: 'call',
          exercise_style: 'american',
          expiration_date: '2026-12-18',
          shares_per_contract: 100,
          strike_price: 600,
          ticker: 'O:SPY261218C00600000',
        },
        last_quote: { bid: 41.2, ask: 41.6, last_updated: 1_767_387_599_123_000_000 },
        last_trade: { price: 41.4, sip_timestamp: 1_767_386_700_000_000_000, size: 2 },
        day: { volume: 1234, close: 41.3 },
        open_interest: 5678,
        implied_volatility: 0.1834,
        greeks: { delta: 0.55, gamma: 0.0042, theta: -0.081, vega: 1.92 },
        underlying_asset: { price: 598.5, ticker: 'SPY' },
      },
      {
        details: { contract_type: 'put', expiration_date: '2026-12-18', strike_price: 550, ticker: 'O:SPY261218P00550000' },
        last_quote: { bid: 0, ask: 0.05 },
        day: { volume: 0, close: 0.03 },
        open_interest: 0,
        greeks: {},
        underlying_asset: { price: 598.5 },
      },
      {
        details: { contract_type: 'put', expiration_date: '2026-12-18', strike_price: 500, ticker: 'O:SPY261218P00500000' },
        last_quote: null,
        day: {},
        implied_volatility: null,
      },
    ]);

    const snap = await provider.chainSnapshot('SPY');

    expect(snap.underlyingPrice).toBe(598.5);
    expect(snap.asOf).toBe('2026-01-02T20:59:59.123Z');
    expect(snap.quotes[0]).toEqual({
      ticker: 'SPY261218C00600000',
      underlying: 'SPY',
      expiration: '2026-12-18',
      strike: 600,
      type: 'call',
      bid: 41.2,
      ask: 41.6,
      last: 41.4,
      volume: 1234,
      openInterest: 5678,
      impliedVolatility: 0.1834,
      delta: 0.55,
      gamma: 0.0042,
      theta: -0.081,
      vega: 1.92,
      lastTradeAt: '2026-01-02T20:45:00.000Z',
    });
    const [, zeros, bare] = snap.quotes;
    expect(zeros).toMatchObject({ bid: 0, ask: 0.05, volume: 0, openInterest: 0, last: 0.03 });
    expect(zeros!.delta).toBeUndefined();
    expect(zeros!.impliedVolatility).toBeUndefined();
    expect(zeros!.lastTradeAt).toBeUndefined();
    for (const field of ['bid', 'ask', 'last', 'volume', 'openInterest', 'impliedVolatility', 'delta', 'gamma', 'theta', 'vega', 'lastTradeAt'] as const) {
      expect(bare![field], field).toBeUndefined();
    }
  });

  it('has no underlying price and takes asOf from the clock when nothing carries them', async () => {
    server.setSnapshot('SPY', [{ details: { contract_type: 'call', expiration_date: '2026-12-18', strike_price: 600, ticker: 'O:SPY261218C00600000' } }]);
    const snap = await provider.chainSnapshot('SPY');
    expect(snap.underlyingPrice).toBeNull();
    expect(snap.asOf).toBe('2026-01-05T15:00:00.000Z');
    expect(snap.quotes).toHaveLength(1);
  });

  it('answers an empty chain', async () => {
    expect(await provider.chainSnapshot('ZZZZ')).toEqual({ underlyingPrice: null, asOf: '2026-01-05T15:00:00.000Z', quotes: [] });
  });
});

describe('dailyBars', () => {
  it('asks for an O:-prefixed contract and dates bars on the New York calendar, oldest first', async () => {
    server.setBars('O:SPY260116C00600000', [
      // 2026-01-06 20:00 New York = 2026-01-07 01:00 UTC: the UTC date is a day later.
      { t: Date.parse('2026-01-07T01:00:00Z'), o: 5.1, h: 5.6, l: 4.9, c: 5.4, v: 321 },
      // New York midnight of 2026-01-05 (05:00 UTC in winter).
      { t: Date.parse('2026-01-05T05:00:00Z'), o: 4.5, h: 5, l: 4.4, c: 4.8, v: 1200 },
    ]);

    const bars = await provider.dailyBars('SPY260116C00600000', '2026-01-01', '2026-01-10');

    const [req] = requestsTo('/v2/aggs/ticker/');
    expect(req!.path).toBe('/v2/aggs/ticker/O:SPY260116C00600000/range/1/day/2026-01-01/2026-01-10');
    expect(req!.query).toMatchObject({ adjusted: 'true', sort: 'asc', apiKey: server.apiKey });
    expect(bars).toEqual([
      { date: '2026-01-05', open: 4.5, high: 5, low: 4.4, close: 4.8, volume: 1200 },
      { date: '2026-01-06', open: 5.1, high: 5.6, low: 4.9, close: 5.4, volume: 321 },
    ]);
  });

  it('dates summer bars (New York midnight is 04:00 UTC) correctly', async () => {
    server.setBars('SPY', [{ t: Date.parse('2025-07-01T04:00:00Z'), o: 1, h: 2, l: 0.5, c: 1.5, v: 10 }]);
    expect((await provider.dailyBars('SPY', '2025-07-01', '2025-07-01'))[0]!.date).toBe('2025-07-01');
  });

  it('reads an underlying as is, one bar per weekday', async () => {
    const bars = await provider.dailyBars('SPY', '2026-01-05', '2026-01-11');
    expect(requestsTo('/v2/aggs/ticker/')[0]!.path).toBe('/v2/aggs/ticker/SPY/range/1/day/2026-01-05/2026-01-11');
    expect(bars.map((b) => b.date)).toEqual(['2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08', '2026-01-09']);
  });

  it('answers no bars when the provider leaves results out', async () => {
    expect(await provider.dailyBars('SPY', '2026-01-10', '2026-01-11')).toEqual([]);
  });
});

describe('previousClose', () => {
  it("reads the previous day's close", async () => {
    server.setPrevClose('SPY', 598.12);
    expect(await provider.previousClose('SPY')).toBe(598.12);
    expect(requestsTo('/v2/aggs/ticker/')[0]).toMatchObject({ path: '/v2/aggs/ticker/SPY/prev', query: { apiKey: server.apiKey } });
  });

  it('asks for a contract with the O: prefix', async () => {
    const contract = server.contractsOf('SPY')[0]!.ticker;
    expect(await provider.previousClose(contract.slice(2))).toBe(3.25);
    expect(requestsTo('/v2/aggs/ticker/')[0]!.path).toBe(`/v2/aggs/ticker/${contract}/prev`);
  });

  it('is null when the provider has no previous bar', async () => {
    expect(await provider.previousClose('ZZZZ')).toBeNull();
  });
});

describe('earnings (Benzinga, GET /benzinga/v1/earnings)', () => {
  const row = (date: string, time: string, extra: Record<string, unknown> = {}) => ({
    ticker: 'AAPL',
    company_name: 'Apple',
    date,
    time,
    date_status: 'confirmed',
    fiscal_period: 'Q4',
    fiscal_year: 2026,
    estimated_eps: 1.99,
    importance: 5,
    ...extra,
  });

  it("asks for the company's reports within the window, oldest first, and dates each on the session that trades the news", async () => {
    server.setEarnings('AAPL', [
      row('2026-10-29', '16:30:00'),
      row('2026-07-30', '16:30:00'),
      // A report before the open trades that same day: the close before the news is the day before.
      row('2026-05-05', '07:00:00'),
      row('2025-10-30', '16:30:00'),
      row('2027-01-28', '16:30:00', { date_status: 'projected' }),
    ]);
    const reports = await provider.earnings!('AAPL', '2026-01-01', '2026-12-31');
    expect(reports).toEqual([
      { underlying: 'AAPL', reportDate: '2026-05-04', eventSession: '2026-05-05' },
      { underlying: 'AAPL', reportDate: '2026-07-30', eventSession: '2026-07-31' },
      { underlying: 'AAPL', reportDate: '2026-10-29', eventSession: '2026-10-30' },
    ]);
    const [request] = requestsTo('/benzinga/v1/earnings');
    expect(request!.query).toMatchObject({ ticker: 'AAPL', 'date.gte': '2026-01-01', 'date.lte': '2026-12-31', sort: 'date.asc', apiKey: server.apiKey });
  });

  it('moves a report dated on a holiday or without a time to the trading calendar (after the close)', () => {
    // Thanksgiving 2026 (Thursday 26 November): the close before the news is the Friday, the news trades the Monday.
    expect(earningsDates('AAPL', '2026-11-26', null)).toEqual({ underlying: 'AAPL', reportDate: '2026-11-27', eventSession: '2026-11-30' });
    expect(earningsDates('AAPL', '2026-11-30', '08:00:00')).toEqual({ underlying: 'AAPL', reportDate: '2026-11-27', eventSession: '2026-11-30' });
  });

  it('answers no reports for a fund, and fails naming the company when the plan lacks the calendar', async () => {
    expect(await provider.earnings!('SPY', '2026-01-01', '2026-12-31')).toEqual([]);
    server.failWith({ status: 403, path: '/benzinga/v1/earnings', body: { status: 'NOT_AUTHORIZED', message: 'You are not entitled to this data.' } });
    const err = await rejection(provider.earnings!('AAPL', '2026-01-01', '2026-12-31'));
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.message).toMatch(/AAPL: HTTP 403 \(You are not entitled to this data\.\)/);
  });
});

describe('errors', () => {
  it.each([404, 429, 500])('HTTP %i is a ProviderError naming the underlying and the status, never the key', async (status) => {
    server.failWith({ underlying: 'SPY', status, body: { status: 'ERROR', error: `Rejected apiKey=${server.apiKey} (key ${server.apiKey})` } });

    for (const call of [() => provider.listContracts('SPY'), () => provider.chainSnapshot('SPY'), () => provider.previousClose('SPY')]) {
      const err = await rejection(call());
      expect(err).toBeInstanceOf(ProviderError);
      expect(err).toMatchObject({ underlying: 'SPY', status });
      expect(err.message).toContain('SPY');
      expect(err.message).toContain(`HTTP ${status}`);
      expect(err.message).not.toContain(server.apiKey);
      expect(String(err.stack)).not.toContain(server.apiKey);
    }
  });

  it("names a contract's underlying when its bars fail", async () => {
    server.failWith({ path: /^\/v2\/aggs\/ticker\/O:/, status: 404 });
    const err = await rejection(provider.dailyBars('SPY260116C00600000', '2026-01-01', '2026-01-10'));
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ underlying: 'SPY', status: 404 });
    expect(err.message).toMatch(/SPY: HTTP 404/);
  });

  it('fails when a later page fails (a 429 on page 2)', async () => {
    server.failWith({ path: CONTRACTS_PATH, status: 429, skip: 1 });
    const err = await rejection(provider.listContracts('SPY'));
    expect(err).toMatchObject({ underlying: 'SPY', status: 429 });
    expect(requestsTo(CONTRACTS_PATH)).toHaveLength(2);
  });

  it('reports a rejected key as a 401 without echoing it', async () => {
    const wrong = createPolygonProvider({ apiKey: 'wrong-key-0123456789', baseUrl: server.baseUrl });
    const err = await rejection(wrong.listContracts('SPY'));
    expect(err).toMatchObject({ underlying: 'SPY', status: 401 });
    expect(err.message).not.toContain('wrong-key-0123456789');
  });

  it('times out with an error naming the underlying', async () => {
    server.delayResponses(1000);
    const slow = createPolygonProvider({ apiKey: server.apiKey, baseUrl: server.baseUrl, timeoutMs: 50 });
    const err = await rejection(slow.chainSnapshot('QQQ'));
    expect(err).toBeInstanceOf(ProviderRequestError);
    expect(err).toMatchObject({ underlying: 'QQQ', reason: 'timeout' });
    expect(err.message).toMatch(/QQQ: timed out after 50 ms/);
  });

  it('reports an unreachable provider naming the underlying', async () => {
    const down = createPolygonProvider({ apiKey: server.apiKey, baseUrl: 'http://127.0.0.1:1' });
    const err = await rejection(down.previousClose('AAPL'));
    expect(err).toMatchObject({ underlying: 'AAPL', reason: 'network' });
    expect(err.message).toContain('AAPL');
  });

  it('redacts the key from a network error that quotes the URL', async () => {
    const fetchImpl: typeof fetch = async (input) => {
      throw new TypeError(`Failed to parse URL from ${String(input)}`);
    };
    const broken = createPolygonProvider({ apiKey: server.apiKey, baseUrl: server.baseUrl, fetchImpl });
    const err = await rejection(broken.listContracts('SPY'));
    expect(err.message).toContain('apiKey=***');
    expect(err.message).not.toContain(server.apiKey);
  });

  it('reports an answer that is not JSON as malformed, naming the underlying', async () => {
    server.failWith({ underlying: 'SPY', status: 200, body: '<html>maintenance</html>' });
    const err = await rejection(provider.chainSnapshot('SPY'));
    expect(err).toMatchObject({ underlying: 'SPY', reason: 'malformed' });
    expect(err.message).toMatch(/SPY: malformed answer \(not JSON\)/);
  });

  it('reports an answer of the wrong shape as malformed, naming the field', async () => {
    server.setContracts('SPY', [{ ticker: 5, underlying_ticker: 'SPY', expiration_date: '2026-01-16', strike_price: 600, contract_type: 'call' }]);
    const err = await rejection(provider.listContracts('SPY'));
    expect(err).toMatchObject({ underlying: 'SPY', reason: 'malformed' });
    expect(err.message).toContain('results.0.ticker');
  });

  it('reports a bar without a close as malformed', async () => {
    server.setBars('SPY', [{ t: Date.parse('2026-01-05T05:00:00Z'), o: 1, h: 2, l: 0.5, v: 10 } as never]);
    const err = await rejection(provider.dailyBars('SPY', '2026-01-05', '2026-01-05'));
    expect(err.message).toContain('results.0.c');
  });
});
