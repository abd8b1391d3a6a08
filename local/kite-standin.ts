import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { createHash, randomBytes } from 'node:crypto';
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { KITE_INSTRUMENT_COLUMNS } from '@shared/market/india/kite/instruments';
import { KITE_INTERVALS, KITE_LIMITS, type KiteInterval } from '@shared/market/india/kite/kite.wire';
import { KiteTickerRequest, type KiteMode } from '@shared/market/india/kite/ticker-packets';
import { seededRng } from '@shared/market/random';
import { bsmPrice } from '@shared/pricing/bsm';
import { encodeMessage, encodePacket, type StandinTickFigures } from './kite-standin-packets';
import { LOOPBACK } from './ports';
import { bodyServer, closeServer, listenOnLoopback } from './standin-server';

/**
 * A local Kite Connect v3 for `npm start` and the tests, written from Kite's documentation (Kite Connect v3 docs:
 * "User", "Exceptions and errors", "Market quotes and instruments", "Historical candle data", "WebSocket streaming";
 * the answers shaped like Zerodha's kiteconnect-mocks):
 * - every REST call must carry `X-Kite-Version: 3`; the data calls `Authorization: token api_key:access_token`. An
 *   unknown or expired access token is 403 `TokenException` "Incorrect `api_key` or `access_token`.";
 * - GET /connect/login?api_key=…&v=3 plays Kite's login page: it redirects to `redirectUrl` with a fresh
 *   `request_token` (and `redirect_params` passed on); POST /session/token (form: api_key, request_token, checksum)
 *   checks checksum = SHA-256(api_key + request_token + api_secret) and answers 403 `TokenException`
 *   "Invalid `checksum`." when it differs; a request token works once;
 * - GET /instruments, /instruments/{exchange}: the CSV dump (`Content-Type: text/csv`, exactly, as kiteconnectjs
 *   compares it) of the given underlyings' index rows (NSE, INDICES) and their weekly and monthly options (NFO);
 * - GET /quote (up to 500 instruments), /quote/ohlc and /quote/ltp (up to 1000), keyed by `EXCHANGE:TRADINGSYMBOL`;
 *   unknown instruments are left out, as Kite does; at most one quote call per second per key, else 429
 *   `NetworkException` "Too many requests";
 * - GET /instruments/historical/{token}/{interval}?from&to[&oi=1]: candles in the NSE session (09:15-15:30 IST, weekdays);
 * - the binary ticker at ws://…/?api_key=…&access_token=… (403 on the handshake without a live session): it takes
 *   `{a:'subscribe'|'unsubscribe'|'mode'}` (a new subscription in quote mode), sends the subscribed tokens' packets in
 *   their modes every `tickIntervalMs` and a 1-byte heartbeat every `heartbeatMs`.
 * Prices are deterministic: a function of the seed, the instrument and the time step (the index near its given spot,
 * the options priced by Black-Scholes on a smile), so a test with a fixed clock sees fixed figures.
 * Unlike Kite: no orders, no postbacks, no currency segments; the messages of refusals Kite's docs do not quote are this stand-in's.
 * Controls for tests: issueRequestToken, expireSessions, dropTickerConnections, refuseTicker, tickerConnections, broadcastText.
 */
export interface KiteStandinUnderlying {
  /** The options' `name` in the dump: NIFTY, BANKNIFTY. */
  name: string;
  /** The index's trading symbol on NSE, e.g. "NIFTY 50", "NIFTY BANK". */
  indexSymbol: string;
  /** The index's instrument token (segment 9), e.g. 256265 for NIFTY 50. */
  indexToken: number;
  spot: number;
  lotSize: number;
  strikeInterval: number;
  strikesEachSide: number;
  /** YYYY-MM-DD; the last one of a month is written as the monthly contract (NIFTY25DEC…), the others as weeklies (NIFTY25D09…). */
  expiries: string[];
  /** The at-the-money volatility the stand-in prices with (default 0.13). */
  atmVol?: number;
}

export interface KiteStandinOptions {
  port: number;
  apiKey: string;
  apiSecret: string;
  underlyings: KiteStandinUnderlying[];
  seed?: string | number;
  now?: () => Date;
  /** Where GET /connect/login redirects, as Kite redirects to the app's registered URL. */
  redirectUrl?: string;
  tickIntervalMs?: number;
  heartbeatMs?: number;
  /** The quote endpoints' window: one call per window per key (default 1000 ms, Kite's 1 request per second). */
  quoteWindowMs?: number;
  /** The rate the options are priced with (default 0.055: the stand-in's own figure). */
  rate?: number;
  log?: (line: string) => void;
}

export interface RunningKiteStandin {
  url: string;
  wsUrl: string;
  port: number;
  close(): Promise<void>;
  /** A request token as Kite's login would hand it out, good for one session exchange. */
  issueRequestToken(): string;
  /** Every access token issued so far stops working: REST 403 TokenException, and the ticker refuses the handshake. */
  expireSessions(): void;
  /** Cuts every ticker connection at once, as a lost network does. */
  dropTickerConnections(): void;
  /** While on, new ticker connections are refused (503 on the handshake). */
  refuseTicker(on: boolean): void;
  /** The subscriptions of each open ticker connection: token → mode. */
  tickerConnections(): Record<number, KiteMode>[];
  /** Sends a text frame to every ticker connection (order updates, errors, notices). */
  broadcastText(text: string): void;
  /** How many handshakes the ticker has accepted. */
  tickerHandshakes(): number;
}

interface Contract {
  token: number;
  exchangeToken: number;
  tradingsymbol: string;
  u: KiteStandinUnderlying;
  expiry: string;
  strike: number;
  type: 'CE' | 'PE';
}

class KiteHttpError extends Error {
  constructor(
    readonly status: number,
    readonly errorType: string,
    message: string,
  ) {
    super(message);
  }
}

const IST = 'Asia/Kolkata';
const TICK = 0.05;
const NFO_SEGMENT = 2;
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const WEEKLY_MONTH = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'O', 'N', 'D'];
const INTERVAL_MINUTES: Record<KiteInterval, number> = {
  minute: 1,
  '3minute': 3,
  '5minute': 5,
  '10minute': 10,
  '15minute': 15,
  '30minute': 30,
  '60minute': 60,
  day: 0,
};
const MAX_CANDLES = 20_000;
const MAX_TICKER_TOKENS = 3000;

const roundTick = (p: number) => Math.max(TICK, Math.round(p / TICK) * TICK);
const round2 = (p: number) => Math.round(p * 100) / 100;
/** IST has no daylight saving: a wall time there is UTC + 5:30 all year. */
const istMs = (date: string, time: string) => Date.parse(`${date}T${time}+05:30`);
const istText = (ms: number, pattern: string) => format(new TZDate(ms, IST), pattern);

/** Kite's trading symbols: the monthly contract as NIFTY25DEC24000CE, a weekly as NIFTY25D0924000CE (year, month code, day). */
function tradingsymbol(name: string, expiry: string, monthly: boolean, strike: number, type: 'CE' | 'PE'): string {
  const [y, m, d] = expiry.split('-');
  const month = Number(m) - 1;
  const code = monthly ? MONTHS[month] : `${WEEKLY_MONTH[month]}${d}`;
  return `${name}${y!.slice(2)}${code}${strike}${type}`;
}

export async function startKiteStandin(opts: KiteStandinOptions): Promise<RunningKiteStandin> {
  const now = opts.now ?? (() => new Date());
  const seed = String(opts.seed ?? 'kite');
  const tickIntervalMs = opts.tickIntervalMs ?? 1000;
  const heartbeatMs = opts.heartbeatMs ?? 1000;
  const quoteWindowMs = opts.quoteWindowMs ?? 1000;
  const rate = opts.rate ?? 0.055;

  // The instruments: per underlying its index, and its options of every expiry around the spot.
  const contracts: Contract[] = [];
  let exchangeToken = 35_000;
  for (const u of opts.underlyings) {
    const atm = Math.round(u.spot / u.strikeInterval) * u.strikeInterval;
    const sorted = [...u.expiries].sort();
    for (const expiry of sorted) {
      const monthly = !sorted.some((e) => e > expiry && e.slice(0, 7) === expiry.slice(0, 7));
      for (let i = -u.strikesEachSide; i <= u.strikesEachSide; i++) {
        const strike = atm + i * u.strikeInterval;
        for (const type of ['CE', 'PE'] as const) {
          exchangeToken += 1;
          contracts.push({
            token: exchangeToken * 256 + NFO_SEGMENT,
            exchangeToken,
            tradingsymbol: tradingsymbol(u.name, expiry, monthly, strike, type),
            u,
            expiry,
            strike,
            type,
          });
        }
      }
    }
  }
  const byToken = new Map(contracts.map((c) => [c.token, c]));
  const bySymbol = new Map(contracts.map((c) => [`NFO:${c.tradingsymbol}`, c]));
  const indexByToken = new Map(opts.underlyings.map((u) => [u.indexToken, u]));
  const indexBySymbol = new Map(opts.underlyings.map((u) => [`NSE:${u.indexSymbol}`, u]));

  // Prices: a function of (seed, instrument, step), the step being the tick interval the time falls in.
  const stepOf = (ms: number) => Math.floor(ms / tickIntervalMs);
  const spotAt = (u: KiteStandinUnderlying, ms: number) => roundTick(u.spot * (1 + 0.0015 * seededRng(seed, u.name, stepOf(ms)).normal()));
  function optionPrice(c: Contract, spot: number, ms: number): number {
    const years = (istMs(c.expiry, '15:30:00') - ms) / (365 * 86_400_000);
    const intrinsic = Math.max(0, c.type === 'CE' ? spot - c.strike : c.strike - spot);
    if (years <= 0) return roundTick(intrinsic);
    const m = Math.log(c.strike / spot);
    const vol = (c.u.atmVol ?? 0.13) + 0.6 * m * m - 0.1 * m;
    return roundTick(bsmPrice(c.type === 'CE', spot, c.strike, years, rate, 0, Math.max(0.05, vol)));
  }

  function figures(token: number, ms: number): StandinTickFigures | null {
    const index = indexByToken.get(token);
    const c = byToken.get(token);
    if (!index && !c) return null;
    const u = index ?? c!.u;
    const dayOpen = istMs(istText(ms, 'yyyy-MM-dd'), '09:15:00');
    const price = (at: number) => (index ? spotAt(u, at) : optionPrice(c!, spotAt(u, at), at));
    const last = price(ms);
    const open = index ? roundTick(u.spot) : price(dayOpen);
    const close = index ? roundTick(u.spot * 0.997) : roundTick(open * 0.99);
    const rng = seededRng(seed, token, stepOf(ms));
    const lot = index ? 0 : u.lotSize;
    const oi = index ? 0 : lot * (2000 + ((seededRng(seed, token, 'oi').int(0, 50_000) + stepOf(ms)) % 60_000));
    const level = (side: 1 | -1, i: number) => ({
      price: roundTick(last + side * TICK * (i + 1)),
      quantity: index ? 0 : lot * rng.int(1, 40),
      orders: index ? 0 : rng.int(1, 12),
    });
    return {
      token,
      index: Boolean(index),
      lastPrice: last,
      lastQuantity: index ? 0 : lot * rng.int(1, 10),
      averagePrice: round2((open + last) / 2),
      volume: index ? 0 : lot * (1000 + stepOf(ms - dayOpen) * 3 + rng.int(0, 50)),
      buyQuantity: index ? 0 : lot * rng.int(100, 5000),
      sellQuantity: index ? 0 : lot * rng.int(100, 5000),
      ohlc: { open, high: Math.max(open, last, close), low: Math.min(open, last, close), close },
      lastTradeTime: new Date(ms - rng.int(0, 5) * 1000),
      oi,
      oiDayHigh: oi + lot * 500,
      oiDayLow: Math.max(0, oi - lot * 500),
      exchangeTime: new Date(ms),
      depth: { buy: [0, 1, 2, 3, 4].map((i) => level(-1, i)), sell: [0, 1, 2, 3, 4].map((i) => level(1, i)) },
    };
  }

  // Sessions.
  const requestTokens = new Set<string>();
  const accessTokens = new Map<string, { expired: boolean }>();
  const lastQuoteCall = new Map<string, number>();
  const issueRequestToken = () => {
    const t = randomBytes(16).toString('hex');
    requestTokens.add(t);
    return t;
  };
  const sessionLive = (apiKey: string | null, accessToken: string | null) =>
    apiKey === opts.apiKey && accessToken !== null && accessTokens.get(accessToken)?.expired === false;

  function authenticate(req: http.IncomingMessage): string {
    const match = /^token ([^:]+):(.+)$/.exec(req.headers.authorization ?? '');
    if (!match || !sessionLive(match[1]!, match[2]!)) throw new KiteHttpError(403, 'TokenException', 'Incorrect `api_key` or `access_token`.');
    return match[1]!;
  }

  function instrumentsCsv(exchange: string | null): string {
    const rows: (string | number)[][] = [];
    if (exchange === null || exchange === 'NSE')
      for (const u of opts.underlyings) rows.push([u.indexToken, u.indexToken >> 8, u.indexSymbol, u.indexSymbol, 0, '', 0, 0, 0, 'EQ', 'INDICES', 'NSE']);
    if (exchange === null || exchange === 'NFO')
      for (const c of contracts)
        rows.push([c.token, c.exchangeToken, c.tradingsymbol, c.u.name, 0, c.expiry, c.strike.toFixed(1), TICK, c.u.lotSize, c.type, 'NFO-OPT', 'NFO']);
    return [KITE_INSTRUMENT_COLUMNS.join(','), ...rows.map((r) => r.join(','))].join('\n') + '\n';
  }

  function quoteOf(key: string, ms: number, kind: 'quote' | 'ohlc' | 'ltp'): Record<string, unknown> | null {
    const token = bySymbol.get(key)?.token ?? indexBySymbol.get(key)?.indexToken;
    const f = token === undefined ? null : figures(token, ms);
    if (!f) return null;
    if (kind === 'ltp') return { instrument_token: f.token, last_price: f.lastPrice };
    if (kind === 'ohlc') return { instrument_token: f.token, last_price: f.lastPrice, ohlc: f.ohlc };
    return {
      instrument_token: f.token,
      timestamp: istText(f.exchangeTime.getTime(), 'yyyy-MM-dd HH:mm:ss'),
      last_trade_time: istText(f.lastTradeTime.getTime(), 'yyyy-MM-dd HH:mm:ss'),
      last_price: f.lastPrice,
      last_quantity: f.lastQuantity,
      buy_quantity: f.buyQuantity,
      sell_quantity: f.sellQuantity,
      volume: f.volume,
      average_price: f.averagePrice,
      oi: f.oi,
      oi_day_high: f.oiDayHigh,
      oi_day_low: f.oiDayLow,
      net_change: 0,
      lower_circuit_limit: roundTick(f.lastPrice * 0.5),
      upper_circuit_limit: roundTick(f.lastPrice * 1.5),
      ohlc: f.ohlc,
      depth: f.depth,
    };
  }

  function quotes(url: URL, apiKey: string, kind: 'quote' | 'ohlc' | 'ltp'): Record<string, unknown> {
    const t = Date.now();
    const last = lastQuoteCall.get(apiKey);
    if (last !== undefined && t - last < quoteWindowMs) throw new KiteHttpError(429, 'NetworkException', 'Too many requests');
    lastQuoteCall.set(apiKey, t);
    const keys = url.searchParams.getAll('i');
    if (keys.length === 0) throw new KiteHttpError(400, 'InputException', 'No instruments given');
    const cap = kind === 'quote' ? KITE_LIMITS.quoteBatch : KITE_LIMITS.ltpBatch;
    if (keys.length > cap) throw new KiteHttpError(400, 'InputException', `At most ${cap} instruments per request`);
    const ms = now().getTime();
    const data: Record<string, unknown> = {};
    for (const key of keys) {
      const q = quoteOf(key, ms, kind);
      if (q) data[key] = q;
    }
    return data;
  }

  /** "yyyy-mm-dd hh:mm:ss" or "yyyy-mm-dd", IST. */
  function istParam(v: string | null, name: string): number {
    const m = v ? /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}:\d{2}))?$/.exec(v) : null;
    const ms = m ? istMs(m[1]!, m[2] ?? '00:00:00') : NaN;
    if (Number.isNaN(ms)) throw new KiteHttpError(400, 'InputException', `invalid ${name} timestamp`);
    return ms;
  }

  function historical(token: number, interval: string, url: URL): Record<string, unknown> {
    if (!(KITE_INTERVALS as readonly string[]).includes(interval)) throw new KiteHttpError(400, 'InputException', 'invalid interval');
    if (!byToken.has(token) && !indexByToken.has(token)) throw new KiteHttpError(400, 'InputException', 'invalid token');
    const from = istParam(url.searchParams.get('from'), 'from');
    const to = istParam(url.searchParams.get('to'), 'to');
    const withOi = url.searchParams.get('oi') === '1';
    const minutes = INTERVAL_MINUTES[interval as KiteInterval];
    const candles: (string | number)[][] = [];
    const candle = (start: number, end: number, stamp: number) => {
      const a = figures(token, start)!;
      const b = figures(token, end)!;
      const open = a.lastPrice;
      const close = b.lastPrice;
      const wiggle = seededRng(seed, token, 'candle', start).uniform() * 0.004;
      const row: (string | number)[] = [
        istText(stamp, "yyyy-MM-dd'T'HH:mm:ssxx"),
        open,
        roundTick(Math.max(open, close) * (1 + wiggle)),
        roundTick(Math.min(open, close) * (1 - wiggle)),
        close,
        byToken.has(token) ? byToken.get(token)!.u.lotSize * seededRng(seed, token, 'volume', start).int(10, 500) : 0,
      ];
      if (withOi) row.push(b.oi);
      candles.push(row);
      if (candles.length > MAX_CANDLES) throw new KiteHttpError(400, 'InputException', 'interval exceeds max limit');
    };
    for (let day = istMs(istText(from, 'yyyy-MM-dd'), '00:00:00'); day <= to; day += 86_400_000) {
      const weekday = new TZDate(day, IST).getDay();
      if (weekday === 0 || weekday === 6) continue;
      const date = istText(day, 'yyyy-MM-dd');
      const open = istMs(date, '09:15:00');
      const close = istMs(date, '15:30:00');
      if (minutes === 0) {
        if (day >= from) candle(open, close - 1, day);
        continue;
      }
      for (let start = open; start < close; start += minutes * 60_000)
        if (start >= from && start <= to) candle(start, Math.min(close, start + minutes * 60_000) - 1, start);
    }
    return { candles };
  }

  async function session(raw: string): Promise<Record<string, unknown>> {
    const form = new URLSearchParams(raw);
    const apiKey = form.get('api_key');
    const requestToken = form.get('request_token');
    const checksum = form.get('checksum');
    if (!apiKey || !requestToken || !checksum) throw new KiteHttpError(400, 'InputException', 'Missing api_key, request_token or checksum');
    if (apiKey !== opts.apiKey) throw new KiteHttpError(403, 'TokenException', 'Invalid `api_key`.');
    const expected = createHash('sha256')
      .update(apiKey + requestToken + opts.apiSecret)
      .digest('hex');
    if (checksum !== expected) throw new KiteHttpError(403, 'TokenException', 'Invalid `checksum`.');
    if (!requestTokens.delete(requestToken)) throw new KiteHttpError(403, 'TokenException', 'Token is invalid or has expired.');
    const accessToken = randomBytes(16).toString('hex');
    accessTokens.set(accessToken, { expired: false });
    return {
      user_type: 'individual',
      email: 'standin@example.invalid',
      user_name: 'Kite Stand-in',
      user_shortname: 'Stand-in',
      broker: 'ZERODHA',
      exchanges: ['NSE', 'NFO', 'BSE', 'BFO'],
      products: ['CNC', 'NRML', 'MIS'],
      order_types: ['MARKET', 'LIMIT', 'SL', 'SL-M'],
      avatar_url: null,
      user_id: 'XX0000',
      api_key: apiKey,
      access_token: accessToken,
      public_token: randomBytes(8).toString('hex'),
      refresh_token: '',
      enctoken: '',
      silo: '',
      login_time: istText(now().getTime(), 'yyyy-MM-dd HH:mm:ss'),
      meta: { demat_consent: 'physical' },
    };
  }

  type Answer = { status: number; json?: unknown; csv?: string; location?: string };

  async function route(req: http.IncomingMessage, url: URL, raw: string): Promise<Answer> {
    const method = req.method ?? 'GET';
    const path = url.pathname;
    if (method === 'GET' && path === '/connect/login') {
      if (url.searchParams.get('api_key') !== opts.apiKey) throw new KiteHttpError(400, 'InputException', 'Invalid `api_key`.');
      if (!opts.redirectUrl) throw new KiteHttpError(400, 'InputException', 'No redirect URL registered for this app');
      const to = new URL(opts.redirectUrl);
      for (const [k, v] of new URLSearchParams(url.searchParams.get('redirect_params') ?? '')) to.searchParams.set(k, v);
      to.searchParams.set('action', 'login');
      to.searchParams.set('status', 'success');
      to.searchParams.set('request_token', issueRequestToken());
      return { status: 302, location: to.toString() };
    }
    if (req.headers['x-kite-version'] !== '3') throw new KiteHttpError(400, 'InputException', 'Missing or unsupported X-Kite-Version (send 3)');
    if (method === 'POST' && path === '/session/token') return { status: 200, json: { status: 'success', data: await session(raw) } };
    if (method !== 'GET') throw new KiteHttpError(405, 'GeneralException', 'Method not allowed');
    const apiKey = authenticate(req);
    const instruments = /^\/instruments(?:\/([A-Z]+))?$/.exec(path);
    if (instruments) return { status: 200, csv: instrumentsCsv(instruments[1] ?? null) };
    if (path === '/quote') return { status: 200, json: { status: 'success', data: quotes(url, apiKey, 'quote') } };
    if (path === '/quote/ohlc') return { status: 200, json: { status: 'success', data: quotes(url, apiKey, 'ohlc') } };
    if (path === '/quote/ltp') return { status: 200, json: { status: 'success', data: quotes(url, apiKey, 'ltp') } };
    const hist = /^\/instruments\/historical\/(\d+)\/([a-z0-9]+)$/.exec(path);
    if (hist) return { status: 200, json: { status: 'success', data: historical(Number(hist[1]), hist[2]!, url) } };
    throw new KiteHttpError(404, 'GeneralException', 'Route not found');
  }

  const server = bodyServer((req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const reply = (a: Answer) => {
      if (res.destroyed) return;
      if (a.location) res.writeHead(a.status, { location: a.location }).end();
      else if (a.csv !== undefined) res.writeHead(a.status, { 'content-type': 'text/csv' }).end(a.csv);
      else res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.json));
    };
    route(req, url, body)
      .then(reply)
      .catch((e: unknown) => {
        if (e instanceof KiteHttpError) return reply({ status: e.status, json: { status: 'error', message: e.message, error_type: e.errorType, data: null } });
        opts.log?.(`Kite stand-in: ${(e as Error).stack ?? String(e)}`);
        reply({ status: 500, json: { status: 'error', message: 'Internal server error', error_type: 'GeneralException', data: null } });
      });
  });

  // The ticker.
  const wss = new WebSocketServer({ noServer: true });
  const connections = new Map<WebSocket, Map<number, KiteMode>>();
  let refusing = false;
  let handshakes = 0;
  const refuse = (socket: Duplex, status: string) => {
    socket.write(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    socket.destroy();
  };
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname !== '/') return refuse(socket, '404 Not Found');
    if (refusing) return refuse(socket, '503 Service Unavailable');
    if (!sessionLive(url.searchParams.get('api_key'), url.searchParams.get('access_token'))) return refuse(socket, '403 Forbidden');
    wss.handleUpgrade(req, socket, head, (ws) => {
      handshakes += 1;
      const modes = new Map<number, KiteMode>();
      connections.set(ws, modes);
      ws.on('close', () => connections.delete(ws));
      ws.on('error', () => connections.delete(ws));
      ws.on('message', (data, isBinary) => {
        const error = (message: string) => ws.send(JSON.stringify({ type: 'error', data: message }));
        let json: unknown;
        try {
          json = isBinary ? undefined : JSON.parse(String(data));
        } catch {
          json = undefined;
        }
        const request = KiteTickerRequest.safeParse(json);
        if (!request.success) return error('Invalid message');
        const r = request.data;
        if (r.a === 'subscribe') {
          const known = r.v.filter((t) => byToken.has(t) || indexByToken.has(t));
          if (new Set([...modes.keys(), ...known]).size > MAX_TICKER_TOKENS) return error(`At most ${MAX_TICKER_TOKENS} instruments per connection`);
          for (const t of known) if (!modes.has(t)) modes.set(t, 'quote');
        } else if (r.a === 'unsubscribe') {
          for (const t of r.v) modes.delete(t);
        } else {
          const [mode, tokens] = r.v;
          for (const t of tokens) if (modes.has(t)) modes.set(t, mode);
        }
      });
    });
  });

  const ticker = setInterval(() => {
    const ms = now().getTime();
    for (const [ws, modes] of connections) {
      if (modes.size === 0 || ws.readyState !== ws.OPEN) continue;
      const packets = [...modes].flatMap(([token, mode]) => {
        const f = figures(token, ms);
        return f ? [encodePacket(f, mode)] : [];
      });
      ws.send(encodeMessage(packets));
    }
  }, tickIntervalMs);
  const heartbeat = setInterval(() => {
    for (const ws of connections.keys()) if (ws.readyState === ws.OPEN) ws.send(Uint8Array.of(0));
  }, heartbeatMs);
  ticker.unref();
  heartbeat.unref();

  const port = await listenOnLoopback(server, opts.port);
  return {
    url: `http://${LOOPBACK}:${port}`,
    wsUrl: `ws://${LOOPBACK}:${port}`,
    port,
    issueRequestToken,
    expireSessions: () => {
      for (const s of accessTokens.values()) s.expired = true;
    },
    dropTickerConnections: () => {
      for (const ws of connections.keys()) ws.terminate();
    },
    refuseTicker: (on) => {
      refusing = on;
    },
    tickerConnections: () => [...connections.values()].map((m) => Object.fromEntries(m) as Record<number, KiteMode>),
    broadcastText: (text) => {
      for (const ws of connections.keys()) ws.send(text);
    },
    tickerHandshakes: () => handshakes,
    close: () => {
      clearInterval(ticker);
      clearInterval(heartbeat);
      for (const ws of connections.keys()) ws.terminate();
      wss.close();
      return closeServer(server);
    },
  };
}
