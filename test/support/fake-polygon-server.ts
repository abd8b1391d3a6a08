import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TZDate } from '@date-fns/tz';
import { occSymbol, parseOcc } from '@shared/market/occ';
import { realisticMarket, type EarningsRow, type MarketContract, type RealisticMarket } from './fake-polygon-market';

/**
 * A local stand-in for Polygon's REST API (the endpoints the market adapter calls), answering in the
 * documented shapes from generated fixtures: contract reference pages of up to 1000 with an opaque
 * `cursor` in `next_url` (which, like Polygon's, carries no apiKey), chain snapshot pages of up to 250,
 * daily aggregates with `t` in ms and quote/trade times in ns, previous close, Benzinga earnings
 * (`/benzinga/v1/earnings`, https://polygon.io/docs/rest/partners/benzinga/earnings). Every request is recorded.
 * With `market`, the fixtures are a realistic market as of the latest session (test/support/fake-polygon-market.ts);
 * without, the small fixed fixtures of 2026-01-02 the adapter's own tests read.
 */

export interface FakeBar {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
  vw?: number;
  n?: number;
}

export interface RecordedRequest {
  method: string;
  /** Decoded path, e.g. /v2/aggs/ticker/O:SPY260116C00600000/prev */
  path: string;
  query: Record<string, string>;
}

export interface FailureRule {
  status: number;
  /** Matches requests about this underlying (listing, snapshot, or bars of it or of its contracts). */
  underlying?: string;
  /** Matches the decoded path: a prefix, or a pattern. */
  path?: string | RegExp;
  /** The answer: an object is sent as JSON, a string as is. Defaults to Polygon's error shape. */
  body?: unknown;
  /** Let this many matching requests through first. */
  skip?: number;
  /** Apply to this many matching requests, then stop (default: all). */
  times?: number;
}

export interface FakePolygonServerOptions {
  /** The key the server accepts (401 otherwise, as Polygon answers). */
  apiKey?: string;
  /** How many contracts to generate per underlying. */
  contracts?: Record<string, number>;
  prices?: Record<string, number>;
  /** A realistic market as of the latest session at this instant, for every tracked underlying (the local stack's runs). */
  market?: { now: Date };
}

export interface FakePolygonServer {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly requests: RecordedRequest[];
  /** The generated contracts of an underlying, as the listing returns them. */
  contractsOf(underlying: string): MarketContract[];
  /** Replaces an underlying's contract listing with these raw results. */
  setContracts(underlying: string, results: unknown[]): void;
  /** Replaces an underlying's chain snapshot with these raw results (still paged and filtered by expiry). */
  setSnapshot(underlying: string, results: unknown[]): void;
  /** Replaces the daily bars of a ticker as Polygon names it ("O:..." for contracts); returned as given. */
  setBars(ticker: string, bars: FakeBar[]): void;
  setPrevClose(ticker: string, close: number | null): void;
  /** Replaces a company's Benzinga earnings rows (returned filtered by the query's date range). */
  setEarnings(ticker: string, rows: unknown[]): void;
  /** The realistic market, when the server was started with one. */
  readonly market: RealisticMarket | null;
  failWith(rule: FailureRule): void;
  /** Answers every request only after this delay (for timeouts). */
  delayResponses(ms: number): void;
  /** Names another host in next_url, as a vendor behind a proxy might. */
  setNextUrlBase(origin: string | null): void;
  /** Forgets requests, failures, delays and overrides; keeps the generated fixtures. */
  reset(): void;
  close(): Promise<void>;
}

export const FAKE_POLYGON_API_KEY = 'fake-polygon-key-7f3a9c21d4e8';
/** Quote and trade times of the generated snapshot: 2026-01-02T20:59:59.123Z, in ns as Polygon sends them. */
export const FAKE_QUOTE_TIME_NS = Date.parse('2026-01-02T20:59:59.123Z') * 1e6;
export const FAKE_TRADE_TIME_NS = Date.parse('2026-01-02T20:45:00.000Z') * 1e6;

const NEW_YORK = 'America/New_York';
const EXPIRIES = 20;
const FIRST_EXPIRY = '2026-01-02';
const DAY_MS = 86_400_000;

const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Weekly Friday expiries from 2026-01-02; per expiry, calls then puts over strikes 1 apart around the price. */
export function generateContracts(underlying: string, count: number, price: number): MarketContract[] {
  const perSide = Math.ceil(count / (2 * EXPIRIES));
  const lowest = Math.max(1, Math.round(price) - Math.floor(perSide / 2));
  const out: MarketContract[] = [];
  for (let e = 0; e < EXPIRIES && out.length < count; e++) {
    const expiration = addDays(FIRST_EXPIRY, 7 * e);
    for (const type of ['call', 'put'] as const) {
      for (let s = 0; s < perSide && out.length < count; s++) {
        const strike = lowest + s;
        out.push({
          ticker: `O:${occSymbol(underlying, expiration, type, strike)}`,
          underlying_ticker: underlying,
          expiration_date: expiration,
          strike_price: strike,
          contract_type: type,
          exercise_style: 'american',
          shares_per_contract: 100,
          primary_exchange: 'BATO',
          cfi: type === 'call' ? 'OCASPS' : 'OPASPS',
        });
      }
    }
  }
  return out;
}

function snapshotOf(c: MarketContract, price: number, i: number) {
  const intrinsic = c.contract_type === 'call' ? Math.max(0, price - c.strike_price) : Math.max(0, c.strike_price - price);
  const mid = Math.round((intrinsic + 1.5 + (i % 5) * 0.1) * 100) / 100;
  const callDelta = Math.min(0.99, Math.max(0.01, 0.5 + (price - c.strike_price) / 100));
  return {
    break_even_price: c.contract_type === 'call' ? c.strike_price + mid : c.strike_price - mid,
    day: {
      change: 0.1,
      change_percent: 1.2,
      close: mid,
      high: mid + 0.2,
      last_updated: FAKE_QUOTE_TIME_NS,
      low: mid - 0.2,
      open: mid - 0.1,
      previous_close: mid - 0.1,
      volume: (i * 37) % 1000,
      vwap: mid,
    },
    details: {
      contract_type: c.contract_type,
      exercise_style: c.exercise_style,
      expiration_date: c.expiration_date,
      shares_per_contract: 100,
      strike_price: c.strike_price,
      ticker: c.ticker,
    },
    greeks: {
      delta: c.contract_type === 'call' ? callDelta : callDelta - 1,
      gamma: 0.02,
      theta: -0.05,
      vega: 0.1,
    },
    implied_volatility: 0.2 + (i % 10) / 100,
    last_quote: {
      ask: mid + 0.05,
      ask_size: 10,
      bid: mid - 0.05,
      bid_size: 12,
      last_updated: FAKE_QUOTE_TIME_NS,
      midpoint: mid,
      timeframe: 'REAL-TIME',
    },
    last_trade: { conditions: [209], exchange: 316, price: mid, sip_timestamp: FAKE_TRADE_TIME_NS, size: 1, timeframe: 'REAL-TIME' },
    open_interest: 100 + i,
    underlying_asset: {
      change_to_break_even: 0.5,
      last_updated: FAKE_QUOTE_TIME_NS,
      price,
      ticker: c.underlying_ticker,
      timeframe: 'REAL-TIME',
    },
  };
}

const nyMidnight = (date: string): number => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, 0, 0, 0, NEW_YORK).getTime();
};

/** One bar per weekday, starting at New York midnight as Polygon's daily bars do. */
function generateBars(from: string, to: string, seed: number): FakeBar[] {
  const bars: FakeBar[] = [];
  for (let date = from, i = 0; date <= to && i < 1000; date = addDays(date, 1), i++) {
    const dow = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (dow === 0 || dow === 6) continue;
    const o = seed + i * 0.5;
    bars.push({ t: nyMidnight(date), o, h: o + 2, l: o - 1, c: o + 1, v: 1000 + i * 10, vw: o + 0.5, n: 50 + i });
  }
  return bars;
}

type Cursor = { kind: 'contracts' | 'snapshot'; u?: string; lte?: string; exp?: string; limit: number; offset: number };

const encodeCursor = (c: Cursor): string => Buffer.from(JSON.stringify(c)).toString('base64url');

function decodeCursor(raw: string): Cursor | null {
  try {
    return JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
  } catch {
    return null;
  }
}

const clampLimit = (raw: string | undefined, max: number): number => {
  const n = raw === undefined ? 10 : Number(raw);
  return Number.isFinite(n) && n > 0 ? Math.min(Math.floor(n), max) : 10;
};

export async function startFakePolygonServer(options: FakePolygonServerOptions = {}): Promise<FakePolygonServer> {
  const apiKey = options.apiKey ?? FAKE_POLYGON_API_KEY;
  const prices: Record<string, number> = { SPY: 600, QQQ: 520, AAPL: 175, ...options.prices };
  const priceOf = (u: string) => prices[u] ?? 100;
  const generated = new Map<string, MarketContract[]>();
  const market = options.market ? realisticMarket(options.market.now, options.prices) : null;
  if (market) {
    for (const u of ['SPY', 'QQQ', 'AAPL', 'TSLA', 'NVDA', 'MSFT', 'AMZN', 'GOOGL']) {
      generated.set(u, market.contracts(u));
      prices[u] = market.price(u)!;
    }
  } else {
    for (const [u, count] of Object.entries(options.contracts ?? { SPY: 2500 })) generated.set(u, generateContracts(u, count, priceOf(u)));
  }

  const requests: RecordedRequest[] = [];
  let failures: (FailureRule & { seen: number; used: number })[] = [];
  let contractOverrides = new Map<string, unknown[]>();
  let snapshotOverrides = new Map<string, unknown[]>();
  let barOverrides = new Map<string, FakeBar[]>();
  let prevOverrides = new Map<string, number | null>();
  let earningsOverrides = new Map<string, unknown[]>();
  let delayMs = 0;
  let nextUrlBase: string | null = null;
  const timers = new Set<NodeJS.Timeout>();
  let requestCount = 0;
  let baseUrl = '';

  const send = (res: ServerResponse, status: number, body: unknown) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' });
    res.end(text);
  };

  const requestId = () => `fake${String(++requestCount).padStart(8, '0')}`;

  const nextUrl = (path: string, cursor: Cursor) => `${nextUrlBase ?? baseUrl}${path}?cursor=${encodeCursor(cursor)}`;

  function underlyingOfRequest(path: string, query: Record<string, string>): string | undefined {
    if (path === '/v3/reference/options/contracts') {
      return query.underlying_ticker ?? (query.cursor ? decodeCursor(query.cursor)?.u : undefined);
    }
    const snap = /^\/v3\/snapshot\/options\/([^/]+)$/.exec(path);
    if (snap) return snap[1];
    const aggs = /^\/v2\/aggs\/ticker\/([^/]+)\//.exec(path);
    if (aggs?.[1]) return parseOcc(aggs[1])?.underlying ?? aggs[1];
    if (path === '/benzinga/v1/earnings') return query.ticker;
    return undefined;
  }

  function matchingFailure(path: string, query: Record<string, string>) {
    const underlying = underlyingOfRequest(path, query);
    for (const rule of failures) {
      if (rule.underlying !== undefined && rule.underlying !== underlying) continue;
      if (typeof rule.path === 'string' && !path.startsWith(rule.path)) continue;
      if (rule.path instanceof RegExp && !rule.path.test(path)) continue;
      rule.seen++;
      if (rule.seen <= (rule.skip ?? 0)) continue;
      if (rule.times !== undefined && rule.used >= rule.times) continue;
      rule.used++;
      return rule;
    }
    return undefined;
  }

  function listContracts(path: string, query: Record<string, string>) {
    const cursor: Cursor = (query.cursor ? decodeCursor(query.cursor) : null) ?? {
      kind: 'contracts',
      u: query.underlying_ticker,
      lte: query['expiration_date.lte'],
      exp: query.expiration_date,
      limit: clampLimit(query.limit, 1000),
      offset: 0,
    };
    const pool: unknown[] = cursor.u ? (contractOverrides.get(cursor.u) ?? generated.get(cursor.u) ?? []) : [...generated.values()].flat();
    const filtered = pool.filter((c) => {
      const exp = (c as { expiration_date?: unknown }).expiration_date;
      if (typeof exp !== 'string') return true;
      return (!cursor.lte || exp <= cursor.lte) && (!cursor.exp || exp === cursor.exp);
    });
    const results = filtered.slice(cursor.offset, cursor.offset + cursor.limit);
    const end = cursor.offset + cursor.limit;
    return {
      results,
      status: 'OK',
      request_id: requestId(),
      ...(end < filtered.length ? { next_url: nextUrl(path, { ...cursor, offset: end }) } : {}),
    };
  }

  function chainSnapshot(path: string, underlying: string, query: Record<string, string>) {
    const cursor: Cursor = (query.cursor ? decodeCursor(query.cursor) : null) ?? {
      kind: 'snapshot',
      u: underlying,
      exp: query.expiration_date,
      limit: clampLimit(query.limit, 250),
      offset: 0,
    };
    const price = priceOf(underlying);
    const pool: unknown[] =
      snapshotOverrides.get(underlying) ?? (market ? market.snapshot(underlying) : (generated.get(underlying) ?? []).map((c, i) => snapshotOf(c, price, i)));
    const filtered = pool.filter((s) => {
      const exp = (s as { details?: { expiration_date?: unknown } }).details?.expiration_date;
      return !cursor.exp || typeof exp !== 'string' || exp === cursor.exp;
    });
    const end = cursor.offset + cursor.limit;
    return {
      results: filtered.slice(cursor.offset, end),
      status: 'OK',
      request_id: requestId(),
      ...(end < filtered.length ? { next_url: nextUrl(path, { ...cursor, offset: end }) } : {}),
    };
  }

  function aggregates(ticker: string, from: string, to: string) {
    const seed = prices[ticker] ?? 5;
    const results = barOverrides.get(ticker) ?? (market && market.price(ticker) !== undefined ? market.bars(ticker, from, to) : generateBars(from, to, seed));
    return {
      ticker,
      queryCount: results.length,
      resultsCount: results.length,
      adjusted: true,
      // Polygon leaves results out when there are no bars.
      ...(results.length ? { results } : {}),
      status: 'OK',
      request_id: requestId(),
      count: results.length,
    };
  }

  function previousClose(ticker: string) {
    const known = prices[ticker] ?? (generated.get(parseOcc(ticker)?.underlying ?? '')?.some((c) => c.ticker === ticker) ? 3.25 : undefined);
    const close = prevOverrides.has(ticker) ? prevOverrides.get(ticker) : known;
    const results =
      close === undefined || close === null
        ? []
        : [{ T: ticker, v: 1_000_000, vw: close, o: close - 1, c: close, h: close + 1, l: close - 2, t: nyMidnight('2026-01-02') + 16 * 3_600_000, n: 1000 }];
    return { ticker, queryCount: results.length, resultsCount: results.length, adjusted: true, results, status: 'OK', request_id: requestId() };
  }

  function earnings(query: Record<string, string>) {
    const ticker = query.ticker ?? '';
    const rows = (earningsOverrides.get(ticker) ?? market?.earnings(ticker) ?? []) as Partial<EarningsRow>[];
    const results = rows
      .filter((r) => {
        const d = r.date ?? '';
        return (
          (!query.date || d === query.date) &&
          (!query['date.gte'] || d >= query['date.gte']) &&
          (!query['date.lte'] || d <= query['date.lte']) &&
          (!query['date.gt'] || d > query['date.gt']) &&
          (!query['date.lt'] || d < query['date.lt'])
        );
      })
      .sort((a, b) => (query.sort === 'date.desc' ? -1 : 1) * String(a.date).localeCompare(String(b.date)))
      .slice(0, clampLimit(query.limit, 50_000));
    return { results, status: 'OK', request_id: requestId() };
  }

  function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = decodeURIComponent(url.pathname);
    const query = Object.fromEntries(url.searchParams);
    requests.push({ method: req.method ?? 'GET', path, query });

    const answer = () => {
      if (!query.apiKey) return send(res, 401, { status: 'ERROR', request_id: requestId(), error: 'API Key was not provided' });
      if (query.apiKey !== apiKey) return send(res, 401, { status: 'ERROR', request_id: requestId(), error: 'Unknown API Key' });
      const failure = matchingFailure(path, query);
      if (failure) {
        return send(res, failure.status, failure.body ?? { status: 'ERROR', request_id: requestId(), error: `Simulated failure (HTTP ${failure.status})` });
      }
      if (path === '/v3/reference/options/contracts') return send(res, 200, listContracts(path, query));
      const snap = /^\/v3\/snapshot\/options\/([^/]+)$/.exec(path);
      if (snap?.[1]) return send(res, 200, chainSnapshot(path, snap[1], query));
      const range = /^\/v2\/aggs\/ticker\/([^/]+)\/range\/1\/day\/([^/]+)\/([^/]+)$/.exec(path);
      if (range?.[1] && range[2] && range[3]) return send(res, 200, aggregates(range[1], range[2], range[3]));
      const prev = /^\/v2\/aggs\/ticker\/([^/]+)\/prev$/.exec(path);
      if (prev?.[1]) return send(res, 200, previousClose(prev[1]));
      if (path === '/benzinga/v1/earnings') return send(res, 200, earnings(query));
      return send(res, 404, { status: 'NOT_FOUND', request_id: requestId(), message: 'The requested resource was not found.' });
    };

    if (delayMs > 0) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) answer();
      }, delayMs);
      timers.add(timer);
    } else {
      answer();
    }
  }

  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    baseUrl,
    apiKey,
    requests,
    contractsOf: (u) => [...(generated.get(u) ?? [])],
    setContracts: (u, results) => void contractOverrides.set(u, results),
    setSnapshot: (u, results) => void snapshotOverrides.set(u, results),
    setBars: (t, bars) => void barOverrides.set(t, bars),
    setPrevClose: (t, close) => void prevOverrides.set(t, close),
    setEarnings: (t, rows) => void earningsOverrides.set(t, rows),
    market,
    failWith: (rule) => void failures.push({ ...rule, seen: 0, used: 0 }),
    delayResponses: (ms) => {
      delayMs = ms;
    },
    setNextUrlBase: (origin) => {
      nextUrlBase = origin;
    },
    reset: () => {
      requests.length = 0;
      failures = [];
      contractOverrides = new Map();
      snapshotOverrides = new Map();
      barOverrides = new Map();
      prevOverrides = new Map();
      earningsOverrides = new Map();
      delayMs = 0;
      nextUrlBase = null;
    },
    close: async () => {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
