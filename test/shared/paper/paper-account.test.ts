import { describe, expect, it } from 'vitest';
import { buy, harness } from '../../support/paper-harness';
import { call, quote } from '../../support/trading-fixtures';

describe('the paper account', () => {
  it('opens once with a chosen starting capital', async () => {
    const h = harness();
    const opened = await h.service.openAccount('u1', 25_000);
    expect(opened.ok && opened.value.account).toMatchObject({
      cash: 25_000,
      equity: 25_000,
      buyingPower: 25_000,
      startingCapital: 25_000,
      optionsLevelName: 'Standard',
    });
    expect(await h.service.openAccount('u1', 10_000)).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(await h.service.openAccount('u2', 50_000)).toMatchObject({
      ok: false,
      error: { code: 'bad_request', message: 'Starting capital must be one of $10,000.00, $25,000.00, $100,000.00.' },
    });
    expect(await h.service.placeOrder('u3', buy(call(100)))).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: 'Open your paper account first: choose a starting capital.' },
    });
  });

  it('places one order for a repeated client order id', async () => {
    const h = harness();
    await h.service.openAccount('u1', 100_000);
    const request = buy(call(100), 2, { clientOrderId: 'same' });
    const [a, b] = await Promise.all([h.service.placeOrder('u1', request), h.service.placeOrder('u1', request)]);
    expect(a.ok && b.ok).toBe(true);
    if (a.ok && b.ok) expect(a.value.order.orderId).toBe(b.value.order.orderId);
    expect((await h.repo.listOrders('u1')).length).toBe(1);
    expect((await h.repo.getPositions('u1'))[0]).toMatchObject({ quantity: 2 });
  });

  it('returns the first order for a retry even when the account could no longer afford it', async () => {
    const h = harness();
    await h.service.openAccount('u1', 10_000);
    const request = buy(call(100), 40, { clientOrderId: 'big' }); // about 8,800 of 10,000
    const first = await h.service.placeOrder('u1', request);
    const retry = await h.service.placeOrder('u1', request);
    expect(first.ok && retry.ok).toBe(true);
    if (first.ok && retry.ok) expect(retry.value.order.orderId).toBe(first.value.order.orderId);
    expect((await h.repo.getPositions('u1'))[0]!.quantity).toBe(40);
  });

  it('never lets two racing orders spend the same buying power', async () => {
    const h = harness();
    await h.service.openAccount('u1', 10_000);
    // Each order costs about 6,600: one fits, two do not.
    const results = await Promise.all([h.service.placeOrder('u1', buy(call(100), 30)), h.service.placeOrder('u1', buy(call(100), 30))]);
    expect(results.filter((r) => r.ok).length).toBe(1);
    const refused = results.find((r) => !r.ok)!;
    expect(!refused.ok && refused.error.message).toMatch(/^Insufficient buying power\. Required: \$6,6\d\d\.\d\d, Available: \$3,3\d\d\.\d\d$/);
  });

  it('books fills with realized P&L, writes their events with them (OrderPlaced, OrderFilled, PositionClosed), and counts the trades', async () => {
    const h = harness();
    await h.service.openAccount('u1', 100_000);
    await h.service.placeOrder('u1', buy(call(100), 2));
    h.quotes.set(call(100), quote(call(100), 2.5, 2.7));
    const closed = await h.service.closePosition('u1', call(100), {});
    expect(closed.ok).toBe(true);
    const p = await h.service.portfolio('u1');
    expect(p.ok && p.value.account).toMatchObject({ realizedPnl: 60, fees: 2.6, cash: 100_057.4, equity: 100_057.4 }); // (2.50 − 2.20) × 200, and 2.60 commission apart
    expect(h.events.map((e) => e.type)).toEqual(['AccountOpened', 'OrderPlaced', 'OrderFilled', 'OrderPlaced', 'OrderFilled', 'PositionClosed']);
    expect(new Set(h.events.map((e) => e.detail.eventId)).size).toBe(6);
    expect(h.events.at(-1)).toMatchObject({ type: 'PositionClosed', detail: { userId: 'u1', contract: call(100), quantity: 2, realizedPnl: 60 } }); // the closing fill's P&L before commissions
    expect(h.repo.counters).toEqual({ paperTrades: 2 });
  });

  it('the settle job fills a resting limit when new quotes make it marketable, and expires an unfilled day order after its session', async () => {
    const h = harness();
    await h.service.openAccount('u1', 100_000);
    const limit = await h.service.placeOrder('u1', buy(call(100), 1, { type: 'limit', limitPrice: 1.9 }));
    expect(limit.ok && limit.value.order).toMatchObject({ status: 'open', held: 190.65 });
    expect(
      (await h.service.portfolio('u1')).ok && ((await h.service.portfolio('u1')) as { value: { account: { buyingPower: number } } }).value.account.buyingPower,
    ).toBe(99_809.35);
    h.quotes.set(call(100), quote(call(100), 1.8, 1.85));
    // A read changes nothing; the settle job (on new quotes) fills it.
    expect((await h.service.listOrders('u1'))[0]).toMatchObject({ status: 'open' });
    await h.service.maintain('u1');
    const orders = await h.service.listOrders('u1');
    expect(orders[0]).toMatchObject({ status: 'filled', netPrice: 1.85, held: 0 });

    const rest = await h.service.placeOrder('u1', buy(call(105), 1, { type: 'limit', limitPrice: 0.5 }));
    expect(rest.ok && rest.value.order.session).toBe('2026-11-23');
    h.setNow('2026-11-23T20:30:00Z'); // 15:30: still open
    expect((await h.service.listOrders('u1', 'open')).length).toBe(1);
    h.setNow('2026-11-23T21:30:00Z'); // after the close
    const due = await h.service.portfolio('u1');
    expect(due.ok && due.value.pending).toEqual([
      {
        kind: 'order_expiry',
        text: 'A day order of 2026-11-23 did not fill and has expired; the buying power it holds is released in the next settlement run.',
      },
    ]);
    expect((await h.service.listOrders('u1', 'open')).length).toBe(1);
    await h.service.maintain('u1');
    const after = await h.service.listOrders('u1');
    expect(after.find((o) => o.strategy === null && o.legs[0]!.contract === call(105))).toMatchObject({
      status: 'expired',
      reason: 'A day order that did not fill expires at the close.',
    });
    const pf = await h.service.portfolio('u1');
    expect(pf.ok && pf.value.account.heldForOrders).toBe(0);
  });

  it('changes nothing when read: the portfolio, the orders and the compliance summary write no item and no event', async () => {
    const h = harness();
    await h.service.openAccount('u1', 100_000);
    await h.service.placeOrder('u1', buy(call(100), 1, { type: 'limit', limitPrice: 1.9 }));
    h.quotes.set(call(100), quote(call(100), 1.8, 1.85)); // now marketable
    h.setNow('2026-11-24T15:00:00Z'); // and its session is over
    const [commits, events] = [h.repo.commits, h.events.length];
    const pf = await h.service.portfolio('u1');
    await h.service.listOrders('u1');
    await h.service.complianceSummary('u1', 30);
    expect([h.repo.commits, h.events.length]).toEqual([commits, events]);
    expect(pf.ok && pf.value.pending.map((p) => p.kind)).toEqual(['order_expiry']);
  });

  it('shows the commission of a trade as a fee, not as realized P&L (an opening trade realizes nothing)', async () => {
    const h = harness();
    await h.service.openAccount('u1', 100_000);
    await h.service.placeOrder('u1', buy(call(100), 2));
    h.quotes.set(call(100), quote(call(100), 2.5, 2.7));
    await h.service.closePosition('u1', call(100), {});
    const pf = await h.service.portfolio('u1');
    if (!pf.ok) throw new Error(pf.error.message);
    const [close, open] = pf.value.activity;
    expect(open).toMatchObject({ kind: 'fill', realizedPnl: 0, fee: 1.3 });
    expect(close).toMatchObject({ kind: 'fill', realizedPnl: 60, fee: 1.3 });
    expect(pf.value.account).toMatchObject({ realizedPnl: 60, fees: 2.6, totalPnl: 57.4 }); // the fees apart, and netted in total P&L
  });

  it('cancels an open order and releases its hold', async () => {
    const h = harness();
    await h.service.openAccount('u1', 100_000);
    const placed = await h.service.placeOrder('u1', buy(call(105), 1, { type: 'limit', limitPrice: 0.5 }));
    if (!placed.ok) throw new Error(placed.error.message);
    const canceled = await h.service.cancelOrder('u1', placed.value.order.orderId);
    expect(canceled.ok && canceled.value).toMatchObject({ status: 'canceled', canceledAt: expect.any(String) });
    expect(await h.service.cancelOrder('u1', placed.value.order.orderId)).toMatchObject({
      ok: false,
      error: { message: 'This order is canceled; only open orders can be canceled.' },
    });
  });

  it('settles an expired option at the expiry close and tells the journal', async () => {
    const h = harness();
    await h.service.openAccount('u1', 100_000);
    await h.service.placeOrder('u1', buy(call(100, '2026-11-27'), 1));
    h.closes.set('XYZ|2026-11-27', 103);
    h.setNow('2026-11-27T22:00:00Z');
    const before = await h.service.portfolio('u1');
    expect(before.ok && before.value.pending).toEqual([{ kind: 'settlement', text: expect.stringMatching(/^XYZ Nov 27, 2026 \$100 Call has expired/) }]);
    expect((await h.repo.getPositions('u1')).map((p) => p.symbol)).toEqual([call(100, '2026-11-27')]);
    await h.service.maintain('u1');
    const pf = await h.service.portfolio('u1');
    if (!pf.ok) throw new Error(pf.error.message);
    expect(pf.value.pending).toEqual([]);
    expect(pf.value.positions).toEqual([expect.objectContaining({ symbol: 'XYZ', kind: 'stock', quantity: 100, avgPrice: 103 })]);
    expect(pf.value.activity[0]!.text).toMatch(/^Exercised at expiry: 1 contract of XYZ Nov 27, 2026 \$100 Call; bought 100 XYZ at \$100\.00\.$/);
    expect(h.events.at(-1)).toMatchObject({ type: 'OptionExpired', detail: { outcome: 'exercised', contract: call(100, '2026-11-27') } });
    // Settling twice changes nothing.
    await h.service.maintain('u1');
    expect((await h.repo.getPositions('u1')).length).toBe(1);
  });

  it('exercises a long call on request when it is in the money and cash allows', async () => {
    const h = harness();
    await h.service.openAccount('u1', 100_000);
    await h.service.placeOrder('u1', buy(call(100), 1));
    h.setPrice(99);
    expect(await h.service.exercise('u1', call(100))).toMatchObject({ ok: false, error: { code: 'unprocessable' } });
    h.setPrice(106);
    const done = await h.service.exercise('u1', call(100));
    expect(done.ok && done.value.activity.text).toMatch(/^Exercised early/);
    expect((await h.repo.getPositions('u1')).map((p) => [p.symbol, p.quantity])).toEqual([['XYZ', 100]]);
  });

  it('warns when exercising gives up time value that selling at the bid would get (issue 23), and not when it gives up none', async () => {
    const h = harness();
    await h.service.openAccount('u1', 100_000);
    const commission = (await h.repo.getAccount('u1'))!.settings.commissionPerContract;
    await h.service.placeOrder('u1', buy(call(100), 2));
    // $1 in the money and bid $2.00: exercising one contract gets $100 of intrinsic value, selling it $200 less commission.
    h.setPrice(101);
    const early = await h.service.exercise('u1', call(100), 1);
    const sale = 200 - commission;
    expect(early.ok && early.value.warning).toBe(
      `Exercising now gives up $${(sale - 100).toFixed(2)} of time value; selling the option would get $${sale.toFixed(2)}.`,
    );
    // $6 in the money, bid $2.00: exercising gets more than selling, so there is nothing to warn about.
    h.setPrice(106);
    const deep = await h.service.exercise('u1', call(100), 1);
    expect(deep.ok && deep.value.warning).toBeNull();
  });

  it('shows commissions as fees: opening realizes nothing, closing realizes the trade before fees, and total P&L nets the fees (issue 24)', async () => {
    const h = harness();
    await h.service.openAccount('u1', 100_000);
    await h.service.placeOrder('u1', buy(call(100), 2));
    const opened = await h.service.portfolio('u1');
    expect(opened.ok && opened.value.account).toMatchObject({ realizedPnl: 0, fees: 1.3 });
    await h.service.closePosition('u1', call(100), {});
    const closed = await h.service.portfolio('u1');
    // Bought at the ask ($2.20), sold at the bid ($2.00): −$40.00 before fees; four commissions of $0.65.
    expect(closed.ok && closed.value.account).toMatchObject({ realizedPnl: -40, fees: 2.6, unrealizedPnl: 0, totalPnl: -42.6 });
    const reset = await h.service.resetAccount('u1', 10_000);
    expect(reset.ok && reset.value.account).toMatchObject({ realizedPnl: 0, fees: 0 });
  });

  it('resets to a new run, keeping the old orders as history', async () => {
    const h = harness();
    await h.service.openAccount('u1', 100_000);
    await h.service.placeOrder('u1', buy(call(100), 1));
    const reset = await h.service.resetAccount('u1', 10_000);
    expect(reset.ok && reset.value.account).toMatchObject({ run: 2, cash: 10_000, equity: 10_000, realizedPnl: 0 });
    expect(reset.ok && reset.value.positions).toEqual([]);
    const orders = await h.repo.listOrders('u1');
    expect(orders).toEqual([expect.objectContaining({ run: 1, status: 'filled' })]);
  });

  it('does not log a pre-trade dry run, only what is done with orders', async () => {
    const h = harness();
    await h.service.openAccount('u1', 100_000);
    const dry = await h.service.preTrade('u1', buy(call(100)));
    expect(dry.ok && dry.value.canProceed).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    expect((await h.service.complianceSummary('u1', 30)).totalChecks).toBe(0);
    await h.service.placeOrder('u1', buy(call(100)));
    const summary = await h.service.complianceSummary('u1', 30);
    expect(summary.totalChecks).toBe(dry.ok ? dry.value.checks.length : -1);
    expect(summary.recentChecks.every((c) => c.action_taken === 'approved')).toBe(true);
  });

  it('summarises the compliance log', async () => {
    const h = harness();
    await h.service.openAccount('u1', 100_000);
    await h.service.updateSettings('u1', { optionsLevel: 1 });
    await h.service.placeOrder('u1', buy(call(100)));
    await new Promise((r) => setTimeout(r, 0));
    const summary = await h.service.complianceSummary('u1', 30);
    expect(summary.failed).toBe(1);
    expect(summary.totalChecks).toBe(summary.passed + summary.failed + summary.warnings);
    expect(summary.recentChecks.find((c) => c.check_result === 'failed')).toMatchObject({
      compliance_type: 'trading_level',
      action_taken: 'blocked',
      details: { message: 'Trading level 2 required. Current level: 1' },
    });
  });
});

describe('day P&L', () => {
  const dayPnl = async (h: ReturnType<typeof harness>) => {
    const r = await h.service.portfolio('u1');
    if (!r.ok) throw new Error(r.error.message);
    return r.value.account.dayPnl;
  };
  /** The chain as the evening ingestion leaves it: marks from that day's close. */
  const closeQuote = (contract: string, bid: number, ask: number, date: string) => ({ ...quote(contract, bid, ask), asOf: `${date}T21:00:00.000Z` });

  it("counts a day's trades at once and the day's mark change once the evening's closing quotes arrive", async () => {
    const h = harness('2026-11-23T15:00:00Z'); // Monday 10:00 New York; the quotes are Friday's close
    await h.service.openAccount('u1', 100_000);
    expect(await dayPnl(h)).toBe(0);
    await h.service.placeOrder('u1', buy(call(100))); // at the ask 2.20, marked at the mid 2.10, $0.65 commission
    expect(await dayPnl(h)).toBe(-10.65);
    h.quotes.set(call(100), closeQuote(call(100), 2.9, 3.1, '2026-11-23'));
    h.setNow('2026-11-23T23:30:00Z'); // 18:30, after the ingestion: Monday's close
    expect(await dayPnl(h)).toBe(79.35);
  });

  it("measures a day without trades from the previous close's daily bar", async () => {
    const h = harness('2026-11-23T15:00:00Z');
    await h.service.openAccount('u1', 100_000);
    await h.service.placeOrder('u1', buy(call(100)));
    h.quotes.set(call(100), closeQuote(call(100), 2.9, 3.1, '2026-11-23'));
    h.setNow('2026-11-24T15:00:00Z'); // Tuesday 10:00: the marks are still Monday's close
    expect(await dayPnl(h)).toBe(0);
    h.quotes.set(call(100), closeQuote(call(100), 3.4, 3.6, '2026-11-24'));
    h.setNow('2026-11-24T23:30:00Z'); // Tuesday evening: Tuesday's close 3.50 against Monday's bar
    h.contractCloses.set(`${call(100)}|2026-11-23`, 3.0);
    expect(await dayPnl(h)).toBe(50);
    // On Saturday the day shown is Friday's, measured from Wednesday's close (Thanksgiving closes Thursday).
    h.setNow('2026-11-28T17:00:00Z');
    h.contractCloses.set(`${call(100)}|2026-11-25`, 3.2);
    h.quotes.set(call(100), closeQuote(call(100), 3.4, 3.6, '2026-11-27'));
    expect(await dayPnl(h)).toBe(30);
  });

  it('leaves a position out rather than guessing when its previous close is not on record', async () => {
    const h = harness('2026-11-23T15:00:00Z');
    await h.service.openAccount('u1', 100_000);
    await h.service.placeOrder('u1', buy(call(100)));
    h.quotes.set(call(100), closeQuote(call(100), 3.4, 3.6, '2026-11-24'));
    h.setNow('2026-11-24T23:30:00Z');
    expect(await dayPnl(h)).toBe(0);
  });
});
