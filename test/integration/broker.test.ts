import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learner, monthlyChain, newKey, type ChainContract } from '../support/learner';
import { newDataDir, spawnLocalStack, waitFor, type SpawnedStack } from '../support/local-stack';

/**
 * Live trading through the learner's own Alpaca account, against the local Alpaca stand-in that `npm start` runs
 * (local/alpaca-standin.ts). A stack of its own, so its log can be searched for the keys: debug logging, and Alpaca
 * calls that time out after 1.5 s.
 */
let stack: SpawnedStack;
let standIn: string;
let chain: Awaited<ReturnType<typeof monthlyChain>>;
/** Every answer the broker routes gave in this file, searched for the keys at the end. */
const answers: string[] = [];
const usedKeys: string[] = [];

beforeAll(async () => {
  stack = await spawnLocalStack({ dataDir: newDataDir('broker'), env: { LOG_LEVEL: 'DEBUG', ALPACA_TIMEOUT_MS: '1500' } });
  standIn = stack.endpoints.alpaca!;
  // The start-up ingestion stores the chains the orders trade (slower on a busy machine than monthlyChain waits).
  await waitFor(
    async () => (await fetch(`${stack.url}/api/market/status`)).json(),
    (s: { lastSync: string | null }) => s.lastSync !== null,
    240_000,
    'market data',
  );
  chain = await monthlyChain(stack, 'SPY');
}, 420_000);
afterAll(() => stack?.stop());

const randomKey = (prefix: 'PK' | 'AK') =>
  prefix + Array.from({ length: 18 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'[Math.floor(Math.random() * 34)]).join('');
const randomSecret = () => Array.from({ length: 40 }, () => 'abcdefghijkmnopqrstuvwxyzABCDEFGH0123456789'[Math.floor(Math.random() * 43)]).join('');

/** A signed-in learner with a fresh Alpaca key pair, calling the API; every answer is kept for the key search. */
async function trader() {
  const { call: raw } = await learner(stack);
  const keys = { apiKey: randomKey('PK'), apiSecret: randomSecret() };
  usedKeys.push(keys.apiKey, keys.apiSecret);
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await raw(method, path, body);
    answers.push(JSON.stringify(res.body));
    return res;
  };
  const control = (path: string, method: string, body?: unknown) =>
    fetch(`${standIn}/_local/${path}/${keys.apiKey}`, { method, body: body === undefined ? undefined : JSON.stringify(body) }).then((r) => r.json());
  const connect = async (level = 3) => {
    expect((await call('PUT', '/api/broker/paper/credentials', { ...keys, optionsTradingLevel: level })).status).toBe(200);
    expect((await call('POST', '/api/broker/paper/credentials/validate')).body.valid).toBe(true);
  };
  return { call, keys, control, connect };
}

const single = (contract: string, side: 'buy' | 'sell', quantity: number, extra: Record<string, unknown> = {}) => ({
  clientOrderId: newKey(),
  type: 'market',
  timeInForce: 'day',
  legs: [{ contract, side, quantity }],
  ...extra,
});
const near = (type: 'call' | 'put', strike: number): ChainContract => chain.nearest(type, strike);

describe('live trading through Alpaca (the local stand-in)', () => {
  it("answers 404 'Alpaca credentials not found' on every broker route before keys are saved", async () => {
    const { call } = await trader();
    for (const [method, path] of [
      ['GET', '/api/broker/paper/account'],
      ['GET', '/api/broker/paper/orders'],
      ['GET', '/api/broker/paper/positions'],
      ['POST', '/api/broker/paper/sync'],
      ['POST', '/api/broker/paper/credentials/validate'],
      ['DELETE', '/api/broker/live/credentials'],
      ['GET', '/api/broker/live/contracts?underlying=SPY'],
    ] as const) {
      const res = await call(method, path);
      expect(res, `${method} ${path}`).toMatchObject({ status: 404, body: { error: 'Alpaca credentials not found' } });
    }
    expect((await call('GET', '/api/broker/credentials')).body.credentials).toEqual([]);
  });

  it('refuses a form with an error in the spec’s words and saves nothing', async () => {
    const { call, keys } = await trader();
    const res = await call('PUT', '/api/broker/paper/credentials', { apiKey: '', apiSecret: keys.apiSecret, optionsTradingLevel: 7 });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { message: string }) => i.message)).toEqual(['API Key is required', 'Trading level must be between 0 and 3']);
    expect((await call('GET', '/api/broker/credentials')).body.credentials).toEqual([]);
  });

  it('saves the keys, validates them with the account, and says the paper environment is the local stand-in', async () => {
    const { call, keys } = await trader();
    const saved = await call('PUT', '/api/broker/paper/credentials', { ...keys, optionsTradingLevel: 2 });
    expect(saved.body.credentials).toMatchObject({
      environment: 'paper',
      key_id_masked: `PK…${keys.apiKey.slice(-4)}`,
      options_trading_level: 2,
      compliance_acknowledged: false,
      last_validated_at: null,
      standIn: true,
    });
    const validated = await call('POST', '/api/broker/paper/credentials/validate');
    expect(validated.body).toMatchObject({
      valid: true,
      credentials: { account: { account_status: 'ACTIVE', options_approved_level: 3, trading_level: 2, cash: 100000 } },
    });
    expect(validated.body.credentials.last_validated_at).toEqual(expect.any(String));
    const account = await call('GET', '/api/broker/paper/account');
    expect(account.body).toMatchObject({
      environment: 'paper',
      standIn: true,
      account: { buying_power: 100000, equity: 100000, pattern_day_trader: false, day_trade_count: 0 },
    });
    const list = await call('GET', '/api/broker/credentials');
    expect(list.body.credentials).toHaveLength(1);
    expect(list.body.environments).toEqual([
      { environment: 'paper', host: new URL(standIn).host, standIn: true },
      { environment: 'live', host: 'api.alpaca.markets', standIn: false },
    ]);

    const ack = await call('POST', '/api/broker/paper/acknowledgements', { disclosures: ['options_risk'] });
    expect(ack).toMatchObject({ status: 400, body: { error: 'Please acknowledge all required disclosures' } });
    const acked = await call('POST', '/api/broker/paper/acknowledgements', { disclosures: ['options_risk', 'pdt_rules'] });
    expect(acked.body.credentials.compliance_acknowledged).toBe(true);
    const disclosures = (await call('GET', '/api/compliance/disclosures')).body.disclosures;
    expect(disclosures.filter((d: { acknowledgedAt: string | null }) => d.acknowledgedAt).map((d: { type: string }) => d.type)).toEqual([
      'options_risk',
      'pdt_rules',
    ]);
  });

  it('trades: a single leg and a spread as one mleg order, positions, cancel, close and exercise', async () => {
    const { call, connect, control } = await trader();
    await connect();
    const call1 = near('call', chain.price);
    const call2 = near('call', chain.price * 1.03);

    const bought = await call('POST', '/api/broker/paper/orders', single(call1.contract_ticker, 'buy', 2));
    expect(bought.status).toBe(201);
    expect(bought.body.order).toMatchObject({
      symbol: call1.contract_ticker,
      side: 'buy',
      status: 'filled',
      filled_qty: 2,
      filled_avg_price: call1.ask,
      order_class: 'simple',
    });
    expect(bought.body.checks.map((c: { type: string }) => c.type)).toEqual(['trading_level', 'buying_power', 'pdt', 'margin']);

    const spread = await call('POST', '/api/broker/paper/orders', {
      clientOrderId: newKey(),
      type: 'limit',
      limitPrice: Math.round((call1.ask - call2.bid + 0.5) * 100) / 100,
      timeInForce: 'day',
      strategy: 'Bull Call Spread',
      legs: [
        { contract: call1.contract_ticker, side: 'buy', quantity: 3 },
        { contract: call2.contract_ticker, side: 'sell', quantity: 3 },
      ],
    });
    expect(spread.status).toBe(201);
    expect(spread.body.order).toMatchObject({ order_class: 'mleg', quantity: 3, status: 'filled', strategy: 'Bull Call Spread' });
    expect(spread.body.order.legs).toEqual([
      expect.objectContaining({ symbol: call1.contract_ticker, side: 'buy', ratio_qty: 1, position_intent: 'buy_to_open' }),
      expect.objectContaining({ symbol: call2.contract_ticker, side: 'sell', ratio_qty: 1, position_intent: 'sell_to_open' }),
    ]);
    expect(spread.body.order.filled_avg_price).toBeCloseTo(call1.ask - call2.bid, 2);
    expect((await control('requests', 'GET')).orders).toBe(2);

    // The reads answer what the last sync stored: the positions after a sync.
    expect((await call('POST', '/api/broker/paper/sync')).status).toBe(200);
    const positions = (await call('GET', '/api/broker/paper/positions')).body.positions;
    expect(positions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ symbol: call1.contract_ticker, quantity: 5, side: 'long', contract_type: 'call', underlying_symbol: 'SPY' }),
        expect.objectContaining({ symbol: call2.contract_ticker, quantity: -3, side: 'short' }),
      ]),
    );

    const resting = await call('POST', '/api/broker/paper/orders', single(call2.contract_ticker, 'buy', 1, { type: 'limit', limitPrice: 0.01 }));
    expect(resting.body.order.status).toBe('new');
    // The deprecated alias and the one order path cancel through the same use case.
    const canceled = await call('DELETE', `/api/orders/${resting.body.order.alpaca_order_id}?accountId=alpaca-paper`);
    expect(canceled.body.order).toMatchObject({ orderId: resting.body.order.alpaca_order_id, status: 'canceled', canceledAt: expect.any(String) });
    expect((await call('GET', `/api/broker/paper/orders/${resting.body.order.alpaca_order_id}`)).body.order.status).toBe('canceled');
    const again = await call('DELETE', `/api/broker/paper/orders/${resting.body.order.alpaca_order_id}`);
    expect(again.status).toBe(422);
    expect(again.body.error).toMatch(/^Alpaca API error: 422 - /);

    const closed = await call('DELETE', `/api/broker/paper/positions/${call2.contract_ticker}`);
    expect(closed.body.order).toMatchObject({ symbol: call2.contract_ticker, side: 'buy', status: 'filled', quantity: 3 });

    const exercised = await call('POST', `/api/broker/paper/positions/${call1.contract_ticker}/exercise`);
    expect(exercised.status).toBe(200);
    expect(exercised.body.positions).toEqual([
      expect.objectContaining({ symbol: 'SPY', quantity: 500, asset_class: 'us_equity', avg_entry_price: call1.strike_price }),
    ]);

    expect((await call('POST', '/api/broker/paper/sync')).status).toBe(200);
    const orders = (await call('GET', '/api/broker/paper/orders')).body.orders;
    expect(orders.map((o: { status: string }) => o.status)).toEqual(['filled', 'canceled', 'filled', 'filled']);
    const listed = (await call('GET', '/api/orders?accountId=alpaca-paper')).body.orders;
    expect(listed.map((o: { orderId: string; status: string }) => [o.orderId, o.status])).toEqual(
      orders.map((o: { alpaca_order_id: string; status: string }) => [o.alpaca_order_id, o.status === 'canceled' ? 'canceled' : 'filled']),
    );
    expect(orders.find((o: { order_class: string }) => o.order_class === 'mleg').strategy).toBe('Bull Call Spread');

    const contracts = await call('GET', '/api/broker/paper/contracts?underlying=spy');
    expect(contracts.body.contracts.length).toBeGreaterThan(10);
    expect(contracts.body.contracts[0]).toMatchObject({ underlying_symbol: 'SPY', size: 100 });
  });

  it("checks the spec's order rules before Alpaca is called", async () => {
    const { call, connect, control } = await trader();
    await connect();
    const c = near('call', chain.price).contract_ticker;
    const limitless = await call('POST', '/api/broker/paper/orders', single(c, 'buy', 1, { type: 'limit' }));
    expect(limitless).toMatchObject({ status: 400, body: { error: 'Limit price required for limit orders' } });
    expect((await call('POST', '/api/broker/paper/orders', single(c, 'buy', 1.5))).body.error).toBe('Options orders must have whole number quantities');
    expect((await call('POST', '/api/broker/paper/orders', single(c, 'buy', 1, { timeInForce: 'gtc' }))).body.error).toBe(
      'Options orders must use day time_in_force',
    );
    expect((await control('requests', 'GET')).orders).toBe(0);
  });

  it('blocks on the broker’s figures with the paper account’s compliance, and shows Alpaca’s own 403 when its check refuses', async () => {
    const { call, connect, control } = await trader();
    await connect();
    const c = near('call', chain.price);
    await control('accounts', 'PUT', { cash: 100 });
    const blocked = await call('POST', '/api/broker/paper/orders', single(c.contract_ticker, 'buy', 1));
    expect(blocked.status).toBe(422);
    expect(blocked.body.error).toMatch(/^Insufficient buying power\. Required: \$[\d,.]+, Available: \$100\.00$/);
    expect((await control('requests', 'GET')).orders).toBe(0);

    // The account reports more than it holds (stale figures): our check passes, Alpaca's own check at the order refuses.
    await control('accounts', 'PUT', { stale_figures: 100000 });
    const refused = await call('POST', '/api/broker/paper/orders', single(c.contract_ticker, 'buy', 1));
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'unprocessable', broker: { status: 403, code: 40310000 } });
    expect(refused.body.error).toMatch(/^Alpaca API error: 403 - insufficient options buying power \(required: [\d.]+, available: 100\)$/);
  });

  it('says when the broker no longer reports day trades, as info that does not block', async () => {
    const { call, connect, control } = await trader();
    await connect();
    await control('accounts', 'PUT', { pdt: false });
    const placed = await call('POST', '/api/broker/paper/orders', single(near('put', chain.price).contract_ticker, 'buy', 1));
    expect(placed.status).toBe(201);
    expect(placed.body.checks.filter((c: { type: string }) => c.type === 'pdt')).toEqual([
      {
        passed: true,
        type: 'pdt',
        severity: 'info',
        message:
          'Your broker no longer reports day trades (Alpaca removed pattern_day_trader and daytrade_count in July 2026), so day trades are not counted here.',
      },
    ]);
    expect((await call('GET', '/api/broker/paper/account')).body.account).toMatchObject({ pattern_day_trader: null, day_trade_count: null });
  });

  it('lowers the broker’s approved level with the level picked in the form', async () => {
    const { call, keys } = await trader();
    await call('PUT', '/api/broker/paper/credentials', { ...keys, optionsTradingLevel: 1 });
    await call('POST', '/api/broker/paper/credentials/validate');
    const res = await call('POST', '/api/broker/paper/orders', single(near('call', chain.price).contract_ticker, 'buy', 1));
    expect(res).toMatchObject({ status: 422, body: { error: 'Trading level 2 required. Current level: 1' } });
  });

  it('reports keys Alpaca refuses as invalid, with what Alpaca said', async () => {
    const { call, keys } = await trader();
    await call('PUT', '/api/broker/paper/credentials', { apiKey: keys.apiKey, apiSecret: 'too-short', optionsTradingLevel: 2 });
    const res = await call('POST', '/api/broker/paper/credentials/validate');
    expect(res.body).toMatchObject({
      valid: false,
      message: 'Failed to validate credentials. Please check your API keys.',
      reason: 'Alpaca API error: 401 - request is not authorized',
      credentials: { last_validated_at: null },
    });
  });

  it('retries a 429 and answers once Alpaca does', async () => {
    const { call, connect, control } = await trader();
    await connect();
    await control('faults', 'POST', [{ status: 429, path: '/v2/account', times: 2 }]);
    const res = await call('POST', '/api/broker/paper/sync');
    expect(res.status).toBe(200);
    expect(res.body.account.cash).toBe(100000);
  });

  it('reads what the last sync stored, with its time, without calling Alpaca; a sync again changes only the time', async () => {
    const { call, connect, control } = await trader();
    await connect();
    expect((await call('GET', '/api/broker/paper/orders')).body).toEqual({ orders: [], syncedAt: null });
    const resting = await call('POST', '/api/orders', {
      ...single(near('call', chain.price).contract_ticker, 'buy', 1, { type: 'limit', limitPrice: 0.01 }),
      accountId: 'alpaca-paper',
    });
    expect(resting.body.order.status).toBe('open');
    const first = await call('POST', '/api/broker/paper/sync');
    expect(first.body).toMatchObject({ environment: 'paper', syncedAt: expect.any(String), orders: [{ status: 'new' }] });
    const before = await control('requests', 'GET');
    const account = await call('GET', '/api/broker/paper/account');
    const orders = await call('GET', '/api/broker/paper/orders');
    const positions = await call('GET', '/api/broker/paper/positions');
    expect(account.body.account).toEqual(first.body.account);
    expect(account.body.syncedAt).toBe(first.body.account.last_synced_at);
    expect(orders.body).toEqual({ orders: first.body.orders, syncedAt: first.body.syncedAt });
    expect(positions.body).toEqual({ positions: first.body.positions, syncedAt: first.body.syncedAt });
    expect(await control('requests', 'GET')).toEqual(before);
    const second = await call('POST', '/api/broker/paper/sync');
    expect({ ...second.body, syncedAt: null, account: { ...second.body.account, last_synced_at: null } }).toEqual({
      ...first.body,
      syncedAt: null,
      account: { ...first.body.account, last_synced_at: null },
    });
  });

  it('answers a timeout with 504, and a retry with the same clientOrderId finds the order instead of placing another', async () => {
    const { call, connect, control } = await trader();
    await connect();
    await control('faults', 'POST', [{ delayMs: 4000, method: 'POST', path: '/v2/orders' }]);
    const order = single(near('call', chain.price).contract_ticker, 'buy', 1);
    const first = await call('POST', '/api/broker/paper/orders', order);
    expect(first.status).toBe(504);
    expect(first.body.error).toMatch(/^Alpaca did not answer within 1\.5 s/);
    const retry = await call('POST', '/api/broker/paper/orders', order);
    expect(retry.status).toBe(201);
    expect(retry.body.order).toMatchObject({ client_order_id: `oa-${order.clientOrderId}`, status: 'filled' });
    expect((await control('requests', 'GET')).orders).toBe(1);
    expect((await call('GET', '/api/broker/paper/orders')).body.orders).toHaveLength(1);
  });

  it('lists the validated Alpaca account in the account selector, places through POST /api/orders, publishes the fill marked live, and journals it as a trade of that account', async () => {
    const { call, connect } = await trader();
    expect((await call('GET', '/api/accounts')).body.accounts).toEqual([]);
    await connect();
    const accounts = (await call('GET', '/api/accounts')).body.accounts;
    expect(accounts).toEqual([
      {
        id: 'alpaca-paper',
        name: 'Alpaca Paper',
        displayName: 'Alpaca Paper',
        description: 'Local Alpaca stand-in (not Alpaca itself)',
        mode: 'paper',
        broker: 'Alpaca (local stand-in)',
        balance: 100000,
        currency: 'USD',
        isConnected: true,
      },
    ]);
    const c = near('put', chain.price);
    const placed = await call('POST', '/api/orders', { ...single(c.contract_ticker, 'buy', 1), accountId: 'alpaca-paper', strategy: 'Long Put' });
    expect(placed.status).toBe(201);
    expect(placed.body.order).toMatchObject({ status: 'filled', netPrice: c.ask, totalCost: Math.round(c.ask * 100 * 100) / 100, strategy: 'Long Put' });
    expect(placed.body.checks.some((x: { type: string }) => x.type === 'buying_power')).toBe(true);
    const orderId = placed.body.order.orderId;

    await expect
      .poll(
        async () => {
          const events = (await (await fetch(`${stack.endpoints.aws}/_local/events`)).json()) as {
            detailType: string;
            detail: { orderId: string; live?: unknown };
          }[];
          return events.filter((e) => e.detail.orderId === orderId).map((e) => [e.detailType, e.detail.live]);
        },
        { timeout: 20_000 },
      )
      .toEqual([
        ['OrderPlaced', { broker: 'alpaca', environment: 'paper' }],
        ['OrderFilled', { broker: 'alpaca', environment: 'paper' }],
      ]);
    // A later sync sees the same fill and does not report it again.
    expect((await call('POST', '/api/broker/paper/sync')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    const events = (await (await fetch(`${stack.endpoints.aws}/_local/events`)).json()) as { detail: { orderId: string } }[];
    expect(events.filter((e) => e.detail.orderId === orderId)).toHaveLength(2);
    // The journal makes the fill a trade of the Alpaca paper account, apart from the paper account's trades.
    await expect
      .poll(
        async () =>
          (await call('GET', '/api/journal/trades?status=open&account=alpaca-paper')).body.trades.map(
            (t: { id: string; account: string; strategy: string }) => [t.id, t.account, t.strategy],
          ),
        {
          timeout: 20_000,
        },
      )
      .toEqual([[orderId, 'alpaca-paper', 'Long Put']]);
    expect((await call('GET', '/api/journal/trades?status=open')).body.trades).toEqual([]);
    const trade = (await call('GET', `/api/journal/trades/${orderId}`)).body.trade;
    expect(trade.legs).toMatchObject([{ contract: c.contract_ticker, side: 'buy', quantity: 1, openPrice: c.ask, openCommission: 0 }]);
    expect((await call('POST', '/api/orders', { ...single(c.contract_ticker, 'buy', 1), accountId: 'alpaca-live' })).body.error).toBe(
      'Alpaca credentials not found',
    );
  });

  it('deletes the keys and the connection', async () => {
    const { call, connect } = await trader();
    await connect();
    expect((await call('DELETE', '/api/broker/paper/credentials')).body).toEqual({ deleted: 'paper' });
    expect((await call('GET', '/api/broker/credentials')).body.credentials).toEqual([]);
    expect((await call('GET', '/api/broker/paper/account')).status).toBe(404);
  });

  it('never shows a key or secret in an answer, a log line or the table', async () => {
    expect(usedKeys.length).toBeGreaterThan(10);
    const db = DynamoDBDocumentClient.from(
      new DynamoDBClient({ endpoint: stack.endpoints.dynamodb, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
    );
    // A test-only scan of the learners' items: metadata, synced records and logs, never a key.
    const items: unknown[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await db.send(
        new ScanCommand({
          TableName: stack.tableName,
          FilterExpression: 'begins_with(PK, :u)',
          ExpressionAttributeValues: { ':u': 'USER#' },
          ExclusiveStartKey: start,
        }),
      );
      items.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start);
    const stored = JSON.stringify(items);
    expect(stored).toContain('BROKER#paper');
    const log = stack.output();
    expect(log).toContain('/api/broker/paper/orders');
    for (const secret of usedKeys) {
      // The API key's last four characters are shown masked (PK…7QX2); the whole key never.
      expect(answers.some((a) => a.includes(secret))).toBe(false);
      expect(log.includes(secret)).toBe(false);
      expect(stored.includes(secret)).toBe(false);
    }
    db.destroy();
  });
});
