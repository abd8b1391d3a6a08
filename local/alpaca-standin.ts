import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import type { AlpacaAccount, AlpacaOptionContract, AlpacaOrder, AlpacaOrderLegRequest, AlpacaPosition } from '@shared/broker/alpaca.wire';
import { OPEN_ORDER_STATUSES } from '@shared/broker/alpaca.wire';
import { levelForOpening } from '@shared/compliance/levels';
import { newYorkParts } from '@shared/market/dates';
import { isExpired } from '@shared/market/expiry-status';
import { parseOcc } from '@shared/market/occ';
import { requirement } from '@shared/paper/buying-power';
import { applyFill } from '@shared/paper/positions';
import { CONTRACT_MULTIPLIER, type Position } from '@shared/paper/types';
import { LOOPBACK } from './ports';
import { bodyServer, closeServer, listenOnLoopback } from './standin-server';

/**
 * A local Alpaca Trading API v2 for `npm start` and the tests, written from the documented API
 * (Alpaca's Trading API OpenAPI document of June 2026 and its "Options Trading Overview" page):
 * - auth by the two headers APCA-API-KEY-ID / APCA-API-SECRET-KEY. A key that does not look like Alpaca's (PK or AK and
 *   at least 20 characters) or a secret under 32 characters is 401 `{"code":40110000,"message":"request is not
 *   authorized"}`; a known key sent with another secret than the first one it came with is 403 (Alpaca Trading API v2, Errors). Any key that
 *   looks valid gets its own paper account of $100,000, options level 3 (paper accounts get level 3, "Options Trading");
 * - GET /v2/account; GET/POST /v2/orders (single option legs and `mleg`), GET /v2/orders/{id},
 *   GET /v2/orders:by_client_order_id, DELETE /v2/orders/{id}; GET /v2/positions, DELETE /v2/positions/{symbol},
 *   POST /v2/positions/{symbol}/exercise; GET /v2/options/contracts;
 * - orders are checked in Alpaca's order: body 400, enums and options rules 422, mleg rules 422, level 403,
 *   buying power 403 with its context keys, duplicate client_order_id 422; marketable orders fill at once at the
 *   simulated market's quotes (buy at the ask, sell at the bid, as Alpaca's paper trading fills), others rest as `new` until canceled;
 * - every answer carries the X-RateLimit-* headers (Alpaca Trading API v2, Rate limits).
 * Unlike Alpaca: no market-hours rule (the simulated market is end-of-day), no partial fills, no streaming.
 * Controls for tests, on loopback only, under /_local/: PUT /_local/accounts/{key} `{cash?, options_approved_level?,
 * options_trading_level?, pdt?, stale_figures?}` shapes a key's account (pdt false: the account omits
 * pattern_day_trader and daytrade_count, as Alpaca does since July 2026; stale_figures: the account reports that cash,
 * equity and buying power whatever it holds, as figures gone stale before an order arrives); POST /_local/faults/{key} `[{status?, delayMs?, method?, path?,
 * times?}]` queues faults for that key's next matching requests (a delayed order is booked at once and answered late,
 * as when Alpaca's answer is lost); GET /_local/requests/{key} counts the requests each key made.
 */
export interface StandInQuote {
  bid: number | null;
  ask: number | null;
  mark: number | null;
}

export interface StandInContract {
  symbol: string;
  underlying: string;
  type: 'call' | 'put';
  strike: number;
  expiration: string;
  close: number | null;
  openInterest: number | null;
}

/** The simulated market the stand-in fills at: the same quotes the product's chain shows. */
export interface StandInMarket {
  quotes(symbols: readonly string[]): Promise<Map<string, StandInQuote>>;
  contracts(underlying: string, expiration?: string): Promise<StandInContract[]>;
}

interface Fault {
  status?: number;
  delayMs?: number;
  method?: string;
  path?: string;
  times: number;
}

interface StandInAccount {
  key: string;
  secret: string;
  id: string;
  number: string;
  cash: number;
  approvedLevel: number;
  tradingLevel: number;
  pdt: boolean;
  /** Cash, equity and buying power the account reports whatever it holds: figures gone stale by the time an order arrives. */
  staleFigures: number | null;
  createdAt: string;
  orders: AlpacaOrder[];
  positions: Map<string, Position & { assetId: string }>;
  faults: Fault[];
  requests: number;
}

export interface RunningAlpacaStandIn {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const isLoopback = (address: string | undefined) => address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
const KEY_SHAPE = /^(PK|AK)[A-Z0-9]{18,}$/;
const dec = (n: number) => String(Math.round(n * 1e6) / 1e6);
const STARTING_CASH = 100_000;

class AlpacaHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}
const err = (status: number, code: number, message: string, extra: Record<string, unknown> = {}) => new AlpacaHttpError(status, { code, message, ...extra });
const unprocessable = (message: string, code = 42210000) => err(422, code, message);

export async function startAlpacaStandIn(opts: {
  port: number;
  market: StandInMarket;
  now?: () => Date;
  log?: (line: string) => void;
}): Promise<RunningAlpacaStandIn> {
  const now = opts.now ?? (() => new Date());
  const accounts = new Map<string, StandInAccount>();

  function accountOf(key: string, secret: string): StandInAccount {
    let a = accounts.get(key);
    if (!a) {
      a = {
        key,
        secret,
        id: randomUUID(),
        number: `PA${key.slice(2, 12)}`,
        cash: STARTING_CASH,
        approvedLevel: 3,
        tradingLevel: 3,
        pdt: true,
        staleFigures: null,
        createdAt: now().toISOString(),
        orders: [],
        positions: new Map(),
        faults: [],
        requests: 0,
      };
      accounts.set(key, a);
    }
    return a;
  }

  /** A key's account for the controls, created with a placeholder secret until the key itself calls. */
  function controlled(key: string): StandInAccount {
    return accounts.get(key) ?? accountOf(key, '');
  }

  function authenticate(req: http.IncomingMessage): StandInAccount {
    const key = String(req.headers['apca-api-key-id'] ?? '');
    const secret = String(req.headers['apca-api-secret-key'] ?? '');
    if (!KEY_SHAPE.test(key) || secret.length < 32) throw err(401, 40110000, 'request is not authorized');
    const a = accountOf(key, secret);
    if (!a.secret) a.secret = secret;
    if (a.secret !== secret) throw err(403, 40310000, 'access key verification failed');
    return a;
  }

  async function marks(symbols: string[]): Promise<Map<string, StandInQuote>> {
    return symbols.length ? opts.market.quotes(symbols) : new Map();
  }

  async function accountView(a: StandInAccount): Promise<AlpacaAccount> {
    const positions = [...a.positions.values()];
    const quotes = await marks(positions.filter((p) => p.kind === 'option').map((p) => p.symbol));
    let long = 0;
    let short = 0;
    for (const p of positions) {
      const value = valueOf(p, quotes);
      if (value >= 0) long += value;
      else short += value;
    }
    const equity = a.staleFigures ?? a.cash + long + short;
    const obp = a.staleFigures ?? Math.max(0, a.cash - requirement(positions).total - heldFor(a));
    return {
      id: a.id,
      account_number: a.number,
      status: 'ACTIVE',
      crypto_status: 'ACTIVE',
      currency: 'USD',
      cash: dec(a.staleFigures ?? a.cash),
      buying_power: dec(obp),
      regt_buying_power: dec(obp),
      options_buying_power: dec(obp),
      non_marginable_buying_power: dec(obp),
      equity: dec(equity),
      last_equity: dec(equity),
      portfolio_value: dec(equity),
      long_market_value: dec(long),
      short_market_value: dec(short),
      initial_margin: '0',
      maintenance_margin: '0',
      multiplier: '1',
      shorting_enabled: false,
      options_approved_level: a.approvedLevel,
      options_trading_level: Math.min(a.tradingLevel, a.approvedLevel),
      ...(a.pdt ? { pattern_day_trader: false, daytrade_count: 0 } : {}),
      trading_blocked: false,
      transfers_blocked: false,
      account_blocked: false,
      trade_suspended_by_user: false,
      created_at: a.createdAt,
      balance_asof: newYorkParts(now()).date,
    };
  }

  function valueOf(p: Position, quotes: Map<string, StandInQuote>): number {
    const mark = p.kind === 'option' ? (quotes.get(p.symbol)?.mark ?? p.avgPrice) : p.avgPrice;
    return mark * p.quantity * (p.kind === 'option' ? CONTRACT_MULTIPLIER : 1);
  }

  /** Buying power held by resting orders: their worst-case debit. */
  function heldFor(a: StandInAccount): number {
    return a.orders.filter((o) => OPEN_ORDER_STATUSES.includes(o.status)).reduce((s, o) => s + Number((o as { held?: string }).held ?? 0), 0);
  }

  function positionView(p: Position & { assetId: string }, quotes: Map<string, StandInQuote>): AlpacaPosition {
    const option = p.kind === 'option';
    const multiplier = option ? CONTRACT_MULTIPLIER : 1;
    const price = option ? (quotes.get(p.symbol)?.mark ?? p.avgPrice) : p.avgPrice;
    const market = price * p.quantity * multiplier;
    const cost = p.avgPrice * p.quantity * multiplier;
    return {
      asset_id: p.assetId,
      symbol: p.symbol,
      exchange: option ? '' : 'ARCA',
      asset_class: option ? 'us_option' : 'us_equity',
      asset_marginable: !option,
      qty: dec(p.quantity),
      qty_available: dec(p.quantity),
      avg_entry_price: dec(p.avgPrice),
      side: p.quantity >= 0 ? 'long' : 'short',
      market_value: dec(market),
      cost_basis: dec(cost),
      unrealized_pl: dec(market - cost),
      unrealized_plpc: dec(cost ? (market - cost) / Math.abs(cost) : 0),
      unrealized_intraday_pl: dec(market - cost),
      unrealized_intraday_plpc: dec(cost ? (market - cost) / Math.abs(cost) : 0),
      current_price: dec(price),
      lastday_price: dec(price),
      change_today: '0',
    };
  }

  interface LegInput {
    symbol: string;
    side: 'buy' | 'sell';
    ratio: number;
    intent: AlpacaOrderLegRequest['position_intent'] | null;
  }

  const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

  async function submit(a: StandInAccount, body: Record<string, unknown>): Promise<AlpacaOrder> {
    const type = str(body.type);
    const tif = str(body.time_in_force);
    if (!type) throw unprocessable('type is required', 40010001);
    if (!tif) throw unprocessable('time_in_force is required', 40010001);
    if (!['market', 'limit', 'stop', 'stop_limit', 'trailing_stop'].includes(type)) throw unprocessable('invalid order type', 40010001);
    if (!['day', 'gtc', 'opg', 'cls', 'ioc', 'fok'].includes(tif)) throw unprocessable('invalid time_in_force', 40010001);
    const mleg = body.order_class === 'mleg';
    const orderClass = str(body.order_class) ?? 'simple';
    if (!['simple', '', 'mleg', 'bracket', 'oco', 'oto'].includes(orderClass)) throw unprocessable('invalid order_class', 40010001);
    if (['bracket', 'oco', 'oto'].includes(orderClass)) throw unprocessable('complex orders not supported for options trading');
    if (body.notional !== undefined && body.notional !== null) throw unprocessable('notional orders are not supported for options trading');
    if (body.extended_hours === true) throw unprocessable('extended hours is not supported for options trading');
    const qtyText = str(body.qty);
    const qty = Number(qtyText);
    if (!qtyText || !Number.isFinite(qty) || qty <= 0) throw unprocessable('qty must be > 0', 40010001);

    const legs: LegInput[] = [];
    if (mleg) {
      const raw = Array.isArray(body.legs) ? (body.legs as Record<string, unknown>[]) : [];
      if (raw.length < 2 || raw.length > 4) throw unprocessable('mleg orders must have between 2 and 4 legs');
      raw.forEach((l, i) => {
        const intent = str(l.position_intent) as LegInput['intent'] | undefined;
        if (!intent) throw unprocessable(`leg.${i} position intent is required`);
        const side = (str(l.side) ?? (intent.startsWith('buy') ? 'buy' : 'sell')) as 'buy' | 'sell';
        const ratio = Number(str(l.ratio_qty));
        if (!Number.isInteger(ratio) || ratio <= 0) throw unprocessable(`leg.${i} ratio_qty must be a positive whole number`);
        legs.push({ symbol: String(l.symbol ?? '').toUpperCase(), side, ratio, intent });
      });
      if (new Set(legs.map((l) => l.symbol)).size !== legs.length) throw unprocessable('legs must have unique symbols');
      if (legs.map((l) => l.ratio).reduce(gcd) !== 1)
        throw unprocessable('ratio_qty of the legs must be in lowest terms (their greatest common divisor must be 1)');
    } else {
      const symbol = str(body.symbol)?.toUpperCase();
      if (!symbol) throw unprocessable('symbol is required', 40010001);
      const side = str(body.side);
      if (side !== 'buy' && side !== 'sell') throw unprocessable('invalid side', 40010001);
      legs.push({ symbol, side, ratio: 1, intent: (str(body.position_intent) as LegInput['intent']) ?? null });
    }
    for (const l of legs) if (!parseOcc(l.symbol)) throw unprocessable(`asset not found for ${l.symbol}`, 40410000);
    // The options rules (Alpaca Trading API v2, Orders, and "Options Trading Overview"), in Alpaca's words.
    if (!Number.isInteger(qty)) throw unprocessable('qty must be integer for options trading');
    if (type !== 'market' && type !== 'limit') throw unprocessable('invalid order type for options trading');
    if (tif !== 'day') throw unprocessable(mleg ? 'invalid time in force' : 'order_time_in_force provided not supported for options trading');
    const limitText = str(body.limit_price);
    if (type === 'limit' && (limitText === undefined || !Number.isFinite(Number(limitText)))) throw unprocessable('limit price is required for limit orders');
    if (type === 'market' && limitText !== undefined) throw unprocessable('limit price is only valid for limit orders');
    const limit = limitText === undefined ? null : Number(limitText);
    if (!mleg && limit !== null && limit <= 0) throw unprocessable('invalid limit price');
    const underlyings = new Set(legs.map((l) => parseOcc(l.symbol)!.underlying));
    if (underlyings.size > 1) throw unprocessable(`underlying asset mismatch: ${[...underlyings].join(' != ')}`);

    const quotes = await opts.market.quotes(legs.map((l) => l.symbol));
    for (const l of legs) {
      const occ = parseOcc(l.symbol)!;
      if (isExpired(occ.expiration, now())) throw unprocessable(`contract "${l.symbol}" is expired`);
      if (!quotes.has(l.symbol)) throw unprocessable(`contract "${l.symbol}" not found`);
    }

    // Positions after the order, for the level (opening legs) and the buying power (short options' requirement).
    const before = [...a.positions.values()];
    const at = now().toISOString();
    const date = newYorkParts(now()).date;
    const after = new Map(before.map((p) => [p.symbol, p as Position]));
    const opening: { side: 'buy' | 'sell' }[] = [];
    for (const l of legs) {
      const held = after.get(l.symbol) ?? null;
      const outcome = applyFill(held, { symbol: l.symbol, side: l.side, quantity: l.ratio * qty, price: 0, at, date });
      if (outcome.effect !== 'close') opening.push({ side: l.side });
      if (outcome.position) after.set(l.symbol, outcome.position);
      else after.delete(l.symbol);
    }
    const reqBefore = requirement(before);
    const reqAfter = requirement([...after.values()]);
    const newlyNaked = reqAfter.nakedCalls.filter((n) => !reqBefore.nakedCalls.some((b) => b.symbol === n.symbol && b.quantity >= n.quantity));
    const level = Math.min(a.tradingLevel, a.approvedLevel);
    if (level === 0 && opening.length) throw err(403, 40310000, 'account not authorized to trade options');
    if (newlyNaked.length) throw err(403, 40310000, 'account not eligible to trade uncovered option contracts');
    const needed = levelForOpening(opening);
    if (needed > level) throw err(403, 40310000, `account not eligible for level${needed} options trading`);

    // Fill at the NBBO when marketable, as Alpaca's paper trading fills; the net price of one unit is positive for a debit.
    const prices = legs.map((l) => {
      const q = quotes.get(l.symbol)!;
      return l.side === 'buy' ? q.ask : q.bid;
    });
    const haveAll = prices.every((p): p is number => p !== null && p > 0);
    const net = haveAll ? legs.reduce((s, l, i) => s + (l.side === 'buy' ? 1 : -1) * prices[i]! * l.ratio, 0) : null;
    const signedLimit = limit === null ? null : mleg ? limit : legs[0]!.side === 'buy' ? limit : -limit;
    const marketable = net !== null && (type === 'market' || net <= signedLimit! + 1e-9);
    if (type === 'market' && net === null) throw unprocessable(`no quote to fill a market order for ${legs.map((l) => l.symbol).join(', ')}`);
    const debitPerUnit = marketable ? net! : signedLimit!;
    const debit = debitPerUnit * qty * CONTRACT_MULTIPLIER;
    const required = Math.max(0, reqAfter.total - reqBefore.total + debit);
    const available = Math.max(0, a.cash - reqBefore.total - heldFor(a));
    if (required > available + 1e-9) {
      throw err(403, 40310000, `insufficient options buying power (required: ${dec(required)}, available: ${dec(available)})`, {
        options_buying_power: dec(available),
        cost_basis: dec(required),
      });
    }
    const clientOrderId = str(body.client_order_id) ?? randomUUID();
    if (clientOrderId.length > 128) throw unprocessable('client_order_id must be no more than 128 characters', 40010001);
    if (a.orders.some((o) => o.client_order_id === clientOrderId)) throw unprocessable('client_order_id must be unique', 40010001);

    const order = newOrder(legs, { qty, type, limit, mleg, clientOrderId, at });
    if (marketable) fill(a, order, legs, prices as number[], qty, at, date);
    else (order as { held?: string }).held = dec(required);
    a.orders.push(order);
    return order;
  }

  function newOrder(legs: LegInput[], o: { qty: number; type: string; limit: number | null; mleg: boolean; clientOrderId: string; at: string }): AlpacaOrder {
    const base = {
      created_at: o.at,
      updated_at: o.at,
      submitted_at: o.at,
      filled_at: null,
      expired_at: null,
      canceled_at: null,
      failed_at: null,
      replaced_at: null,
      replaced_by: null,
      replaces: null,
      notional: null,
      time_in_force: 'day',
      stop_price: null,
      extended_hours: false,
      trail_percent: null,
      trail_price: null,
      hwm: null,
      filled_qty: '0',
      filled_avg_price: null,
      status: 'new',
      source: null,
      subtag: null,
    };
    const intentOf = (l: LegInput) => l.intent ?? (l.side === 'buy' ? 'buy_to_open' : 'sell_to_open');
    if (!o.mleg) {
      const l = legs[0]!;
      return {
        ...base,
        id: randomUUID(),
        client_order_id: o.clientOrderId,
        asset_id: randomUUID(),
        symbol: l.symbol,
        asset_class: 'us_option',
        qty: dec(o.qty),
        order_class: 'simple',
        order_type: o.type,
        type: o.type,
        side: l.side,
        position_intent: intentOf(l),
        ratio_qty: null,
        limit_price: o.limit === null ? null : dec(o.limit),
        legs: null,
      };
    }
    return {
      ...base,
      id: randomUUID(),
      client_order_id: o.clientOrderId,
      asset_id: '',
      symbol: '',
      asset_class: '',
      qty: dec(o.qty),
      order_class: 'mleg',
      order_type: o.type,
      type: o.type,
      side: '',
      position_intent: null,
      ratio_qty: null,
      limit_price: o.limit === null ? null : dec(o.limit),
      legs: legs.map((l) => ({
        ...base,
        id: randomUUID(),
        client_order_id: randomUUID(),
        asset_id: randomUUID(),
        symbol: l.symbol,
        asset_class: 'us_option',
        qty: dec(l.ratio * o.qty),
        order_class: 'mleg',
        order_type: '',
        type: '',
        side: l.side,
        position_intent: intentOf(l),
        ratio_qty: String(l.ratio),
        limit_price: null,
        legs: null,
      })),
    };
  }

  function fill(a: StandInAccount, order: AlpacaOrder, legs: LegInput[], prices: number[], qty: number, at: string, date: string) {
    legs.forEach((l, i) => {
      const quantity = l.ratio * qty;
      const held = a.positions.get(l.symbol) ?? null;
      const outcome = applyFill(held, { symbol: l.symbol, side: l.side, quantity, price: prices[i]!, at, date });
      if (outcome.position) a.positions.set(l.symbol, { ...outcome.position, assetId: held?.assetId ?? randomUUID() });
      else a.positions.delete(l.symbol);
      a.cash += (l.side === 'buy' ? -1 : 1) * prices[i]! * quantity * CONTRACT_MULTIPLIER;
      const leg = order.legs?.[i];
      if (leg) Object.assign(leg, { status: 'filled', filled_qty: dec(quantity), filled_avg_price: dec(prices[i]!), filled_at: at, updated_at: at });
    });
    const net = legs.reduce((s, l, i) => s + (l.side === 'buy' ? 1 : -1) * prices[i]! * l.ratio, 0);
    // A single leg's average is its own price; an mleg parent's is the signed net price per unit (Alpaca Trading API v2, Orders).
    Object.assign(order, { status: 'filled', filled_qty: dec(qty), filled_avg_price: dec(order.legs ? net : prices[0]!), filled_at: at, updated_at: at });
  }

  function findOrder(a: StandInAccount, id: string): AlpacaOrder {
    const order = a.orders.find((o) => o.id === id);
    if (!order) throw err(404, 40410000, 'order not found');
    return order;
  }

  const publicOrder = (o: AlpacaOrder): AlpacaOrder => {
    const { held: _held, ...rest } = o as AlpacaOrder & { held?: string };
    return rest;
  };

  async function route(a: StandInAccount, method: string, url: URL, raw: string): Promise<[number, unknown]> {
    const path = url.pathname;
    if (method === 'GET' && path === '/v2/account') return [200, await accountView(a)];
    if (method === 'POST' && path === '/v2/orders') {
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        throw err(400, 40010000, 'failed to decode request body');
      }
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw err(400, 40010000, 'failed to decode request body');
      return [200, publicOrder(await submit(a, body as Record<string, unknown>))];
    }
    if (method === 'GET' && path === '/v2/orders') {
      const status = url.searchParams.get('status') ?? 'open';
      const limit = Math.min(500, Number(url.searchParams.get('limit') ?? 50) || 50);
      const list = a.orders
        .filter((o) => status === 'all' || (status === 'open') === OPEN_ORDER_STATUSES.includes(o.status))
        .slice()
        .reverse()
        .slice(0, limit);
      return [200, list.map(publicOrder)];
    }
    if (method === 'GET' && path === '/v2/orders:by_client_order_id') {
      const id = url.searchParams.get('client_order_id') ?? '';
      const order = a.orders.find((o) => o.client_order_id === id);
      if (!order) throw err(404, 40410000, 'order not found');
      return [200, publicOrder(order)];
    }
    const orderPath = path.match(/^\/v2\/orders\/([^/]+)$/);
    if (orderPath) {
      const order = findOrder(a, decodeURIComponent(orderPath[1]!));
      if (method === 'GET') return [200, publicOrder(order)];
      if (method === 'DELETE') {
        if (!OPEN_ORDER_STATUSES.includes(order.status)) throw unprocessable('order is not cancelable');
        const at = now().toISOString();
        Object.assign(order, { status: 'canceled', canceled_at: at, updated_at: at, held: '0' });
        for (const leg of order.legs ?? []) Object.assign(leg, { status: 'canceled', canceled_at: at });
        return [204, undefined];
      }
    }
    if (method === 'GET' && path === '/v2/positions') {
      const positions = [...a.positions.values()];
      const quotes = await marks(positions.filter((p) => p.kind === 'option').map((p) => p.symbol));
      return [200, positions.map((p) => positionView(p, quotes))];
    }
    const positionPath = path.match(/^\/v2\/positions\/([^/]+)(\/exercise)?$/);
    if (positionPath) {
      const symbol = decodeURIComponent(positionPath[1]!).toUpperCase();
      const position = a.positions.get(symbol);
      if (method === 'GET' && !positionPath[2]) {
        if (!position) throw err(404, 40410000, 'position does not exist');
        return [200, positionView(position, await marks([symbol]))];
      }
      if (method === 'DELETE' && !positionPath[2]) {
        if (!position) throw err(404, 40410000, 'position does not exist');
        const qtyParam = url.searchParams.get('qty');
        const qty = qtyParam === null ? Math.abs(position.quantity) : Number(qtyParam);
        if (!Number.isFinite(qty) || qty <= 0 || qty > Math.abs(position.quantity))
          throw err(403, 40310000, `insufficient qty available for order (requested: ${qtyParam}, available: ${Math.abs(position.quantity)})`);
        const side = position.quantity > 0 ? 'sell' : 'buy';
        const order = await submit(a, {
          symbol,
          qty: String(qty),
          side,
          type: 'market',
          time_in_force: 'day',
          position_intent: side === 'sell' ? 'sell_to_close' : 'buy_to_close',
        });
        return [200, publicOrder(order)];
      }
      if (method === 'POST' && positionPath[2]) {
        if (!parseOcc(symbol)) throw unprocessable('invalid symbol');
        if (!position) throw err(403, 40310000, 'no available position for the specified contract');
        if (position.quantity < 0) throw err(403, 40310001, 'cannot exercise short position');
        exercise(a, position);
        return [200, undefined];
      }
    }
    if (method === 'GET' && path === '/v2/options/contracts') {
      const underlying = (url.searchParams.get('underlying_symbols') ?? '').split(',')[0]?.trim().toUpperCase();
      if (!underlying) return [200, { option_contracts: [], next_page_token: null }];
      const expiration = url.searchParams.get('expiration_date') ?? undefined;
      const limit = Math.min(10_000, Number(url.searchParams.get('limit') ?? 100) || 100);
      const list = (await opts.market.contracts(underlying, expiration)).slice(0, limit);
      return [200, { option_contracts: list.map(contractView), next_page_token: null }];
    }
    throw err(404, 40410000, 'endpoint not found');
  }

  /** Exercises all held contracts (POST /v2/positions/{symbol}/exercise): shares bought (call) or sold (put) at the strike. */
  function exercise(a: StandInAccount, position: Position & { assetId: string }) {
    const occ = parseOcc(position.symbol)!;
    const shares = position.quantity * CONTRACT_MULTIPLIER;
    const side = occ.type === 'call' ? 'buy' : 'sell';
    const at = now().toISOString();
    const stock = a.positions.get(occ.underlying) ?? null;
    const outcome = applyFill(stock, { symbol: occ.underlying, side, quantity: shares, price: occ.strike, at, date: newYorkParts(now()).date, kind: 'stock' });
    if (outcome.position) a.positions.set(occ.underlying, { ...outcome.position, assetId: stock?.assetId ?? randomUUID() });
    else a.positions.delete(occ.underlying);
    a.cash += (side === 'buy' ? -1 : 1) * occ.strike * shares;
    a.positions.delete(position.symbol);
  }

  function contractView(c: StandInContract): AlpacaOptionContract {
    const [y, m, d] = c.expiration.split('-');
    const month = new Date(`${c.expiration}T12:00:00Z`).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
    return {
      id: randomUUIDFrom(c.symbol),
      symbol: c.symbol,
      name: `${c.underlying} ${month} ${d} ${y} ${c.strike} ${c.type === 'call' ? 'Call' : 'Put'}`,
      status: 'active',
      tradable: true,
      expiration_date: c.expiration,
      root_symbol: c.underlying,
      underlying_symbol: c.underlying,
      underlying_asset_id: randomUUIDFrom(c.underlying),
      type: c.type,
      style: 'american',
      strike_price: dec(c.strike),
      multiplier: '100',
      size: '100',
      open_interest: c.openInterest === null ? null : String(c.openInterest),
      open_interest_date: m ? newYorkParts(now()).date : null,
      close_price: c.close === null ? null : dec(c.close),
      close_price_date: c.close === null ? null : newYorkParts(now()).date,
    };
  }

  function takeFault(a: StandInAccount, method: string, path: string): Fault | null {
    const i = a.faults.findIndex((f) => (!f.method || f.method === method) && (!f.path || path.startsWith(f.path)));
    if (i < 0) return null;
    const f = a.faults[i]!;
    f.times -= 1;
    if (f.times <= 0) a.faults.splice(i, 1);
    return f;
  }

  async function control(method: string, path: string, raw: string): Promise<[number, unknown]> {
    const m = path.match(/^\/_local\/(accounts|faults|requests)\/([^/]+)$/);
    if (!m) return [404, { message: `No local control at ${method} ${path}` }];
    const a = controlled(decodeURIComponent(m[2]!));
    if (m[1] === 'requests' && method === 'GET') return [200, { requests: a.requests, orders: a.orders.length }];
    const body = JSON.parse(raw || 'null') as unknown;
    if (m[1] === 'accounts' && method === 'PUT') {
      const b = (body ?? {}) as {
        cash?: number;
        options_approved_level?: number;
        options_trading_level?: number;
        pdt?: boolean;
        stale_figures?: number | null;
      };
      if (b.stale_figures !== undefined) a.staleFigures = b.stale_figures;
      if (typeof b.cash === 'number') a.cash = b.cash;
      if (typeof b.options_approved_level === 'number') a.approvedLevel = b.options_approved_level;
      if (typeof b.options_trading_level === 'number') a.tradingLevel = b.options_trading_level;
      if (typeof b.pdt === 'boolean') a.pdt = b.pdt;
      return [200, { cash: a.cash, options_approved_level: a.approvedLevel, options_trading_level: a.tradingLevel, pdt: a.pdt }];
    }
    if (m[1] === 'faults' && method === 'POST') {
      const list = (Array.isArray(body) ? body : [body]) as Partial<Fault>[];
      for (const f of list) a.faults.push({ ...f, times: f.times ?? 1 });
      return [200, { queued: a.faults.length }];
    }
    return [404, { message: `No local control at ${method} ${path}` }];
  }

  const server = bodyServer((req, res, raw) => {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://local');
    const reply = (status: number, body: unknown) => {
      if (res.destroyed) return;
      const reset = String(Math.ceil(Date.now() / 60_000) * 60);
      res.writeHead(status, {
        // An injected 429 asks for a one-second wait, so tests do not wait for the minute's window to end.
        ...(status === 429 ? { 'retry-after': '1' } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        'x-ratelimit-limit': '200',
        'x-ratelimit-remaining': '199',
        'x-ratelimit-reset': reset,
        'x-request-id': randomUUID(),
      });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    const run = async () => {
      if (url.pathname.startsWith('/_local/')) {
        if (!isLoopback(req.socket.remoteAddress)) return reply(403, { message: 'Local controls answer on loopback only' });
        const [status, body] = await control(method, url.pathname, raw);
        return reply(status, body);
      }
      const a = authenticate(req);
      a.requests += 1;
      const fault = takeFault(a, method, url.pathname);
      if (fault?.status) {
        if (fault.delayMs) await sleep(fault.delayMs);
        return reply(
          fault.status,
          fault.status === 429 ? { code: 42910000, message: 'rate limit exceeded' } : { code: fault.status * 1e5, message: 'injected failure' },
        );
      }
      let answer: [number, unknown];
      try {
        answer = await route(a, method, url, raw);
      } catch (e) {
        if (!(e instanceof AlpacaHttpError)) throw e;
        answer = [e.status, e.body];
      }
      if (fault?.delayMs) await sleep(fault.delayMs);
      reply(answer[0], answer[1]);
    };
    run().catch((e: unknown) => {
      if (e instanceof AlpacaHttpError) return reply(e.status, e.body);
      opts.log?.(`Alpaca stand-in: ${(e as Error).stack ?? String(e)}`);
      reply(500, { code: 50010000, message: 'internal server error' });
    });
  });
  const port = await listenOnLoopback(server, opts.port);
  return {
    url: `http://${LOOPBACK}:${port}`,
    port,
    stop: () => closeServer(server),
  };
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A stable uuid-shaped id for a symbol, so a contract keeps its id across calls. */
function randomUUIDFrom(text: string): string {
  let h = 2166136261;
  const hex: string[] = [];
  for (let round = 0; round < 4; round++) {
    for (const ch of `${round}${text}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
    hex.push(h.toString(16).padStart(8, '0'));
  }
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-4${s.slice(13, 16)}-a${s.slice(17, 20)}-${s.slice(20, 32)}`;
}
