import { ulid } from 'ulid';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, newYorkInstant, newYorkParts, weekday } from '@shared/market/dates';
import { fillTiming } from '@shared/paper/market-hours';
import { learner, newKey, type ChainContract } from '../support/learner';
import { newDataDir, spawnLocalStack, waitFor, type SpawnedStack } from '../support/local-stack';
import { stackClock } from '../support/stack-clock';

/**
 * Issue 32: an order placed while NYSE is closed waits for the next session and fills at that session's quotes, with
 * end-of-day data at the first ingestion after the session opens, once, however often that trigger is delivered. On a
 * stack of its own, its clock moved to the next Saturday and then to the evening of the session after it.
 */
describe('an order placed while the market is closed (its own local stack, the clock moved to a Saturday)', () => {
  let own: SpawnedStack;
  afterAll(async () => {
    await own?.stop();
  });

  it('is queued on Saturday, and fills once at the next session’s quotes when the ingestion after its open is delivered twice', async () => {
    own = await spawnLocalStack({ dataDir: newDataDir('market-hours') });
    await waitFor(
      async () => (await fetch(`${own.url}/api/market/status`)).json(),
      (s: { lastSync: string | null }) => s.lastSync !== null,
      90_000,
      'market data',
    );
    const today = newYorkParts(new Date()).date;
    let saturday = addDays(today, 1);
    while (weekday(saturday) !== 6) saturday = addDays(saturday, 1);
    const saturdayMorning = newYorkInstant(saturday, 10);
    const timing = fillTiming(saturdayMorning);
    if (timing.kind !== 'next-session') throw new Error('a Saturday is never a trading day');
    const clock = stackClock(own);

    // A call that is still listed well after the session the order waits for.
    const { expiries } = (await (await fetch(`${own.url}/api/market/SPY/expiries`)).json()) as { expiries: { expiration_date: string }[] };
    const expiry = expiries.map((e) => e.expiration_date).find((d) => d > addDays(timing.session, 14))!;
    const chain = (await (await fetch(`${own.url}/api/market/SPY/chain?expiry=${expiry}`)).json()) as {
      underlying: { price: number };
      contracts: ChainContract[];
    };
    const contract = chain.contracts
      .filter((c) => c.contract_type === 'call' && c.ask > 0)
      .reduce((b, c) => (Math.abs(c.strike_price - chain.underlying.price) < Math.abs(b.strike_price - chain.underlying.price) ? c : b));

    const { call } = await learner(own, 100_000);
    await clock.moveTo(saturdayMorning);
    const body = { clientOrderId: newKey(), type: 'market', timeInForce: 'day', legs: [{ contract: contract.contract_ticker, side: 'buy', quantity: 1 }] };
    const preview = await call('POST', '/api/compliance/pretrade', body);
    expect(preview.body.marketHours).toMatchObject({ marketOpen: false, fills: 'next-session', session: timing.session });
    const placed = await call('POST', '/api/orders', body);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.order).toMatchObject({ status: 'open', queued: true, session: timing.session, fills: [] });
    expect(placed.body.note).toMatch(/^The market is closed\. This order is queued/);
    const orderId: string = placed.body.order.orderId;
    const queued = (await call('GET', '/api/portfolio')).body;
    expect(queued.account.cash).toBe(100_000);
    expect(queued.positions).toEqual([]);

    // The bus stamps events with the machine's time, not the moved clock: the session's ingestion is the first
    // ChainIngested for SPY after the ones already delivered.
    const spyIngestions = async () =>
      (await clock.events()).filter((e) => e.detailType === 'ChainIngested' && (e.detail as { underlyings: string[] }).underlyings.includes('SPY'));
    const earlier = (await spyIngestions()).length;
    // The evening of the session: an operator's ingestion stores its close and announces ChainIngested, whose consumer
    // runs the settle job; the same announcement is then delivered again, and a second one arrives at the same time.
    await clock.ingestAt(newYorkInstant(timing.session, 18, 30));
    const ingested = await waitFor(
      async () => (await spyIngestions())[earlier],
      (e) => e !== undefined,
      90_000,
      'the ingestion of the session',
    );
    const again = ingested!.detail as { eventId: string };
    await Promise.all([clock.put('ChainIngested', again), clock.put('ChainIngested', { ...again, eventId: ulid() })]);

    const filled = await waitFor(
      () => call('GET', `/api/orders?status=filled`),
      (r) => r.body.orders.some((o: { orderId: string }) => o.orderId === orderId),
      90_000,
      'the queued order to fill',
    );
    const order = filled.body.orders.find((o: { orderId: string }) => o.orderId === orderId);
    expect(order.fillNote).toMatch(/^Queued while the market was closed; filled at \w+'s session prices$/);
    // Filled at the session's quotes, not at the close the learner saw on Saturday.
    expect(newYorkParts(new Date(order.fills[0].quote.asOf)).date).toBe(timing.session);

    // Every trigger has been handled before counting what they did.
    await waitFor(
      async () => (await clock.events()).filter((e) => e.detailType === 'ChainIngested').flatMap((e) => e.deliveries),
      (ds) => ds.every((d) => d.status !== 'pending'),
      60_000,
      'every ChainIngested delivery',
    );
    const fillsOfOrder = (await clock.events()).filter((e) => e.detailType === 'OrderFilled' && (e.detail as { orderId: string }).orderId === orderId);
    expect(fillsOfOrder).toHaveLength(1);
    const portfolio = (await call('GET', '/api/portfolio')).body;
    expect(portfolio.positions).toHaveLength(1);
    expect(portfolio.positions[0]).toMatchObject({ symbol: contract.contract_ticker, quantity: 1 });
    expect(portfolio.account.cash).toBeCloseTo(100_000 - order.totalCost, 2);
    expect(portfolio.account.heldForOrders).toBe(0);
  }, 240_000); // a stack of its own and an ingestion, each up to a minute on a busy machine
});
