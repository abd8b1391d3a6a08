import { describe, expect, it } from 'vitest';
import { hasWrittenPlan } from '@shared/journal/entries';
import { createEntry } from '@shared/journal/use-cases/create-entry';
import { recordOrderFill } from '@shared/journal/use-cases/record-order-fill';
import { recordSettlement } from '@shared/journal/use-cases/record-settlement';
import { fixedClock } from '@shared/ports/clock.port';
import { closing, LONG, order, reflection, setup, USER } from './fixtures';

describe('closing a journal trade, against a repository with the real conditions', () => {
  it('publishes JournalTradeClosed once when a trade closes, with its net result and whether a plan was written before', async () => {
    const { mem, deps } = setup();
    await recordOrderFill(deps, USER, order.orderId);
    deps.clock = fixedClock('2026-11-18T16:00:00.000Z'); // the plan is written while the trade is open
    const plan = reflection({
      thesis: 'SPY holds above 580 into December expiry',
      plannedExit: { profitTargetPct: 50, stop: 'Close at twice the credit', time: '' },
    });
    expect((await createEntry(deps, USER, plan)).ok).toBe(true);
    // The closing order delivered twice at once: one close, one event.
    await Promise.all([recordOrderFill(deps, USER, closing.orderId), recordOrderFill(deps, USER, closing.orderId)]);
    const closed = mem.events.filter((e) => e.type === 'JournalTradeClosed');
    const trade = mem.trades.get(`${USER}|${order.orderId}`)!.trade;
    expect(closed).toHaveLength(1);
    expect(closed[0]!.detail).toMatchObject({
      userId: USER,
      tradeId: order.orderId,
      account: 'paper',
      run: 1,
      strategy: 'Bull Put Spread',
      legs: 2,
      realizedPnl: trade.realizedPnl,
      outcome: trade.realizedPnl > 0 ? 'win' : 'loss',
      hasPlan: true,
      closedAt: closing.filledAt,
    });
  });

  it('says a trade had no plan when its entry has no planned exit, or was written after the close', async () => {
    expect(hasWrittenPlan(null, '2026-11-19T15:00:00.000Z')).toBe(false);
    const entry = {
      thesis: 'SPY holds above 580 into December expiry',
      plannedExit: { profitTargetPct: null, stop: '', time: '' },
      createdAt: '2026-11-18T16:00:00.000Z',
    };
    expect(hasWrittenPlan(entry, '2026-11-19T15:00:00.000Z')).toBe(false);
    const withExit = { ...entry, plannedExit: { profitTargetPct: null, stop: '', time: 'Out a week before expiry' } };
    expect(hasWrittenPlan(withExit, '2026-11-19T15:00:00.000Z')).toBe(true);
    expect(hasWrittenPlan({ ...withExit, createdAt: '2026-11-19T16:00:00.000Z' }, '2026-11-19T15:00:00.000Z')).toBe(false);
    expect(hasWrittenPlan({ ...withExit, thesis: 'up' }, '2026-11-19T15:00:00.000Z')).toBe(false);

    const { mem, deps } = setup();
    await recordOrderFill(deps, USER, order.orderId);
    await recordOrderFill(deps, USER, closing.orderId);
    expect(mem.events.filter((e) => e.type === 'JournalTradeClosed').map((e) => (e.detail as { hasPlan: boolean }).hasPlan)).toEqual([false]);
  });

  it('publishes JournalTradeClosed when the last leg closes at expiry', async () => {
    const { mem, deps } = setup();
    await recordOrderFill(deps, USER, order.orderId);
    const short = { ...closing, fills: [closing.fills[0]!], legs: [closing.legs[0]!] };
    deps.paper.getOrder = async (_u, id) => [order, short].find((o) => o.orderId === id) ?? null;
    await recordOrderFill(deps, USER, short.orderId);
    expect(mem.events.filter((e) => e.type === 'JournalTradeClosed')).toHaveLength(0);
    const r = await recordSettlement(deps, USER, {
      key: '01KEXPIRY00000000000000001',
      contract: LONG,
      quantity: 1,
      side: null,
      price: 0,
      commission: 0,
      at: '2026-12-18T21:30:00.000Z',
      reason: 'expired_worthless',
    });
    expect(r.ok).toBe(true);
    const closed = mem.events.filter((e) => e.type === 'JournalTradeClosed');
    expect(closed.map((e) => e.detail)).toEqual([expect.objectContaining({ tradeId: order.orderId, closedAt: '2026-12-18T21:30:00.000Z', hasPlan: false })]);
  });
});
