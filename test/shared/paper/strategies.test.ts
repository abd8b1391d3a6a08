import { describe, expect, it } from 'vitest';
import { harness } from '../../support/paper-harness';
import { call, quote } from '../../support/trading-fixtures';

/** Strategies as one position (issue 24): grouped by the order that opened them, closed as one order. */
async function withSpread() {
  const h = harness();
  await h.service.openAccount('u1', 100_000);
  await h.service.updateSettings('u1', { optionsLevel: 3 });
  const opened = await h.service.placeOrder('u1', {
    clientOrderId: 'open-spread',
    type: 'market',
    timeInForce: 'day',
    strategy: 'Bull Call Spread',
    legs: [
      { contract: call(100), side: 'buy', quantity: 2 },
      { contract: call(105), side: 'sell', quantity: 2 },
    ],
  });
  if (!opened.ok) throw new Error(opened.error.message);
  return { h, groupId: opened.value.order.orderId };
}

describe('strategies in the portfolio', () => {
  it('groups the legs an order opened under its strategy, with the strategy’s value and P&L', async () => {
    const { h, groupId } = await withSpread();
    const pf = await h.service.portfolio('u1');
    if (!pf.ok) throw new Error(pf.error.message);
    expect(pf.value.positions.map((p) => p.group)).toEqual([
      { id: groupId, name: 'Bull Call Spread' },
      { id: groupId, name: 'Bull Call Spread' },
    ]);
    const [strategy] = pf.value.strategies;
    expect(strategy).toMatchObject({ id: groupId, name: 'Bull Call Spread', symbols: expect.arrayContaining([call(100), call(105)]) });
    const legs = pf.value.positions;
    expect(strategy!.unrealizedPnl).toBeCloseTo(
      legs.reduce((s, p) => s + p.unrealizedPnl, 0),
      2,
    );
    // A single contract bought on its own stays a position of its own.
    await h.service.placeOrder('u1', {
      clientOrderId: 'single',
      type: 'market',
      timeInForce: 'day',
      legs: [{ contract: call(100, '2026-11-27'), side: 'buy', quantity: 1 }],
    });
    const after = await h.service.portfolio('u1');
    expect(after.ok && after.value.positions.find((p) => p.symbol === call(100, '2026-11-27'))!.group).toBeNull();
  });

  it('closes a strategy as one reduce-only order of every leg: one order, one commission per contract, one day trade', async () => {
    const { h, groupId } = await withSpread();
    h.quotes.set(call(100), quote(call(100), 2.6, 2.8));
    h.quotes.set(call(105), quote(call(105), 1.0, 1.1));
    const closed = await h.service.closeStrategy('u1', groupId, { clientOrderId: 'close-spread' });
    if (!closed.ok) throw new Error(closed.error.message);
    expect(closed.value.order).toMatchObject({
      status: 'filled',
      strategy: 'Bull Call Spread',
      legs: [
        { contract: call(100), side: 'sell', quantity: 2 },
        { contract: call(105), side: 'buy', quantity: 2 },
      ],
      commission: 2.6,
    });
    expect(await h.repo.getPositions('u1')).toEqual([]);
    const pf = await h.service.portfolio('u1');
    expect(pf.ok && pf.value.account.pdt.dayTradeCount).toBe(1);
    // A retry returns the same order; the strategy is gone for a new close.
    const again = await h.service.closeStrategy('u1', groupId, { clientOrderId: 'close-spread' });
    expect(again.ok && again.value.order.orderId).toBe(closed.value.order.orderId);
    expect(await h.service.closeStrategy('u1', groupId, { clientOrderId: 'close-again' })).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: 'This strategy is already closed' },
    });
  });

  it('says which leg to close first when closing one leg would leave a short call uncovered', async () => {
    const { h } = await withSpread();
    const refused = await h.service.closePosition('u1', call(100), {});
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'unprocessable',
        message:
          'Closing XYZ Dec 18, 2026 $100 Call would leave your short XYZ Dec 18, 2026 $105 Call uncovered. Close the short call first, or close the whole strategy.',
      },
    });
    // Closing the short first is fine.
    expect((await h.service.closePosition('u1', call(105), {})).ok).toBe(true);
  });

  it('lets the learner move a position into a strategy, or out of it', async () => {
    const { h, groupId } = await withSpread();
    await h.service.placeOrder('u1', {
      clientOrderId: 'single',
      type: 'market',
      timeInForce: 'day',
      legs: [{ contract: call(100, '2026-11-27'), side: 'buy', quantity: 1 }],
    });
    expect(await h.service.regroupPosition('u1', call(100, '2026-11-27'), { groupId })).toEqual({ ok: true, value: { id: groupId, name: 'Bull Call Spread' } });
    expect(await h.service.regroupPosition('u1', call(105), { groupId: 'mine-1', name: 'Hedge' })).toEqual({
      ok: true,
      value: { id: 'mine-1', name: 'Hedge' },
    });
    expect(await h.service.regroupPosition('u1', call(100), { groupId: null })).toEqual({ ok: true, value: null });
    expect(await h.service.regroupPosition('u1', call(100), { groupId: 'nope' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    const pf = await h.service.portfolio('u1');
    expect(pf.ok && pf.value.strategies.map((s) => [s.name, s.symbols])).toEqual([
      ['Hedge', [call(105)]],
      ['Bull Call Spread', [call(100, '2026-11-27')]],
    ]);
  });
});
