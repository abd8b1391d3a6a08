import { describe, expect, it } from 'vitest';
import { fillTiming, fillTimingNote, isMarketOpen, queuedOrderDue, sessionInWords, shortcutFillNote } from '@shared/paper/market-hours';
import { buy, harness } from '../../support/paper-harness';
import { call, quote } from '../../support/trading-fixtures';

// New York is UTC-5 in late November and December 2026.
const SATURDAY = '2026-11-28T15:00:00Z'; // Saturday 10:00
const FRIDAY_CLOSE = '2026-11-27T21:00:00.000Z'; // Friday 16:00, the close Saturday's quotes are from
const MONDAY_CLOSE = '2026-11-30T21:00:00.000Z'; // Monday 16:00, the close the evening ingestion stores

describe('NYSE hours (the rule an order follows)', () => {
  it('is open from 9:30 to 16:00 New York on trading days only', () => {
    expect(isMarketOpen(new Date('2026-11-30T14:29:00Z'))).toBe(false); // Monday 9:29
    expect(isMarketOpen(new Date('2026-11-30T14:30:00Z'))).toBe(true); // Monday 9:30
    expect(isMarketOpen(new Date('2026-11-30T20:59:00Z'))).toBe(true); // Monday 15:59
    expect(isMarketOpen(new Date('2026-11-30T21:00:00Z'))).toBe(false); // Monday 16:00
    expect(isMarketOpen(new Date(SATURDAY))).toBe(false);
    expect(isMarketOpen(new Date('2026-11-26T16:00:00Z'))).toBe(false); // Thanksgiving, 11:00
    expect(isMarketOpen(new Date('2026-12-25T16:00:00Z'))).toBe(false); // Christmas, 11:00
  });

  it('closes at 13:00 New York on an early-close day: the day after Thanksgiving and Christmas Eve', () => {
    expect(isMarketOpen(new Date('2026-11-27T17:59:00Z'))).toBe(true); // Friday after Thanksgiving, 12:59
    expect(isMarketOpen(new Date('2026-11-27T18:00:00Z'))).toBe(false); // 13:00: closed for the day
    expect(isMarketOpen(new Date('2026-12-24T18:30:00Z'))).toBe(false); // Christmas Eve, 13:30
    // An order placed after the early close waits for the next session, Monday 30 November.
    expect(fillTiming(new Date('2026-11-27T19:00:00Z'))).toMatchObject({ kind: 'next-session', session: '2026-11-30' });
  });

  it('queues an order placed on a Saturday for Monday, and one placed on a holiday for the next trading day', () => {
    expect(fillTiming(new Date('2026-11-30T16:00:00Z'))).toEqual({ kind: 'now' });
    expect(fillTiming(new Date(SATURDAY))).toEqual({ kind: 'next-session', session: '2026-11-30', opensAt: '2026-11-30T14:30:00.000Z' });
    // Thanksgiving (Thursday 26 November): the next session is the Friday after.
    expect(fillTiming(new Date('2026-11-26T16:00:00Z'))).toMatchObject({ session: '2026-11-27' });
    // Christmas Eve after the close: Christmas Day is a holiday, then the weekend, so Monday 28 December.
    expect(fillTiming(new Date('2026-12-24T22:00:00Z'))).toMatchObject({ kind: 'next-session', session: '2026-12-28' });
    // Before the open on a trading day, the session is that same day.
    expect(fillTiming(new Date('2026-11-30T13:00:00Z'), 'last-close')).toMatchObject({ kind: 'last-close', session: '2026-11-30' });
  });

  it('says in words what will happen before the order is sent', () => {
    const saturday = new Date(SATURDAY);
    expect(fillTimingNote(fillTiming(saturday), 'market', saturday)).toBe(
      "The market is closed. This order is queued and fills at the next session's prices, after the market opens Monday at 9:30 New York time; you can cancel it until then.",
    );
    expect(fillTimingNote(fillTiming(saturday, 'last-close'), 'market', saturday)).toMatch(
      /^The market is closed\. Practice shortcut: this order fills now at the last close's prices/,
    );
    expect(fillTimingNote({ kind: 'now' }, 'market', saturday)).toBe('');
    expect(sessionInWords('2026-12-28', new Date('2026-12-24T22:00:00Z'))).toBe('Monday');
    expect(sessionInWords('2026-11-27', new Date('2026-11-26T16:00:00Z'))).toBe('tomorrow');
    expect(shortcutFillNote(FRIDAY_CLOSE)).toBe("Filled at Friday's close (practice shortcut — the market was closed)");
  });

  it('decides a queued order only once its session has opened and the quotes are from that session', () => {
    expect(queuedOrderDue('2026-11-30', new Date('2026-11-29T15:00:00Z'), [{ asOf: FRIDAY_CLOSE }])).toBe(false); // Sunday
    expect(queuedOrderDue('2026-11-30', new Date('2026-11-30T15:00:00Z'), [{ asOf: FRIDAY_CLOSE }])).toBe(false); // Monday, Friday's quotes
    expect(queuedOrderDue('2026-11-30', new Date('2026-11-30T23:00:00Z'), [{ asOf: MONDAY_CLOSE }])).toBe(true); // Monday's ingestion
    expect(queuedOrderDue('2026-11-30', new Date('2026-11-30T23:00:00Z'), [{ asOf: MONDAY_CLOSE }, { asOf: FRIDAY_CLOSE }])).toBe(false);
  });
});

describe('an order placed while the market is closed', () => {
  /** An account on Saturday, with Friday's closing quotes. */
  async function saturday() {
    const h = harness(SATURDAY);
    h.quotes.set(call(100), { ...quote(call(100), 2.0, 2.2), asOf: FRIDAY_CLOSE });
    await h.service.openAccount('u1', 100_000);
    return h;
  }
  /** Monday evening's ingestion: Monday's closing quotes, at 18:00 New York. */
  const mondayIngestion = (h: Awaited<ReturnType<typeof saturday>>, bid = 3.0, ask = 3.2) => {
    h.quotes.set(call(100), { ...quote(call(100), bid, ask), asOf: MONDAY_CLOSE });
    h.setNow('2026-11-30T23:00:00Z');
  };
  const cash = async (h: Awaited<ReturnType<typeof saturday>>) => (await h.repo.getAccount('u1'))!.cash;
  const fills = (h: Awaited<ReturnType<typeof saturday>>) => h.events.filter((e) => e.type === 'OrderFilled');

  it('is queued on a Saturday, waits through Sunday and Monday morning, and fills once at Monday’s prices', async () => {
    const h = await saturday();
    const placed = await h.service.placeOrder('u1', buy(call(100)));
    expect(placed.ok && placed.value.order).toMatchObject({ status: 'open', queued: true, session: '2026-11-30', fills: [] });
    expect(placed.ok && placed.value.note).toMatch(/queued and fills at the next session's prices, after the market opens Monday/);
    expect(placed.ok && placed.value.order.held).toBeGreaterThan(0);
    expect(await cash(h)).toBe(100_000);

    h.setNow('2026-11-29T15:00:00Z'); // Sunday
    expect(await h.service.maintain('u1')).toMatchObject({ ordersFilled: 0, ordersExpired: 0 });
    h.setNow('2026-11-30T15:00:00Z'); // Monday 10:00, still Friday's quotes (end-of-day data)
    expect(await h.service.maintain('u1')).toMatchObject({ ordersFilled: 0, ordersExpired: 0 });
    expect(fills(h)).toHaveLength(0);

    mondayIngestion(h);
    // The trigger delivered twice at once, and once more later.
    await Promise.all([h.service.maintain('u1'), h.service.maintain('u1')]);
    await h.service.maintain('u1');
    const order = await h.repo.getOrder('u1', placed.ok ? placed.value.order.orderId : '');
    expect(order).toMatchObject({ status: 'filled', queued: false, fillNote: "Queued while the market was closed; filled at Monday's session prices" });
    expect(order!.fills[0]!.price).toBe(3.2); // Monday's ask, not Friday's
    expect(fills(h)).toHaveLength(1);
    expect(await cash(h)).toBe(100_000 - 320 - 0.65);
    expect((await h.repo.getAccount('u1'))!.heldForOrders).toBe(0);
  });

  it('fills at once at the last close when the learner chooses the practice shortcut, labelled as such', async () => {
    const h = await saturday();
    const placed = await h.service.placeOrder('u1', buy(call(100), 1, { whenClosed: 'last-close' }));
    const label = "Filled at Friday's close (practice shortcut — the market was closed)";
    expect(placed.ok && placed.value.order).toMatchObject({ status: 'filled', fillNote: label });
    expect(placed.ok && placed.value.order.fills[0]!.price).toBe(2.2);
    expect(placed.ok && placed.value.note).toMatch(/^The market is closed\. Practice shortcut/);
    const activity = await h.repo.listActivity('u1', 5);
    expect(activity.find((a) => a.kind === 'fill')!.text).toMatch(new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\. Bought 1 `));
  });

  it('can be canceled before it fills, releasing what it held', async () => {
    const h = await saturday();
    const placed = await h.service.placeOrder('u1', buy(call(100)));
    const orderId = placed.ok ? placed.value.order.orderId : '';
    expect(await h.service.cancelOrder('u1', orderId)).toMatchObject({ ok: true, value: { status: 'canceled' } });
    mondayIngestion(h);
    await h.service.maintain('u1');
    expect(fills(h)).toHaveLength(0);
    expect((await h.repo.getAccount('u1'))!).toMatchObject({ cash: 100_000, heldForOrders: 0 });
  });

  it('queues a marketable limit too: it is for the next session and expires at its close when it does not fill', async () => {
    const h = await saturday();
    // Marketable at Friday's close (ask 2.20), but it waits for Monday.
    const placed = await h.service.placeOrder('u1', buy(call(100), 1, { type: 'limit', limitPrice: 2.5 }));
    expect(placed.ok && placed.value.order).toMatchObject({ status: 'open', queued: true, session: '2026-11-30' });
    h.setNow('2026-11-29T15:00:00Z');
    await h.service.maintain('u1');
    expect(fills(h)).toHaveLength(0);
    // Monday closes at 3.00/3.20: above the limit, so it does not fill, and its session is over.
    mondayIngestion(h);
    expect(await h.service.maintain('u1')).toMatchObject({ ordersFilled: 0, ordersExpired: 1 });
    expect(await h.repo.getOrder('u1', placed.ok ? placed.value.order.orderId : '')).toMatchObject({ status: 'expired' });
    expect((await h.repo.getAccount('u1'))!).toMatchObject({ cash: 100_000, heldForOrders: 0 });
  });

  it('on a holiday waits for the next trading day: placed on Christmas Eve after the close, it fills on Monday 28 December', async () => {
    const jan = call(100, '2027-01-15');
    const h = harness('2026-12-24T22:00:00Z'); // Thursday 17:00; Friday 25 is Christmas
    h.quotes.set(jan, { ...quote(jan, 2.0, 2.2), asOf: '2026-12-24T21:00:00.000Z' });
    await h.service.openAccount('u1', 100_000);
    const placed = await h.service.placeOrder('u1', buy(jan));
    expect(placed.ok && placed.value.order).toMatchObject({ queued: true, session: '2026-12-28' });
    h.setNow('2026-12-25T16:00:00Z'); // Christmas Day
    expect(await h.service.maintain('u1')).toMatchObject({ ordersFilled: 0, ordersExpired: 0 });
    h.quotes.set(jan, { ...quote(jan, 2.5, 2.7), asOf: '2026-12-28T21:00:00.000Z' });
    h.setNow('2026-12-28T23:00:00Z'); // Monday 18:00, after the ingestion
    await h.service.maintain('u1');
    expect(await h.repo.getOrder('u1', placed.ok ? placed.value.order.orderId : '')).toMatchObject({ status: 'filled' });
    expect(fills(h)).toHaveLength(1);
  });

  it('says in the pre-trade answer which will happen', async () => {
    const h = await saturday();
    const queued = await h.service.preTrade('u1', buy(call(100)));
    expect(queued.ok && queued.value.marketHours).toMatchObject({ marketOpen: false, fills: 'next-session', session: '2026-11-30' });
    const shortcut = await h.service.preTrade('u1', buy(call(100), 1, { whenClosed: 'last-close' }));
    expect(shortcut.ok && shortcut.value.marketHours).toMatchObject({ fills: 'last-close' });
    h.setNow('2026-11-30T16:00:00Z');
    const open = await h.service.preTrade('u1', buy(call(100)));
    expect(open.ok && open.value.marketHours).toEqual({ marketOpen: true, fills: 'now', session: null, opensAt: null, note: '' });
  });
});

describe('a sale of shares while the market is closed', () => {
  /** 100 XYZ shares from a call exercised on Friday morning; then Saturday, with Friday's close of 106. */
  async function saturdayWithShares() {
    const h = harness('2026-11-27T15:00:00Z'); // Friday 10:00 New York
    await h.service.openAccount('u1', 100_000);
    await h.service.placeOrder('u1', buy(call(100)));
    h.setPrice(106);
    const done = await h.service.exercise('u1', call(100));
    if (!done.ok) throw new Error(done.error.message);
    h.setNow(SATURDAY);
    h.setPrice(106, FRIDAY_CLOSE);
    return h;
  }
  const shares = async (h: Awaited<ReturnType<typeof saturdayWithShares>>) =>
    (await h.repo.getPositions('u1')).filter((p) => p.kind === 'stock').map((p) => p.quantity);
  const shareFills = (h: Awaited<ReturnType<typeof saturdayWithShares>>) =>
    h.events.filter((e) => e.type === 'OrderFilled' && (e.detail as { legs: { contract: string }[] }).legs[0]!.contract === 'XYZ');

  it('is queued for Monday, not filled at Friday’s close, and fills once at Monday’s price', async () => {
    const h = await saturdayWithShares();
    const cashBefore = (await h.repo.getAccount('u1'))!.cash;
    const placed = await h.service.closePosition('u1', 'XYZ', {});
    expect(placed.ok && placed.value.order).toMatchObject({ status: 'open', queued: true, session: '2026-11-30', fills: [], reduceOnly: true });
    expect(placed.ok && placed.value.note).toMatch(/queued and fills at the next session's prices, after the market opens Monday/);
    expect(await shares(h)).toEqual([100]);

    h.setNow('2026-11-30T15:00:00Z'); // Monday 10:00, still Friday's close
    expect(await h.service.maintain('u1')).toMatchObject({ ordersFilled: 0, ordersExpired: 0 });
    expect(shareFills(h)).toHaveLength(0);

    h.setPrice(110, MONDAY_CLOSE);
    h.setNow('2026-11-30T23:00:00Z'); // Monday 18:00, after the evening ingestion
    await Promise.all([h.service.maintain('u1'), h.service.maintain('u1')]);
    await h.service.maintain('u1');
    const order = await h.repo.getOrder('u1', placed.ok ? placed.value.order.orderId : '');
    expect(order).toMatchObject({
      status: 'filled',
      queued: false,
      netPrice: 110,
      fillNote: "Queued while the market was closed; filled at Monday's session prices",
    });
    expect(shareFills(h)).toHaveLength(1);
    expect(await shares(h)).toEqual([]);
    expect((await h.repo.getAccount('u1'))!.cash).toBe(cashBefore + 11_000);
    const activity = await h.repo.listActivity('u1', 5);
    expect(activity.find((a) => a.orderId === order!.orderId)!.text).toBe(
      "Queued while the market was closed; filled at Monday's session prices. Sold 100 XYZ shares at $110.00.",
    );
  });

  it('fills at once at Friday’s close when the learner chooses the practice shortcut, labelled as such', async () => {
    const h = await saturdayWithShares();
    const placed = await h.service.closePosition('u1', 'XYZ', { quantity: 40, whenClosed: 'last-close' });
    const label = "Filled at Friday's close (practice shortcut — the market was closed)";
    expect(placed.ok && placed.value.order).toMatchObject({ status: 'filled', netPrice: 106, fillNote: label });
    expect(placed.ok && placed.value.note).toMatch(/^The market is closed\. Practice shortcut/);
    expect(await shares(h)).toEqual([60]);
    const activity = await h.repo.listActivity('u1', 5);
    expect(activity[0]!.text).toBe(`${label}. Sold 40 XYZ shares at $106.00.`);
  });

  it('can be canceled before it fills, and the shares stay', async () => {
    const h = await saturdayWithShares();
    const placed = await h.service.closePosition('u1', 'XYZ', {});
    const orderId = placed.ok ? placed.value.order.orderId : '';
    expect(await h.service.cancelOrder('u1', orderId)).toMatchObject({ ok: true, value: { status: 'canceled' } });
    h.setPrice(110, MONDAY_CLOSE);
    h.setNow('2026-11-30T23:00:00Z');
    await h.service.maintain('u1');
    expect(shareFills(h)).toHaveLength(0);
    expect(await shares(h)).toEqual([100]);
    expect((await h.repo.getAccount('u1'))!.openOrders ?? {}).toEqual({});
  });
});
