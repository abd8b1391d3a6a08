import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newYorkInstant, newYorkParts } from '@shared/market/dates';
import type { DeliveredEvent } from '../../local/aws-endpoints';
import { learner as learnerOf, monthlyChain, newKey, type ChainContract } from '../support/learner';
import { newDataDir, spawnLocalStack, waitFor, type SpawnedStack } from '../support/local-stack';
import { stackClock } from '../support/stack-clock';

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
  // Fills at once also while the market is closed (the practice shortcut), whatever the time of the run.
  whenClosed: 'last-close',
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
    const first = await call('POST', `/api/positions/${shortPut.contract_ticker}/close`, { whenClosed: 'last-close' });
    expect(first.status).toBe(201);
    await waitFor(
      () => call('GET', `/api/journal/trades/${tradeId}`),
      (r) => r.body.trade.legs[0].open === 0,
      30_000,
      'the short leg closed in the journal',
    );
    expect((await call('GET', `/api/journal/trades/${tradeId}`)).body.trade.status).toBe('open');
    const second = await call('POST', `/api/positions/${longPut.contract_ticker}/close`, { whenClosed: 'last-close' });
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

  it("agrees to the cent with the portfolio's realized P&L net of fees, counting the spread as one trade", async () => {
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

  it('earns 25 course XP once per trade for a real reflection, counts entries in learning progress, and publishes JournalEntryAdded', async () => {
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
    expect(reflected.body).toMatchObject({ xpAwarded: 25, entry: { xpAwarded: true, setupTags: ['High IV sell'] } });
    // The course's 25 XP comes from learning's consumer of JournalEntryAdded, which runs after the write.
    progress = (
      await waitFor(
        () => call('GET', '/api/learning/progress'),
        (r) => r.body.progress.experience === 25,
        30_000,
        "the course's XP for the reflection",
      )
    ).body.progress;
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

    // JournalEntryAdded is published once per counted reflection: for the reflected entry, not for the empty one
    // when it was created, nor for the one written again. A free note with a reflection, written last, publishes its
    // own, so once it has arrived every earlier one has too.
    const note = await call('POST', '/api/journal/entries', {
      kind: 'note',
      date: '2026-01-02',
      thesis: 'Sell premium only when IV rank is above fifty',
      lesson: 'Size every trade by its max loss',
    });
    expect(note.body.xpAwarded).toBe(25);
    const added = async () =>
      ((await (await fetch(`${stack.endpoints.aws}/_local/events`)).json()) as DeliveredEvent[])
        .filter((e) => e.detailType === 'JournalEntryAdded')
        .map((e) => (e.detail as { entryId: string }).entryId);
    const ids = await waitFor(added, (list) => list.includes(note.body.entry.id), 30_000, 'JournalEntryAdded');
    expect(ids.filter((id) => [empty.body.entry.id, again.body.entry.id, note.body.entry.id].includes(id))).toEqual([empty.body.entry.id, note.body.entry.id]);
    expect((await call('DELETE', `/api/journal/entries/${note.body.entry.id}`)).status).toBe(204);
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

describe('daily marks of open trades', () => {
  it('marks an open trade at the new quotes after an ingestion, giving its MFE and MAE', { timeout: 120_000 }, async () => {
    const { call } = await learnerOf(stack, 100_000);
    const placed = await call('POST', '/api/orders', {
      clientOrderId: newKey(),
      type: 'market',
      timeInForce: 'day',
      whenClosed: 'last-close',
      legs: [{ contract: longPut.contract_ticker, side: 'buy', quantity: 1 }],
    });
    expect(placed.status).toBe(201);
    const tradeId: string = placed.body.order.orderId;
    await tradeOf(call, tradeId);
    const requested = { eventId: ulid(), requestedBy: 'integration-test', reason: 'admin', underlyings: ['SPY'], at: new Date().toISOString() };
    await bus.send(
      new PutEventsCommand({
        Entries: [{ EventBusName: 'options-academy-local', Source: 'options-academy', DetailType: 'IngestRequested', Detail: JSON.stringify(requested) }],
      }),
    );
    const { body } = await waitFor(
      () => call('GET', `/api/journal/trades/${tradeId}`),
      (r) => r.body.trade.marks.length === 1,
      90_000,
      'the daily mark',
    ).catch(async (err: Error) => {
      const events = (await (await fetch(`${stack.endpoints.aws}/_local/events`)).json()) as DeliveredEvent[];
      throw new Error(`${err.message}: ${JSON.stringify(events.filter((e) => e.detailType === 'ChainIngested').map((e) => e.deliveries))}`);
    });
    const [mark] = body.trade.marks;
    expect(mark.date).toBe(newYorkParts(new Date()).date);
    expect(body.trade).toMatchObject({ mfe: mark.pnl, mae: mark.pnl, status: 'open' });
    // The mark is the trade's P&L had it closed at the new quotes: (mark − fill) × 100 − the opening commission.
    const chain = (await (await fetch(`${stack.url}/api/market/SPY/chain?expiry=${body.trade.legs[0].expiration}`)).json()) as {
      contracts: (ChainContract & { mark?: number })[];
    };
    const quote = chain.contracts.find((c) => c.contract_ticker === longPut.contract_ticker)!;
    const markPrice = quote.mark ?? (quote.bid + quote.ask) / 2;
    expect(mark.pnl).toBeCloseTo((markPrice - body.trade.legs[0].openPrice) * 100 - body.trade.legs[0].openCommission, 1);
  });
});

describe('a spread whose second leg expires (its own local stack, the clock moved past the expiry)', () => {
  let own: SpawnedStack;
  afterAll(async () => {
    await own?.stop();
  });

  it('opened, one leg closed, the other expired: one closed trade with the right P&L, and the stats agree with the portfolio', async () => {
    own = await spawnLocalStack({ dataDir: newDataDir('journal-expiry') });
    await waitFor(
      async () => (await fetch(`${own.url}/api/market/status`)).json(),
      (s: { lastSync: string | null }) => s.lastSync !== null,
      90_000,
      'market data',
    );
    const today = newYorkParts(new Date()).date;
    const { expiries } = (await (await fetch(`${own.url}/api/market/SPY/expiries`)).json()) as { expiries: { expiration_date: string }[] };
    const expiry = expiries.map((e) => e.expiration_date).find((d) => d > today)!;
    const chain = (await (await fetch(`${own.url}/api/market/SPY/chain?expiry=${expiry}`)).json()) as {
      underlying: { price: number };
      contracts: ChainContract[];
    };
    const nearest = (strike: number) =>
      chain.contracts
        .filter((c) => c.contract_type === 'put' && c.bid > 0)
        .reduce((b, c) => (Math.abs(c.strike_price - strike) < Math.abs(b.strike_price - strike) ? c : b));
    const short = nearest(chain.underlying.price * 0.97);
    const long = nearest(chain.underlying.price * 0.9);

    const { call } = await learnerOf(own, 100_000);
    expect((await call('PUT', '/api/account/settings', { optionsLevel: 3 })).status).toBe(200);
    const placed = await call('POST', '/api/orders', {
      clientOrderId: newKey(),
      type: 'market',
      timeInForce: 'day',
      whenClosed: 'last-close',
      legs: [
        { contract: short.contract_ticker, side: 'sell', quantity: 1 },
        { contract: long.contract_ticker, side: 'buy', quantity: 1 },
      ],
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const tradeId: string = placed.body.order.orderId;
    const closed = await call('POST', `/api/positions/${short.contract_ticker}/close`, { whenClosed: 'last-close' });
    expect(closed.status).toBe(201);

    // The clock moves to 18:30 New York on the expiry day; an operator's ingestion stores that day's close, and its ChainIngested
    // runs the settle job, which settles the long put (far out of the money) at the close.
    await stackClock(own).ingestAt(newYorkInstant(expiry, 18, 30));

    const { body } = await waitFor(
      () => call('GET', `/api/journal/trades/${tradeId}`),
      (r) => r.status === 200 && r.body.trade.status === 'closed',
      90_000,
      'the expiry to close the journal trade',
    );
    const [openShort, openLong] = placed.body.order.fills as { price: number; commission: number }[];
    const closeFill = closed.body.order.fills[0] as { price: number; commission: number };
    const expected =
      (openShort!.price - closeFill.price) * 100 + (0 - openLong!.price) * 100 - (openShort!.commission + openLong!.commission + closeFill.commission);
    expect(body.trade).toMatchObject({ status: 'closed', exitReason: 'expired_worthless', strategy: 'Bull Put Spread', strategySource: 'recognised' });
    expect(body.trade.legs[1].closes).toEqual([expect.objectContaining({ reason: 'expired_worthless', price: 0, quantity: 1 })]);
    expect(body.trade.realizedPnl).toBeCloseTo(expected, 2);

    const stats = (await call('GET', '/api/journal/stats')).body;
    const portfolio = (await call('GET', '/api/portfolio')).body;
    expect(portfolio.positions).toEqual([]);
    expect(stats.trades).toBe(1);
    expect(stats.netPnl).toBe(Math.round((portfolio.account.realizedPnl - portfolio.account.fees) * 100) / 100);
  }, 150_000); // it starts a stack of its own (a clock moved to expiry), which alone takes up to a minute on a busy machine
});
