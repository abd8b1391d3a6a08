import { describe, expect, it } from 'vitest';
import { journalStats } from '@shared/journal/use-cases/journal-stats';
import { recordLiveFill } from '@shared/journal/use-cases/record-live-fill';
import { recordOrderFill } from '@shared/journal/use-cases/record-order-fill';
import { recordReset } from '@shared/journal/use-cases/record-reset';
import { LONG, order, quote, setup, SHORT, USER } from './fixtures';

describe('journal fills on the Alpaca account, against a repository with the real conditions', () => {
  it('journals fills on the Alpaca account as trades of that account: opened, closed by a later fill, untouched by a paper reset, never mixing with paper', async () => {
    const { mem, deps } = setup();
    await recordOrderFill(deps, USER, order.orderId); // the paper bull put spread, open
    const live = { broker: 'alpaca' as const, environment: 'live' as const };
    const opened = await recordLiveFill(
      deps,
      USER,
      {
        orderId: 'alpaca-open-1',
        strategy: 'Bull Put Spread',
        legs: [
          { contract: SHORT, side: 'sell', quantity: 2, price: 3.2 },
          { contract: LONG, side: 'buy', quantity: 2, price: 1.7 },
        ],
        filledAt: '2026-11-19T15:00:00.000Z',
        live,
      },
      async (contracts) => new Map(contracts.map((c) => [c, { ...quote(c), delta: -0.3, gamma: 0.01, theta: -0.05, vega: 0.4 }])),
    );
    expect(opened.ok).toBe(true);
    // A reset of the paper account ends the paper trade only.
    expect((await recordReset(deps, USER, 1, '2026-11-19T16:00:00.000Z')).ok).toBe(true);
    // Closing the live spread (buy back the short, sell the long) closes the live trade and leaves the paper trade open.
    const closed = await recordLiveFill(
      deps,
      USER,
      {
        orderId: 'alpaca-close-1',
        legs: [
          { contract: SHORT, side: 'buy', quantity: 2, price: 1.2 },
          { contract: LONG, side: 'sell', quantity: 2, price: 0.5 },
        ],
        filledAt: '2026-11-20T15:00:00.000Z',
        live,
      },
      null,
    );
    expect(closed.ok).toBe(true);
    const tradeOf = (id: string) => [...mem.trades.values()].find((t) => t.trade.id === id)?.trade;
    const liveTrade = tradeOf('alpaca-open-1')!;
    expect(liveTrade).toMatchObject({ account: 'alpaca-live', status: 'closed', exitReason: 'closed', strategy: 'Bull Put Spread' });
    // (3.20 − 1.20) × 2 × 100 on the short, (0.50 − 1.70) × 2 × 100 on the long, no commission: $160.
    expect(liveTrade.realizedPnl).toBe(160);
    expect(liveTrade.entry.greeks).toEqual({ delta: 0, gamma: 0, theta: 0, vega: 0 });
    expect(tradeOf('alpaca-close-1')).toBeUndefined();
    expect(tradeOf(order.orderId)).toMatchObject({ account: 'paper', status: 'closed', exitReason: 'account_reset' });
    // The statistics keep the accounts apart: the live win is in the live figures only.
    const paperStats = await journalStats(deps, USER, {});
    const liveStats = await journalStats(deps, USER, { account: 'alpaca-live' });
    expect(paperStats.trades).toBe(0);
    expect(liveStats.trades).toBe(1);
    expect(liveStats.netPnl).toBe(160);
  });
});
