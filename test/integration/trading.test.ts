import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, newYorkInstant } from '@shared/market/dates';
import { learner as learnerOf, marketBuy, type ChainContract } from '../support/learner';
import { waitFor } from '../support/local-stack';

const stack = inject('stack');

let atmCall: ChainContract;
let otmCall: ChainContract;
const learner = (startingCapital?: number) => learnerOf(stack, startingCapital);

beforeAll(async () => {
  await waitFor(
    async () => (await fetch(`${stack.url}/api/market/status`)).json(),
    (s) => s.lastSync !== null,
    60_000,
    'market data',
  );
  const { expiries } = await (await fetch(`${stack.url}/api/market/SPY/expiries?type=Monthly`)).json();
  const chain = await (await fetch(`${stack.url}/api/market/SPY/chain?expiry=${expiries[0].expiration_date}`)).json();
  const calls: ChainContract[] = chain.contracts.filter((c: ChainContract) => c.contract_type === 'call' && c.bid > 0);
  atmCall = calls.reduce((b, c) => (Math.abs(c.strike_price - chain.underlying.price) < Math.abs(b.strike_price - chain.underlying.price) ? c : b));
  otmCall = calls.find((c) => c.strike_price > chain.underlying.price * 1.03)!;
});

describe('paper trading through the gateway', () => {
  it('asks a new learner to open the account first, then opens it with the chosen capital', async () => {
    const { call } = await learner();
    expect((await call('GET', '/api/portfolio')).status).toBe(404);
    const accounts = await call('GET', '/api/accounts');
    expect(accounts.body).toMatchObject({ accounts: [], needsSetup: true, startingCapitals: [10000, 25000, 100000] });
    expect((await call('POST', '/api/account', { startingCapital: 50000 })).status).toBe(400);
    const opened = await call('POST', '/api/account', { startingCapital: 25000 });
    expect(opened.status).toBe(201);
    expect(opened.body.account).toMatchObject({ cash: 25000, buyingPower: 25000, equity: 25000 });
    expect((await call('GET', '/api/accounts')).body.accounts[0]).toMatchObject({
      id: 'paper',
      name: 'Paper Trading',
      mode: 'paper',
      balance: 25000,
      currency: 'USD',
    });
  });

  it('buys a call at the ask, shows it in the portfolio, closes it at the bid with realized P&L', async () => {
    const { call } = await learner(100000);
    const statsBefore = await (await fetch(`${stack.url}/api/stats`)).json();
    const placed = await call('POST', '/api/orders', marketBuy(atmCall.contract_ticker, 2));
    expect(placed.status).toBe(201);
    expect(placed.body.order).toMatchObject({ status: 'filled', netPrice: atmCall.ask });
    expect(placed.body.order.fills[0].quote).toMatchObject({ bid: atmCall.bid, ask: atmCall.ask });

    const portfolio = (await call('GET', '/api/portfolio')).body;
    expect(portfolio.positions).toEqual([expect.objectContaining({ symbol: atmCall.contract_ticker, quantity: 2, avgPrice: atmCall.ask, side: 'long' })]);
    expect(portfolio.account.cash).toBeCloseTo(100000 - atmCall.ask * 200 - 1.3, 2);
    expect(portfolio.greeks.delta).toBeGreaterThan(0);

    const closed = await call('POST', `/api/positions/${atmCall.contract_ticker}/close`, { whenClosed: 'last-close' });
    expect(closed.status).toBe(201);
    const after = (await call('GET', '/api/portfolio')).body;
    expect(after.positions).toEqual([]);
    // Realized P&L before fees; the four commissions are fees of their own, and total P&L nets them.
    expect(after.account.realizedPnl).toBeCloseTo((atmCall.bid - atmCall.ask) * 200, 2);
    expect(after.account.fees).toBeCloseTo(2.6, 2);
    expect(after.account.totalPnl).toBeCloseTo(after.account.realizedPnl + after.account.unrealizedPnl - after.account.fees, 2);
    expect(after.activity.map((a: { kind: string }) => a.kind)).toEqual(['fill', 'fill', 'account_opened']);
    // Both trades counted for the landing page, in their own transactions.
    const statsAfter = await (await fetch(`${stack.url}/api/stats`)).json();
    expect(statsAfter.paperTrades - statsBefore.paperTrades).toBe(2);
  });

  it('places one order for a retried client order id, even when the retries race', async () => {
    const { call } = await learner(100000);
    const body = marketBuy(atmCall.contract_ticker, 1, 'retry-me');
    const [a, b, c] = await Promise.all([call('POST', '/api/orders', body), call('POST', '/api/orders', body), call('POST', '/api/orders', body)]);
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(new Set([a.body.order.orderId, b.body.order.orderId, c.body.order.orderId]).size).toBe(1);
    expect((await call('GET', '/api/orders')).body.orders).toHaveLength(1);
    expect((await call('GET', '/api/portfolio')).body.positions[0].quantity).toBe(1);
  });

  it('lets only one of two concurrent orders spend the same buying power', async () => {
    const { call } = await learner(10000);
    const quantity = Math.floor(6000 / (atmCall.ask * 100));
    const [a, b] = await Promise.all([
      call('POST', '/api/orders', marketBuy(atmCall.contract_ticker, quantity)),
      call('POST', '/api/orders', marketBuy(atmCall.contract_ticker, quantity)),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 422]);
    const refused = a.status === 422 ? a : b;
    expect(refused.body.error).toMatch(/^Insufficient buying power\. Required: \$[\d,.]+, Available: \$[\d,.]+$/);
    expect(refused.body.checks.find((c: { type: string }) => c.type === 'buying_power')).toMatchObject({ passed: false, severity: 'error' });
    const portfolio = (await call('GET', '/api/portfolio')).body;
    expect(portfolio.account.cash).toBeGreaterThan(0);
    expect(portfolio.positions[0].quantity).toBe(quantity);
  });

  it('answers bad orders with 400 and compliance blocks with 422, listing every check', async () => {
    const { call } = await learner(100000);
    const fractional = await call('POST', '/api/orders', { ...marketBuy(atmCall.contract_ticker, 1.5), timeInForce: 'gtc' });
    expect(fractional.status).toBe(400);
    expect(fractional.body.checks.map((c: { message: string }) => c.message)).toEqual([
      'Options orders must have whole number quantities',
      'Options orders must use day time_in_force',
    ]);
    expect(
      (
        await call('POST', '/api/orders', {
          clientOrderId: 'x',
          type: 'limit',
          timeInForce: 'day',
          legs: [{ contract: atmCall.contract_ticker, side: 'buy', quantity: 1 }],
        })
      ).body.error,
    ).toBe('Limit price required for limit orders');
    expect((await call('POST', '/api/orders', { clientOrderId: 'y', type: 'market', timeInForce: 'day', legs: [] })).status).toBe(400);
    expect((await call('POST', '/api/orders', '{not json')).status).toBe(400);

    const naked = await call('POST', '/api/orders', {
      clientOrderId: 'n',
      type: 'market',
      timeInForce: 'day',
      legs: [{ contract: otmCall.contract_ticker, side: 'sell', quantity: 1 }],
    });
    expect(naked.status).toBe(422);
    expect(naked.body.error).toContain('Naked short calls are not allowed at any trading level');
    expect(naked.body.checks.length).toBeGreaterThan(3);

    await call('PUT', '/api/account/settings', { optionsLevel: 1 });
    const level = await call('POST', '/api/orders', marketBuy(atmCall.contract_ticker, 1));
    expect(level.status).toBe(422);
    expect(level.body.error).toBe('Trading level 2 required. Current level: 1');
    expect((await call('PUT', '/api/account/settings', { optionsLevel: 7 })).body.error).toContain('Trading level must be between 0 and 3');
  });

  it('rests a limit below the market, holds its buying power, and cancels it', async () => {
    const { call } = await learner(100000);
    const placed = await call('POST', '/api/orders', {
      clientOrderId: 'lim',
      type: 'limit',
      limitPrice: 0.01,
      timeInForce: 'day',
      legs: [{ contract: atmCall.contract_ticker, side: 'buy', quantity: 1 }],
    });
    expect(placed.body.order).toMatchObject({ status: 'open', held: 1.65 });
    expect((await call('GET', '/api/portfolio')).body.account.heldForOrders).toBe(1.65);
    const open = await call('GET', '/api/orders?status=open');
    expect(open.body.orders.map((o: { orderId: string }) => o.orderId)).toEqual([placed.body.order.orderId]);
    const canceled = await call('DELETE', `/api/orders/${placed.body.order.orderId}`);
    expect(canceled.body.order).toMatchObject({ status: 'canceled' });
    expect((await call('GET', '/api/portfolio')).body.account.heldForOrders).toBe(0);
    expect((await call('DELETE', `/api/orders/${placed.body.order.orderId}`)).status).toBe(409);
    expect((await call('GET', '/api/orders?status=bogus')).status).toBe(400);
  });

  it('runs the pre-trade checks without placing or logging, and summarises the compliance log of placed orders', async () => {
    const { user, call } = await learner(100000);
    const dry = await call('POST', '/api/compliance/pretrade', marketBuy(atmCall.contract_ticker, 1));
    expect(dry.body.canProceed).toBe(true);
    expect(dry.body.checks.map((c: { type: string }) => c.type)).toEqual(expect.arrayContaining(['trading_level', 'buying_power', 'pdt', 'margin']));
    expect((await call('GET', '/api/orders')).body.orders).toHaveLength(0);
    expect((await call('GET', '/api/compliance/summary?days=7')).body.totalChecks).toBe(0);
    expect((await call('POST', '/api/orders', marketBuy(atmCall.contract_ticker, 1))).status).toBe(201);
    const summary = (await call('GET', '/api/compliance/summary')).body;
    expect(summary.totalChecks).toBe(dry.body.checks.length);
    expect(summary.recentChecks.length).toBeLessThanOrEqual(10);
    expect(summary.recentChecks.every((c: { action_taken: string }) => c.action_taken === 'approved')).toBe(true);
    expect(summary.totalChecks).toBe(summary.passed + summary.failed + summary.warnings);
    // The entry stays (TTL) for as long as a 30-day summary can include its trade date: to the end of New York's
    // day trade_date + 30.
    const db = DynamoDBDocumentClient.from(
      new DynamoDBClient({ endpoint: stack.endpoints.dynamodb, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
    );
    const { Items = [] } = await db.send(
      new QueryCommand({
        TableName: stack.tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :c)',
        ExpressionAttributeValues: { ':pk': `USER#${user.sub}`, ':c': 'COMPL#' },
      }),
    );
    expect(Items).toHaveLength(1);
    const tradeDate = summary.recentChecks[0].trade_date as string;
    const lastDayInWindowEnds = newYorkInstant(addDays(tradeDate, 31), 0).getTime() / 1000;
    expect(Items[0]!.expiresAt).toBeGreaterThanOrEqual(lastDayInWindowEnds);
  });

  it('records disclosure acknowledgements', async () => {
    const { call } = await learner(100000);
    expect((await call('POST', '/api/compliance/disclosures', { type: 'options_risk', version: '1.0' })).status).toBe(201);
    const list = (await call('GET', '/api/compliance/disclosures')).body.disclosures;
    expect(list.find((d: { type: string }) => d.type === 'options_risk').acknowledgedAt).toBeTruthy();
    expect(list.find((d: { type: string }) => d.type === 'pdt_rules').acknowledgedAt).toBeNull();
  });

  it('announces fills on the event bus, through the outbox and the stream', async () => {
    const { call, user } = await learner(100000);
    const placed = await call('POST', '/api/orders', marketBuy(atmCall.contract_ticker, 1));
    const mine = async () =>
      ((await (await fetch(`${stack.endpoints.aws}/_local/events`)).json()) as { detailType: string; detail: { userId?: string; orderId?: string } }[]).filter(
        (e) => e.detail.userId === user.sub,
      );
    await expect.poll(async () => (await mine()).map((e) => e.detailType), { timeout: 10_000 }).toEqual(['AccountOpened', 'OrderPlaced', 'OrderFilled']);
    expect((await mine()).find((e) => e.detailType === 'OrderFilled')!.detail.orderId).toBe(placed.body.order.orderId);
  });
});
