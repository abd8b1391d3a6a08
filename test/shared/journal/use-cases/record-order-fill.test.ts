import { describe, expect, it } from 'vitest';
import { recordOrderFill } from '@shared/journal/use-cases/record-order-fill';
import { order, setup, USER } from './fixtures';

describe('journal fills of paper orders, against a repository with the real conditions', () => {
  it('makes one trade of an order delivered twice at once, recognising the strategy from its legs', async () => {
    const { mem, deps } = setup();
    const results = await Promise.all([recordOrderFill(deps, USER, order.orderId), recordOrderFill(deps, USER, order.orderId)]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect([...mem.trades.values()].map((t) => [t.trade.id, t.trade.strategy, t.trade.strategySource])).toEqual([
      [order.orderId, 'Bull Put Spread', 'recognised'],
    ]);
  });
});

describe('a fill made by the practice shortcut while the market was closed', () => {
  it('labels the journal trade as the order is labelled', async () => {
    const { mem, deps } = setup();
    const label = "Filled at Friday's close (practice shortcut — the market was closed)";
    const shortcut = { ...order, fillNote: label };
    await recordOrderFill({ ...deps, paper: { ...deps.paper, getOrder: async () => shortcut } }, USER, order.orderId);
    expect([...mem.trades.values()].map((t) => t.trade.fillNote)).toEqual([label]);
  });
});
