import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlpacaAccount, AlpacaContractsPage, AlpacaError, AlpacaOrder, AlpacaPosition } from '@shared/broker/alpaca.wire';
import { startAlpacaStandIn, type RunningAlpacaStandIn, type StandInQuote } from '../../local/alpaca-standin';
import { freePort } from '../../local/ports';

// A small fixed market: SPY calls at 500 and 510 and a put at 490, expiring well after "now".
const NOW = new Date('2026-11-20T15:00:00Z');
const QUOTES: Record<string, StandInQuote> = {
  SPY261218C00500000: { bid: 10, ask: 10.2, mark: 10.1 },
  SPY261218C00510000: { bid: 5, ask: 5.2, mark: 5.1 },
  SPY261218P00490000: { bid: 4, ask: 4.2, mark: 4.1 },
};

let standIn: RunningAlpacaStandIn;
let n = 0;
/** A fresh valid-looking key pair per test: each key has its own account. */
const keys = () => ({ key: `PKTEST${String(++n).padStart(14, '0')}`, secret: 's'.repeat(40) });

beforeAll(async () => {
  standIn = await startAlpacaStandIn({
    port: await freePort(),
    now: () => NOW,
    market: {
      quotes: async (symbols) => new Map(symbols.filter((s) => QUOTES[s]).map((s) => [s, QUOTES[s]!])),
      contracts: async (underlying) =>
        Object.keys(QUOTES).map((symbol) => ({
          symbol,
          underlying,
          type: symbol.includes('C') ? 'call' : 'put',
          strike: Number(symbol.slice(-8)) / 1000,
          expiration: '2026-12-18',
          close: QUOTES[symbol]!.mark,
          openInterest: 100,
        })),
    },
  });
});
afterAll(() => standIn.stop());

const client = (k: { key: string; secret: string }) => async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${standIn.url}${path}`, {
    method,
    headers: { 'APCA-API-KEY-ID': k.key, 'APCA-API-SECRET-KEY': k.secret, 'content-type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
};

const single = (symbol: string, side: 'buy' | 'sell', qty: number | string, extra: Record<string, unknown> = {}) => ({
  symbol,
  qty: String(qty),
  side,
  type: 'market',
  time_in_force: 'day',
  ...extra,
});

describe('the local Alpaca stand-in', () => {
  it('refuses keys that do not look like Alpaca keys with 401, and a known key with another secret with 403', async () => {
    const bad = await client({ key: 'XX123', secret: 's'.repeat(40) })('GET', '/v2/account');
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ code: 40110000, message: 'request is not authorized' });
    const k = keys();
    expect((await client(k)('GET', '/v2/account')).status).toBe(200);
    const wrong = await client({ key: k.key, secret: 't'.repeat(40) })('GET', '/v2/account');
    expect(wrong.status).toBe(403);
    expect(AlpacaError.parse(wrong.body).code).toBe(40310000);
  });

  it("answers the account in Alpaca's shape with rate-limit headers, and can omit the PDT fields", async () => {
    const k = keys();
    const res = await client(k)('GET', '/v2/account');
    const account = AlpacaAccount.parse(res.body);
    expect(account).toMatchObject({ status: 'ACTIVE', cash: '100000', options_approved_level: 3, pattern_day_trader: false, daytrade_count: 0 });
    expect(res.headers.get('x-ratelimit-limit')).toBe('200');
    await fetch(`${standIn.url}/_local/accounts/${k.key}`, { method: 'PUT', body: JSON.stringify({ pdt: false }) });
    const after = (await client(k)('GET', '/v2/account')).body;
    expect(after).not.toHaveProperty('pattern_day_trader');
    expect(after).not.toHaveProperty('daytrade_count');
  });

  it('fills a market buy at the ask, keeps the position and takes the premium from cash', async () => {
    const call = client(keys());
    const placed = await call('POST', '/v2/orders', single('SPY261218C00500000', 'buy', 2, { client_order_id: 'a-1' }));
    expect(placed.status).toBe(200);
    expect(AlpacaOrder.parse(placed.body)).toMatchObject({
      status: 'filled',
      filled_qty: '2',
      filled_avg_price: '10.2',
      client_order_id: 'a-1',
      order_class: 'simple',
    });
    const positions = AlpacaPosition.array().parse((await call('GET', '/v2/positions')).body);
    expect(positions).toEqual([expect.objectContaining({ symbol: 'SPY261218C00500000', qty: '2', side: 'long', avg_entry_price: '10.2', cost_basis: '2040' })]);
    expect((await call('GET', '/v2/account')).body.cash).toBe('97960');
  });

  it('fills a multi-leg order as one mleg order at the signed net price, and refuses ratios not in lowest terms', async () => {
    const call = client(keys());
    const legs = [
      { symbol: 'SPY261218C00500000', ratio_qty: '1', side: 'buy', position_intent: 'buy_to_open' },
      { symbol: 'SPY261218C00510000', ratio_qty: '1', side: 'sell', position_intent: 'sell_to_open' },
    ];
    const placed = await call('POST', '/v2/orders', { order_class: 'mleg', qty: '3', type: 'limit', limit_price: '5.5', time_in_force: 'day', legs });
    expect(placed.status).toBe(200);
    const order = AlpacaOrder.parse(placed.body);
    expect(order).toMatchObject({ order_class: 'mleg', symbol: '', status: 'filled', filled_avg_price: '5.2' });
    expect(order.legs?.map((l) => [l.symbol, l.qty, l.filled_avg_price])).toEqual([
      ['SPY261218C00500000', '3', '10.2'],
      ['SPY261218C00510000', '3', '5'],
    ]);
    const doubled = legs.map((l) => ({ ...l, ratio_qty: '2' }));
    const refused = await call('POST', '/v2/orders', { order_class: 'mleg', qty: '1', type: 'market', time_in_force: 'day', legs: doubled });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/lowest terms/);
  });

  it("answers Alpaca's options rules with 422, a naked call and a level too low with 403", async () => {
    const k = keys();
    const call = client(k);
    expect((await call('POST', '/v2/orders', single('SPY261218C00500000', 'buy', '1.5'))).body).toEqual({
      code: 42210000,
      message: 'qty must be integer for options trading',
    });
    expect((await call('POST', '/v2/orders', single('SPY261218C00500000', 'buy', 1, { time_in_force: 'gtc' }))).body.message).toBe(
      'order_time_in_force provided not supported for options trading',
    );
    expect((await call('POST', '/v2/orders', single('SPY261218C00500000', 'buy', 1, { type: 'limit' }))).body.message).toBe(
      'limit price is required for limit orders',
    );
    expect((await call('POST', '/v2/orders', '{not json')).status).toBe(400);
    const naked = await call('POST', '/v2/orders', single('SPY261218C00510000', 'sell', 1));
    expect(naked).toMatchObject({ status: 403, body: { message: 'account not eligible to trade uncovered option contracts' } });
    await fetch(`${standIn.url}/_local/accounts/${k.key}`, { method: 'PUT', body: JSON.stringify({ options_approved_level: 1 }) });
    const long = await call('POST', '/v2/orders', single('SPY261218C00500000', 'buy', 1));
    expect(long).toMatchObject({ status: 403, body: { code: 40310000, message: 'account not eligible for level2 options trading' } });
  });

  it('refuses an order beyond the options buying power with 403 and its context keys', async () => {
    const k = keys();
    await fetch(`${standIn.url}/_local/accounts/${k.key}`, { method: 'PUT', body: JSON.stringify({ cash: 1000 }) });
    const res = await client(k)('POST', '/v2/orders', single('SPY261218C00500000', 'buy', 1));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: 40310000,
      message: 'insufficient options buying power (required: 1020, available: 1000)',
      options_buying_power: '1000',
      cost_basis: '1020',
    });
  });

  it('rests a limit that is not marketable, finds it by client order id, cancels it once, and refuses a reused client order id', async () => {
    const call = client(keys());
    const order = (await call('POST', '/v2/orders', single('SPY261218C00500000', 'buy', 1, { type: 'limit', limit_price: '9', client_order_id: 'r-1' }))).body;
    expect(order.status).toBe('new');
    expect((await call('GET', '/v2/orders:by_client_order_id?client_order_id=r-1')).body.id).toBe(order.id);
    expect((await call('GET', '/v2/orders')).body.map((o: { id: string }) => o.id)).toEqual([order.id]);
    const again = await call('POST', '/v2/orders', single('SPY261218C00500000', 'buy', 1, { type: 'limit', limit_price: '9', client_order_id: 'r-1' }));
    expect(again).toMatchObject({ status: 422, body: { message: 'client_order_id must be unique' } });
    expect((await call('DELETE', `/v2/orders/${order.id}`)).status).toBe(204);
    expect((await call('GET', `/v2/orders/${order.id}`)).body.status).toBe('canceled');
    expect((await call('DELETE', `/v2/orders/${order.id}`)).status).toBe(422);
    expect((await call('GET', '/v2/orders/00000000-0000-0000-0000-000000000000')).status).toBe(404);
  });

  it('closes a position with a market order and exercises a long call into shares at the strike', async () => {
    const call = client(keys());
    await call('POST', '/v2/orders', single('SPY261218C00500000', 'buy', 2));
    const closed = await call('DELETE', '/v2/positions/SPY261218C00500000?qty=1');
    expect(closed.body).toMatchObject({ side: 'sell', qty: '1', status: 'filled', filled_avg_price: '10', position_intent: 'sell_to_close' });
    expect((await call('POST', '/v2/positions/SPY261218C00500000/exercise')).status).toBe(200);
    const positions = (await call('GET', '/v2/positions')).body;
    expect(positions).toEqual([expect.objectContaining({ symbol: 'SPY', qty: '100', asset_class: 'us_equity', avg_entry_price: '500' })]);
    expect((await call('POST', '/v2/positions/SPY261218C00500000/exercise')).body.message).toBe('no available position for the specified contract');
    expect((await call('DELETE', '/v2/positions/SPY261218P00490000')).status).toBe(404);
  });

  it("lists option contracts in Alpaca's shape", async () => {
    const page = AlpacaContractsPage.parse((await client(keys())('GET', '/v2/options/contracts?underlying_symbols=SPY&expiration_date=2026-12-18')).body);
    expect(page.option_contracts[0]).toMatchObject({ symbol: 'SPY261218C00500000', underlying_symbol: 'SPY', type: 'call', strike_price: '500', size: '100' });
    expect(page.next_page_token).toBeNull();
  });

  it('answers injected faults for one key only: a 429, then a delayed answer after booking the order', async () => {
    const k = keys();
    const call = client(k);
    await fetch(`${standIn.url}/_local/faults/${k.key}`, {
      method: 'POST',
      body: JSON.stringify([{ status: 429, path: '/v2/account' }]),
    });
    expect((await client(keys())('GET', '/v2/account')).status).toBe(200);
    expect((await call('GET', '/v2/account')).status).toBe(429);
    expect((await call('GET', '/v2/account')).status).toBe(200);
    await fetch(`${standIn.url}/_local/faults/${k.key}`, { method: 'POST', body: JSON.stringify([{ delayMs: 300, method: 'POST', path: '/v2/orders' }]) });
    const aborted = fetch(`${standIn.url}/v2/orders`, {
      method: 'POST',
      headers: { 'APCA-API-KEY-ID': k.key, 'APCA-API-SECRET-KEY': k.secret },
      body: JSON.stringify(single('SPY261218C00500000', 'buy', 1, { client_order_id: 'late-1' })),
      signal: AbortSignal.timeout(50),
    });
    await expect(aborted).rejects.toThrow();
    expect((await call('GET', '/v2/orders:by_client_order_id?client_order_id=late-1')).body.status).toBe('filled');
  });
});
