import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { DeliveredEvent } from '../../local/aws-endpoints';
import { learner as learnerOf, monthlyChain, newKey, type ChainContract } from '../support/learner';
import { waitFor } from '../support/local-stack';

/** The journal on the local stack (issue 18): trades made by the consumer of the real order events, entries, stats. */
const stack = inject('stack');
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const bus = new EventBridgeClient({ endpoint: stack.endpoints.aws, region: 'us-east-1', credentials });

type Call = Awaited<ReturnType<typeof learnerOf>>['call'];
let shortPut: ChainContract;
let longPut: ChainContract;

beforeAll(async () => {
  const spy = await monthlyChain(stack, 'SPY');
  shortPut = spy.nearest('put', spy.price * 0.97);
  longPut = spy.nearest('put', spy.price * 0.93);
  expect(longPut.strike_price).toBeLessThan(shortPut.strike_price);
});

const spreadOrder = () => ({
  clientOrderId: newKey(),
  type: 'market',
  timeInForce: 'day',
  strategy: 'Bull Put Spread',
  legs: [
    { contract: shortPut.contract_ticker, side: 'sell', quantity: 2 },
    { contract: longPut.contract_ticker, side: 'buy', quantity: 2 },
  ],
});

const tradeOf = (call: Call, id: string) =>
  waitFor(
    () => call('GET', `/api/journal/trades/${id}`),
    (r) => r.status === 200,
    30_000,
    `journal trade ${id}`,
  );
const closedTrade = (call: Call, id: string) =>
  waitFor(
    () => call('GET', `/api/journal/trades/${id}`),
    (r) => r.status === 200 && r.body.trade.status === 'closed',
    30_000,
    `journal trade ${id} closed`,
  );

describe('journal trades from the order events', () => {
  let call: Call;
  let token: string;
  let tradeId: string;
  let fills: { contract: string; price: number; commission: number }[];

  beforeAll(async () => {
    const me = await learnerOf(stack, 100_000);
    call = me.call;
    token = me.user.idToken;
    // A spread with a short leg is level 3 (spec part 3 §6).
    expect((await call('PUT', '/api/account/settings', { optionsLevel: 3 })).status).toBe(200);
    const placed = await call('POST', '/api/orders', spreadOrder());
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    tradeId = placed.body.order.orderId;
    fills = placed.body.order.fills;
  });

  it('starts one journal trade per opening order, with the entry analytics filled in by the server', async () => {
    const { body } = await tradeOf(call, tradeId);
    expect(body.trade).toMatchObject({ status: 'open', strategy: 'Bull Put Spread', strategySource: 'builder', underlying: 'SPY', account: 'paper' });
    expect(body.trade.legs.map((l: { contract: string; side: string; open: number }) => [l.contract, l.side, l.open])).toEqual([
      [shortPut.contract_ticker, 'sell', 2],
      [longPut.contract_ticker, 'buy', 2],
    ]);
    const credit = (shortPut.bid - longPut.ask) * 200;
    const width = (shortPut.strike_price - longPut.strike_price) * 200;
    expect(body.trade.entry.netPremium).toBeCloseTo(credit, 2);
    expect(body.trade.entry.maxProfit).toBeCloseTo(credit, 2);
    expect(body.trade.entry.maxLoss).toBeCloseTo(width - credit, 2);
    expect(body.trade.entry.commissions).toBeCloseTo(2.6, 2);
    expect(body.trade.entry.greeks).not.toBeNull();
    expect(body.entry).toBeNull();
    const open = await call('GET', '/api/journal/trades?status=open');
    expect(open.body.trades.map((t: { id: string }) => t.id)).toEqual([tradeId]);
  });

  it('keeps the two legs closed one by one in one trade, closed when no leg is open, its P&L net of commissions', async () => {
    const first = await call('POST', `/api/positions/${shortPut.contract_ticker}/close`, {});
    expect(first.status).toBe(201);
    await waitFor(
      () => call('GET', `/api/journal/trades/${tradeId}`),
      (r) => r.body.trade.legs[0].open === 0,
      30_000,
      'the short leg closed in the journal',
    );
    expect((await call('GET', `/api/journal/trades/${tradeId}`)).body.trade.status).toBe('open');
    const second = await call('POST', `/api/positions/${longPut.contract_ticker}/close`, {});
    expect(second.status).toBe(201);
    const { body } = await closedTrade(call, tradeId);

    const closeFill = (o: { body: { order: { fills: { price: number; commission: number }[] } } }) => o.body.order.fills[0]!;
    const [openShort, openLong] = fills;
    const expected =
      (openShort!.price - closeFill(first).price) * 200 +
      (closeFill(second).price - openLong!.price) * 200 -
      (openShort!.commission + openLong!.commission + closeFill(first).commission + closeFill(second).commission);
    expect(body.trade).toMatchObject({ status: 'closed', exitReason: 'closed' });
    expect(body.trade.realizedPnl).toBeCloseTo(expected, 2);
    const list = await call('GET', '/api/journal/trades?status=closed');
    expect(list.body).toMatchObject({ total: 1, toReflect: 1 });
  });

  it("agrees to the cent with the portfolio's realised P&L net of fees, counting the spread as one trade", async () => {
    const stats = (await call('GET', '/api/journal/stats')).body;
    const portfolio = (await call('GET', '/api/portfolio')).body;
    expect(stats.trades).toBe(1);
    expect(stats.wins + stats.losses + stats.scratches).toBe(1);
    expect(stats.netPnl).toBe(Math.round((portfolio.account.realizedPnl - portfolio.account.fees) * 100) / 100);
    expect(stats.calendar).toEqual([expect.objectContaining({ trades: 1, realizedPnl: stats.netPnl })]);
    expect(stats.smallSample).toBe(true);
  });

  it('changes nothing when the same OrderFilled is put on the bus again', async () => {
    const events = (await (await fetch(`${stack.endpoints.aws}/_local/events`)).json()) as DeliveredEvent[];
    const filled = events.find((e) => e.detailType === 'OrderFilled' && (e.detail as { orderId?: string }).orderId === tradeId)!;
    expect(filled).toBeDefined();
    const before = (await call('GET', `/api/journal/trades/${tradeId}`)).body.trade;
    await bus.send(
      new PutEventsCommand({
        Entries: [{ EventBusName: 'options-academy-local', Source: 'options-academy', DetailType: 'OrderFilled', Detail: JSON.stringify(filled.detail) }],
      }),
    );
    const eventId = (filled.detail as { eventId: string }).eventId;
    await waitFor(
      async () =>
        ((await (await fetch(`${stack.endpoints.aws}/_local/events`)).json()) as DeliveredEvent[]).filter(
          (e) => (e.detail as { eventId?: string }).eventId === eventId,
        ),
      (list) => list.length === 2 && list[1]!.deliveries.some((d) => d.rule === 'journalOnOrderFilled' && d.status === 'ok'),
      30_000,
      'the second delivery',
    );
    const again = await waitFor(
      async () =>
        ((await (await fetch(`${stack.endpoints.aws}/_local/events`)).json()) as DeliveredEvent[]).filter(
          (e) => (e.detail as { eventId?: string }).eventId === eventId,
        ),
      (list) => list[1]!.deliveries.some((d) => d.rule === 'journalOnOrderFilled' && d.status !== 'pending'),
      30_000,
      'the second delivery settled',
    );
    expect(again[1]!.deliveries.find((d) => d.rule === 'journalOnOrderFilled')).toMatchObject({ status: 'ok', result: { status: 'duplicate' } });
    expect((await call('GET', `/api/journal/trades/${tradeId}`)).body.trade).toEqual(before);
    expect((await call('GET', '/api/journal/stats')).body.trades).toBe(1);
  });

  it('earns 25 XP once per trade for a real reflection, counts entries in learning progress, and publishes JournalEntryAdded', async () => {
    const empty = await call('POST', '/api/journal/entries', { kind: 'trade', tradeId });
    expect(empty.status).toBe(201);
    expect(empty.body.xpAwarded).toBe(0);
    let progress = (await call('GET', '/api/learning/progress')).body.progress;
    expect(progress).toMatchObject({ journalEntries: 1, experience: 0 });

    const reflected = await call('PUT', `/api/journal/entries/${empty.body.entry.id}`, {
      kind: 'trade',
      tradeId,
      setupTags: ['High IV sell'],
      mistakeTags: ['no exit plan'],
      thesis: 'SPY holds above the short strike into expiry',
      lesson: 'Decide the exit before the order goes in',
      confidence: 3,
      grade: 'B',
    });
    expect(reflected.status).toBe(200);
    expect(reflected.body).toMatchObject({ xpAwarded: 25, entry: { xpAwarded: true, setupTags: ['high iv sell'] } });
    progress = (await call('GET', '/api/learning/progress')).body.progress;
    expect(progress).toMatchObject({ journalEntries: 1, experience: 25 });
    expect(progress.achievements.map((a: { id: string }) => a.id)).toContain('journal-entries-1');

    // The trade carries the tags: the statistics filter by them, and the mistake has a cost.
    const byMistake = (await call('GET', '/api/journal/stats?mistake=no%20exit%20plan')).body;
    expect(byMistake.trades).toBe(1);
    expect(byMistake.mistakes).toEqual([{ tag: 'no exit plan', trades: 1, cost: byMistake.netPnl }]);
    expect((await call('GET', '/api/journal/trades?status=closed')).body.toReflect).toBe(0);

    // Deleting and writing it again earns nothing twice.
    expect((await call('DELETE', `/api/journal/entries/${empty.body.entry.id}`)).status).toBe(204);
    expect((await call('GET', '/api/learning/progress')).body.progress).toMatchObject({ journalEntries: 0, experience: 25 });
    const again = await call('POST', '/api/journal/entries', {
      kind: 'trade',
      tradeId,
      setupTags: ['breakout'],
      lesson: 'Decide the exit before the order goes in',
    });
    expect(again.body.xpAwarded).toBe(0);
    expect((await call('GET', '/api/learning/progress')).body.progress).toMatchObject({ journalEntries: 1, experience: 25 });

    await waitFor(
      async () =>
        ((await (await fetch(`${stack.endpoints.aws}/_local/events`)).json()) as DeliveredEvent[]).filter(
          (e) => e.detailType === 'JournalEntryAdded' && (e.detail as { entryId?: string }).entryId === again.body.entry.id,
        ),
      (list) => list.length === 1,
      30_000,
      'JournalEntryAdded',
    );
  });

  it('refuses bad input with a clear message and saves nothing', async () => {
    const before = (await call('GET', '/api/journal/entries')).body.count;
    const bad = await call('POST', '/api/journal/entries', { kind: 'note', confidence: 9, body: 'x'.repeat(20_001) });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/must be from 1 to 5/);
    expect((await call('POST', '/api/journal/entries', { kind: 'trade', tradeId: '01KAAAAAAAAAAAAAAAAAAAAAAA' })).status).toBe(404);
    expect((await call('GET', '/api/journal/entries')).body.count).toBe(before);
  });

  it("answers another learner's trade and entry ids with 404", async () => {
    const { call: other } = await learnerOf(stack);
    const mine = (await call('GET', '/api/journal/entries')).body.entries[0];
    expect((await other('GET', `/api/journal/trades/${tradeId}`)).status).toBe(404);
    expect((await other('GET', `/api/journal/entries/${mine.id}`)).status).toBe(404);
    expect((await other('PUT', `/api/journal/entries/${mine.id}`, { kind: 'note' })).status).toBe(404);
    expect((await other('DELETE', `/api/journal/entries/${mine.id}`)).status).toBe(404);
    expect((await call('GET', `/api/journal/entries/${mine.id}`)).status).toBe(200);
    expect((await other('GET', '/api/journal/stats')).body.trades).toBe(0);
  });

  it('exports the closed trades and the entries as CSV', async () => {
    const get = (kind: string) => fetch(`${stack.url}/api/journal/export.csv?kind=${kind}`, { headers: { authorization: `Bearer ${token}` } });
    const trades = await get('trades');
    expect(trades.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await trades.text()).trim().split('\r\n');
    expect(lines[0]).toMatch(/^id,account,strategy,underlying,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${tradeId},paper,Bull Put Spread,SPY,`);
    const entries = (await (await get('entries')).text()).trim().split('\r\n');
    expect(entries).toHaveLength(2);
    expect(entries[1]).toContain('Decide the exit before the order goes in');
  });
});
