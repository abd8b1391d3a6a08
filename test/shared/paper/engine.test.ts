import { describe, expect, it } from 'vitest';
import { evaluateOrder, type TradingState } from '@shared/paper/engine';
import type { Position } from '@shared/paper/types';
import type { OrderRequest, Quote } from '@shared/trading/order';
import { account, call, NOW, optionPosition, put, quote, stockPosition } from '../../support/trading-fixtures';

function state(opts: { cash?: number; level?: 0 | 1 | 2 | 3; positions?: Position[]; quotes?: Quote[]; dayTrades?: string[]; now?: Date } = {}): TradingState {
  const quotes = new Map(
    (
      opts.quotes ?? [quote(call(100), 2.0, 2.2), quote(call(105), 0.8, 0.9), quote(put(95), 1.1, 1.2), quote(put(90), 0.4, 0.5), quote(call(110), 0.3, 0.35)]
    ).map((q) => [q.contract, q]),
  );
  const positions = opts.positions ?? [];
  const marks = new Map(positions.map((p) => [p.symbol, p.kind === 'stock' ? 100 : (quotes.get(p.symbol)?.mark ?? p.avgPrice)]));
  const a = account({ cash: opts.cash ?? 100_000, dayTrades: opts.dayTrades ?? [] });
  a.settings.optionsLevel = opts.level ?? 2;
  return { account: a, positions, quotes, marks, underlyingPrices: new Map([['XYZ', 100]]), now: opts.now ?? NOW };
}
const order = (legs: OrderRequest['legs'], extra: Partial<OrderRequest> = {}): OrderRequest => ({
  clientOrderId: 'c',
  type: 'market',
  timeInForce: 'day',
  legs,
  ...extra,
});
const messages = (e: ReturnType<typeof evaluateOrder>) => e.checks.map((c) => c.message);

describe('deciding an order', () => {
  it('fills a market buy at the ask with commission, needing level 2', () => {
    const e = evaluateOrder(state(), order([{ contract: call(100), side: 'buy', quantity: 3 }]));
    expect(e.canProceed).toBe(true);
    expect(e.decision).toMatchObject({ kind: 'fill', netPrice: 2.2, commission: 1.95, cashDelta: -661.95, totalCost: 661.95 });
    expect(messages(e)).toContain('Trading level 2 approved for this strategy');
    expect(messages(e)).toContain('Sufficient buying power available: $100,000.00');
    expect(messages(e)).toContain('Day trade count: 0 (limit: 3 for non-PDT accounts)');
    expect(messages(e)).toContain('Margin requirements met');
    // The fill records the quote it used.
    if (e.decision?.kind === 'fill') expect(e.decision.fills[0]!.quote).toMatchObject({ bid: 2.0, ask: 2.2 });
  });

  it('blocks a long option at level 1, with the spec message', () => {
    const e = evaluateOrder(state({ level: 1 }), order([{ contract: call(100), side: 'buy', quantity: 1 }]));
    expect(e.canProceed).toBe(false);
    expect(messages(e)).toContain('Trading level 2 required. Current level: 1');
  });

  it('allows a cash-secured put and a covered call at level 1', () => {
    expect(evaluateOrder(state({ level: 1 }), order([{ contract: put(95), side: 'sell', quantity: 1 }])).canProceed).toBe(true);
    const covered = evaluateOrder(state({ level: 1, positions: [stockPosition('XYZ', 100, 95)] }), order([{ contract: call(110), side: 'sell', quantity: 1 }]));
    expect(covered.canProceed).toBe(true);
    expect(messages(covered)).toContain('Trading level 1 approved for this strategy');
  });

  it('lets a learner close a position at any level, even 0', () => {
    const e = evaluateOrder(state({ level: 0, positions: [optionPosition(call(100), 2, 1.5)] }), order([{ contract: call(100), side: 'sell', quantity: 2 }]));
    expect(e.canProceed).toBe(true);
    expect(messages(e)).toContain('Trading level 0 approved for this strategy');
    expect(evaluateOrder(state({ level: 0 }), order([{ contract: call(100), side: 'buy', quantity: 1 }])).canProceed).toBe(false);
  });

  it('lets a learner sell to close when the account has no buying power left', () => {
    // Cash overdrawn (say, after an assignment): the sale raises cash, so neither buying power nor margin blocks it.
    const e = evaluateOrder(
      state({ cash: -5_000, positions: [optionPosition(call(100), 2, 1.5)] }),
      order([{ contract: call(100), side: 'sell', quantity: 2 }]),
    );
    expect(e.canProceed).toBe(true);
    expect(e.decision).toMatchObject({ kind: 'fill', cashDelta: 398.7 });
    expect(evaluateOrder(state({ cash: -5_000 }), order([{ contract: call(100), side: 'buy', quantity: 1 }])).canProceed).toBe(false);
  });

  it('needs level 3 for a spread placed as one order', () => {
    const legs = [
      { contract: call(100), side: 'buy' as const, quantity: 1 },
      { contract: call(105), side: 'sell' as const, quantity: 1 },
    ];
    expect(messages(evaluateOrder(state({ level: 2 }), order(legs)))).toContain('Trading level 3 required. Current level: 2');
    const ok = evaluateOrder(state({ level: 3 }), order(legs));
    expect(ok.decision).toMatchObject({ kind: 'fill', netPrice: 1.4 });
  });

  it('refuses a naked short call at every level', () => {
    for (const level of [1, 2, 3] as const) {
      const e = evaluateOrder(state({ level }), order([{ contract: call(110), side: 'sell', quantity: 1 }]));
      expect(e.canProceed).toBe(false);
      expect(e.checks.find((c) => c.type === 'naked_short')?.message).toBe(
        'Naked short calls are not allowed at any trading level. Sell a call against 100 shares per contract, or as part of a spread.',
      );
    }
  });

  it('reserves the strike for a cash-secured put and refuses one the cash cannot secure', () => {
    const e = evaluateOrder(state({ cash: 5_000, level: 1 }), order([{ contract: put(95), side: 'sell', quantity: 1 }]));
    // 9,500 reserved, less the 110 premium and after the 0.65 commission.
    expect(messages(e)).toContain('Insufficient buying power. Required: $9,390.65, Available: $5,000.00');
  });

  it('rests a limit that is not marketable and holds its worst-case cost', () => {
    const e = evaluateOrder(state(), order([{ contract: call(100), side: 'buy', quantity: 2 }], { type: 'limit', limitPrice: 2.1 }));
    expect(e.decision).toEqual({ kind: 'rest', hold: 421.3 });
    const marketable = evaluateOrder(state(), order([{ contract: call(100), side: 'buy', quantity: 2 }], { type: 'limit', limitPrice: 2.25 }));
    expect(marketable.decision).toMatchObject({ kind: 'fill', netPrice: 2.2 });
  });

  it('will not fill a market order without the side it needs', () => {
    const e = evaluateOrder(state({ quotes: [quote(call(100), null, 0.05)] }), order([{ contract: call(100), side: 'sell', quantity: 1 }]));
    expect(messages(e)).toEqual([`There is no bid for ${call(100)} right now, so a market order cannot fill. Use a limit order.`]);
  });

  it('counts closing a position opened the same session as a day trade, warns at 3 and blocks a flagged small account', () => {
    const openedToday = optionPosition(call(100), 1, 2.0, '2026-11-23');
    const close = order([{ contract: call(100), side: 'sell', quantity: 1 }]);
    const third = evaluateOrder(state({ cash: 50_000, positions: [openedToday], dayTrades: ['2026-11-19', '2026-11-20'] }), close);
    expect(third.decision).toMatchObject({ kind: 'fill', dayTrade: true });
    expect(messages(third)).toEqual(
      expect.arrayContaining(['One more will trigger Pattern Day Trader rules', 'Day trade count: 3 (limit: 3 for non-PDT accounts)']),
    );
    const fourth = evaluateOrder(state({ cash: 10_000, positions: [openedToday], dayTrades: ['2026-11-18', '2026-11-19', '2026-11-20'] }), close);
    expect(fourth.canProceed).toBe(false);
    expect(fourth.checks.find((c) => c.severity === 'error')!.message).toMatch(
      /^Pattern Day Trader account requires minimum \$25,000 equity\. Current equity: \$10,/,
    );
    // Day trades older than five trading days no longer count.
    const old = evaluateOrder(state({ cash: 10_000, positions: [openedToday], dayTrades: ['2026-11-09', '2026-11-10', '2026-11-11'] }), close);
    expect(old.canProceed).toBe(true);
  });

  it('answers malformed orders as invalid, with the spec messages', () => {
    const e = evaluateOrder(state(), order([{ contract: call(100), side: 'buy', quantity: 1.5 }], { timeInForce: 'gtc' }));
    expect(e.invalid).toBe(true);
    expect(messages(e)).toEqual(['Options orders must have whole number quantities', 'Options orders must use day time_in_force']);
    expect(evaluateOrder(state(), order([{ contract: call(101), side: 'buy', quantity: 1 }])).checks[0]!.message).toBe(
      `There is no quote for ${call(101)}: it is not a listed contract.`,
    );
    expect(evaluateOrder(state(), order([{ contract: call(100, '2026-11-20'), side: 'buy', quantity: 1 }])).checks[0]!.message).toMatch(/has expired/);
  });
});
