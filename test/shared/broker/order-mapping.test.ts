import { describe, expect, it } from 'vitest';
import { accountInfo, isOpenAtAlpaca, orderRecord, toAlpacaOrder } from '@shared/broker/order-mapping';
import { evaluateLiveOrder, PDT_NOT_REPORTED } from '@shared/broker/live-compliance';
import type { BrokerAccountInfo } from '@shared/broker/broker.port';
import type { OrderRequest } from '@shared/trading/order';

const C500 = 'SPY261218C00500000';
const C510 = 'SPY261218C00510000';
const order = (legs: OrderRequest['legs'], extra: Partial<OrderRequest> = {}): OrderRequest => ({
  clientOrderId: 'k-1',
  type: 'market',
  timeInForce: 'day',
  legs,
  ...extra,
});

describe('our order as an Alpaca order', () => {
  it('sends one leg as a simple order with the position intent the holdings imply', () => {
    expect(toAlpacaOrder(order([{ contract: C500, side: 'buy', quantity: 2 }]), new Map())).toEqual({
      ok: true,
      value: {
        type: 'market',
        time_in_force: 'day',
        client_order_id: 'oa-k-1',
        symbol: C500,
        qty: '2',
        side: 'buy',
        order_class: 'simple',
        position_intent: 'buy_to_open',
      },
    });
    const closing = toAlpacaOrder(order([{ contract: C500, side: 'sell', quantity: 1 }], { type: 'limit', limitPrice: 10.5 }), new Map([[C500, 2]]));
    expect(closing.ok && closing.value).toMatchObject({ position_intent: 'sell_to_close', limit_price: '10.5' });
  });

  it('sends several legs as ONE mleg order: quantity in units, ratios in lowest terms, the signed net limit per unit', () => {
    const res = toAlpacaOrder(
      order(
        [
          { contract: C500, side: 'buy', quantity: 4 },
          { contract: C510, side: 'sell', quantity: 8 },
        ],
        { type: 'limit', limitPrice: -0.35 },
      ),
      new Map(),
    );
    expect(res).toEqual({
      ok: true,
      value: {
        type: 'limit',
        time_in_force: 'day',
        client_order_id: 'oa-k-1',
        limit_price: '-0.35',
        order_class: 'mleg',
        qty: '4',
        legs: [
          { symbol: C500, ratio_qty: '1', side: 'buy', position_intent: 'buy_to_open' },
          { symbol: C510, ratio_qty: '2', side: 'sell', position_intent: 'sell_to_open' },
        ],
      },
    });
  });

  it('refuses legs on two underlyings and a contract twice', () => {
    const mixed = toAlpacaOrder(
      order([
        { contract: C500, side: 'buy', quantity: 1 },
        { contract: 'QQQ261218C00500000', side: 'sell', quantity: 1 },
      ]),
      new Map(),
    );
    expect(!mixed.ok && mixed.error.message).toBe('Every leg of a multi-leg order must be on the same underlying (Alpaca places it as one mleg order).');
    const twice = toAlpacaOrder(
      order([
        { contract: C500, side: 'buy', quantity: 1 },
        { contract: C500, side: 'sell', quantity: 1 },
      ]),
      new Map(),
    );
    expect(!twice.ok && twice.error.message).toBe('Each contract may appear in one leg only.');
  });

  it("reads an mleg parent's empty symbol and side from its legs", () => {
    const record = orderRecord({
      id: 'o1',
      client_order_id: 'oa-k-1',
      created_at: '2026-11-20T15:00:00Z',
      symbol: '',
      asset_class: '',
      side: '',
      order_class: 'mleg',
      type: 'limit',
      time_in_force: 'day',
      qty: '1',
      filled_qty: '1',
      filled_avg_price: '1.28',
      limit_price: '10',
      status: 'filled',
      legs: [
        {
          id: 'l1',
          client_order_id: 'x',
          created_at: '',
          symbol: C500,
          asset_class: 'us_option',
          side: 'buy',
          order_class: 'mleg',
          type: '',
          time_in_force: 'day',
          filled_qty: '3',
          ratio_qty: '3',
          status: 'filled',
          position_intent: 'buy_to_open',
          filled_avg_price: '0.43',
        },
        {
          id: 'l2',
          client_order_id: 'y',
          created_at: '',
          symbol: C510,
          asset_class: 'us_option',
          side: 'sell',
          order_class: 'mleg',
          type: '',
          time_in_force: 'day',
          filled_qty: '1',
          ratio_qty: '1',
          status: 'filled',
          position_intent: 'sell_to_open',
          filled_avg_price: '0.01',
        },
      ],
    });
    expect(record).toMatchObject({
      symbol: `${C500} / ${C510}`,
      side: 'mleg',
      asset_class: 'us_option',
      filled_avg_price: 1.28,
      legs: [{ ratio_qty: 3 }, { ratio_qty: 1 }],
    });
  });

  it("takes the broker's level, lowered by the form's level, never raised", () => {
    const base = { id: 'a', account_number: 'PA1', status: 'ACTIVE', currency: 'USD', cash: '1000', buying_power: '1000', equity: '1000', multiplier: '1' };
    expect(accountInfo({ ...base, options_approved_level: 2, options_trading_level: 2 }, 3, 't').trading_level).toBe(2);
    expect(accountInfo({ ...base, options_approved_level: 3, options_trading_level: 3 }, 1, 't').trading_level).toBe(1);
    expect(accountInfo({ ...base, options_approved_level: 2, options_trading_level: 1 }, 3, 't').trading_level).toBe(1);
  });
});

describe('an order still open at Alpaca', () => {
  it('is any status but the final ones (the scheduled sync follows these learners)', () => {
    for (const status of ['new', 'accepted', 'pending_new', 'partially_filled', 'held', 'pending_cancel']) expect(isOpenAtAlpaca(status)).toBe(true);
    for (const status of ['filled', 'canceled', 'expired', 'rejected', 'replaced', 'done_for_day']) expect(isOpenAtAlpaca(status)).toBe(false);
  });
});

describe('pre-trade compliance on the broker’s figures', () => {
  const account: BrokerAccountInfo = {
    account_number: 'PA1',
    account_status: 'ACTIVE',
    trading_level: 3,
    options_approved_level: 3,
    buying_power: 5000,
    options_buying_power: 5000,
    pattern_day_trader: null,
    day_trade_count: null,
    equity: 5000,
    cash: 5000,
    portfolio_value: 5000,
    multiplier: 1,
    last_synced_at: 't',
  };
  const quote = (bid: number, ask: number) => ({ contract: '', bid, ask, last: null, mark: (bid + ask) / 2, asOf: '', underlyingPrice: 505 });
  const quotes = new Map([
    [C500, quote(10, 10.2)],
    [C510, quote(5, 5.2)],
  ]);

  it("blocks a cost above the larger buying power with the spec's message", () => {
    const res = evaluateLiveOrder(order([{ contract: C500, side: 'buy', quantity: 5 }]), { account, positions: [], quotes });
    expect(res.canProceed).toBe(false);
    expect(res.checks.find((c) => c.type === 'buying_power')?.message).toBe('Insufficient buying power. Required: $5,100.00, Available: $5,000.00');
  });

  it('says as info that Alpaca no longer reports day trades, and uses the PDT fields when they are there', () => {
    const without = evaluateLiveOrder(order([{ contract: C500, side: 'buy', quantity: 1 }]), { account, positions: [], quotes });
    expect(without.checks.filter((c) => c.type === 'pdt')).toEqual([{ passed: true, type: 'pdt', severity: 'info', message: PDT_NOT_REPORTED }]);
    expect(without.canProceed).toBe(true);
    const flagged = evaluateLiveOrder(order([{ contract: C500, side: 'buy', quantity: 1 }]), {
      account: { ...account, pattern_day_trader: true, day_trade_count: 4 },
      positions: [],
      quotes,
    });
    expect(flagged.checks.find((c) => c.type === 'pdt' && c.severity === 'error')?.message).toBe(
      'Pattern Day Trader account requires minimum $25,000 equity. Current equity: $5,000.00',
    );
  });

  it('needs level 3 for a spread and refuses a naked call at any level; a closing sale needs none', () => {
    const spread = order([
      { contract: C500, side: 'buy', quantity: 1 },
      { contract: C510, side: 'sell', quantity: 1 },
    ]);
    expect(
      evaluateLiveOrder(spread, { account: { ...account, trading_level: 2 }, positions: [], quotes }).checks.find((c) => c.type === 'trading_level')?.message,
    ).toBe('Trading level 3 required. Current level: 2');
    const naked = evaluateLiveOrder(order([{ contract: C510, side: 'sell', quantity: 1 }]), { account, positions: [], quotes });
    expect(naked.checks[0]).toMatchObject({ type: 'naked_short', severity: 'error' });
    const held = [{ symbol: C500, quantity: 2, avg_entry_price: 9 } as never];
    const close = evaluateLiveOrder(order([{ contract: C500, side: 'sell', quantity: 2 }]), {
      account: { ...account, trading_level: 0 },
      positions: held,
      quotes,
    });
    expect(close.canProceed).toBe(true);
  });

  it("answers the spec's three order messages as an invalid order", () => {
    const res = evaluateLiveOrder(order([{ contract: C500, side: 'buy', quantity: 1.5 }], { type: 'limit', timeInForce: 'gtc' }), {
      account,
      positions: [],
      quotes,
    });
    expect(res).toMatchObject({ invalid: true, canProceed: false });
    expect(res.checks.map((c) => c.message)).toEqual([
      'Options orders must have whole number quantities',
      'Limit price required for limit orders',
      'Options orders must use day time_in_force',
    ]);
  });
});
