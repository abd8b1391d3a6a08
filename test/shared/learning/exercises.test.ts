import { describe, expect, it } from 'vitest';
import { checkExercise, type ExerciseState } from '@shared/learning/exercises';
import type { Position } from '@shared/paper/types';
import type { Order, Quote } from '@shared/trading/order';
import { BASICS } from './fixture-course';

const NOW = new Date('2026-11-25T15:00:00.000Z'); // New York date 2026-11-25
const exercise = BASICS.practicalExercise!;

const position = (symbol: string, p: Partial<Position>): Position => ({
  symbol,
  kind: 'option',
  underlying: 'SPY',
  optionType: 'call',
  strike: 580,
  expiration: '2026-12-18',
  quantity: 1,
  avgPrice: 4.35,
  openedAt: '2026-11-25T14:30:00.000Z',
  openedDate: '2026-11-25',
  version: 1,
  ...p,
});
const quote = (contract: string, bid: number, ask: number, asOf = '2026-11-24T23:00:00.000Z'): Quote => ({
  contract,
  bid,
  ask,
  last: null,
  mark: (bid + ask) / 2,
  asOf,
  underlyingPrice: 576.67,
});
const order = (o: Partial<Order>): Order => ({
  orderId: '01ORDER',
  clientOrderId: 'c1',
  type: 'limit',
  limitPrice: 4.3,
  timeInForce: 'day',
  legs: [{ contract: 'SPY261218C00580000', side: 'buy', quantity: 1 }],
  strategy: null,
  status: 'open',
  createdAt: '2026-11-25T14:30:00.000Z',
  session: '2026-11-25',
  filledAt: null,
  canceledAt: null,
  expiredAt: null,
  fills: [],
  netPrice: null,
  totalCost: null,
  commission: 0,
  held: 430,
  underlyings: ['SPY'],
  run: 1,
  reason: null,
  ...o,
});
const state = (s: Partial<ExerciseState>): ExerciseState => ({ hasAccount: true, positions: [], orders: [], quotes: new Map(), now: NOW, ...s });
const C = 'SPY261218C00580000';

describe('practical exercise checks', () => {
  it('meets both requirements with a long SPY call of 23 days bought by a limit at the mid', () => {
    const filled = order({
      status: 'filled',
      filledAt: '2026-11-25T14:30:00.000Z',
      limitPrice: 4.35,
      fills: [{ contract: C, side: 'buy', quantity: 1, price: 4.35, commission: 0.65, effect: 'open', realizedPnl: 0, quote: quote(C, 4.3, 4.4) }],
    });
    const check = checkExercise(exercise, state({ positions: [position(C, {})], orders: [filled] }));
    expect(check.passed).toBe(true);
    expect(check.requirements).toEqual([
      {
        description: exercise.requirements[0]!.description,
        met: true,
        detail: 'You hold long 1 SPY 2026-12-18 $580 call: a Long Call, 23 days to expiry, max loss $435.00.',
      },
      {
        description: exercise.requirements[1]!.description,
        met: true,
        detail: 'Your limit order (limit $4.35 against a mid of $4.35 when placed) is at or better than the mid.',
        orderId: '01ORDER',
      },
    ]);
  });

  it('accepts a long put as well, and judges several contracts as lots of one', () => {
    const put = position('SPY261218P00570000', { optionType: 'put', strike: 570, quantity: 3, avgPrice: 4.9 });
    const check = checkExercise(exercise, state({ positions: [put] }));
    expect(check.requirements[0]).toMatchObject({ met: true, detail: expect.stringContaining('a Long Put, 23 days to expiry, max loss $1,470.00') });
  });

  it('says why a position does not qualify', () => {
    const cases: [Position, string][] = [
      [position(C, { expiration: '2026-11-27' }), 'it expires in 2 days, fewer than 20'],
      [position(C, { expiration: '2027-03-19' }), 'it expires in 114 days, more than 60'],
      [position(C, { quantity: 4, avgPrice: 4.35 }), 'its max loss is $1,740.00, more than $1,500.00'],
      [position(C, { quantity: -1 }), 'it is not a Long Call or Long Put (Long Call must buy a call option)'],
      [position('QQQ261218C00500000', { underlying: 'QQQ', strike: 500 }), 'it is on QQQ, not SPY'],
    ];
    for (const [p, why] of cases) {
      const r = checkExercise(exercise, state({ positions: [p] })).requirements[0]!;
      expect(r.met, why).toBe(false);
      expect(r.detail).toContain(why);
    }
    expect(checkExercise(exercise, state({})).requirements[0]).toMatchObject({
      met: false,
      detail: 'You hold no option positions. Open a Long Call or Long Put to meet this.',
    });
    expect(checkExercise(exercise, state({ hasAccount: false })).requirements[0]).toMatchObject({ met: false, detail: 'Open a paper trading account first.' });
  });

  it('finds the qualifying position among others, and a spread is not a long call', () => {
    const spread = [
      position('SPY261218C00580000', { group: { id: 'g1', name: 'Bull Call Spread' } }),
      position('SPY261218C00590000', { strike: 590, quantity: -1, avgPrice: 1.2, group: { id: 'g1', name: 'Bull Call Spread' } }),
    ];
    // Each leg of the group is also looked at alone: its long leg is a long call.
    expect(checkExercise(exercise, state({ positions: spread })).requirements[0]!.met).toBe(true);
    const shortOnly = [position('SPY261218C00590000', { strike: 590, quantity: -1 })];
    expect(checkExercise(exercise, state({ positions: shortOnly })).requirements[0]!.met).toBe(false);
  });

  it('judges a resting limit against the quote it was placed on, and says when a buy is worse than the mid', () => {
    const quotes = new Map([[C, quote(C, 4.3, 4.4)]]);
    expect(checkExercise(exercise, state({ orders: [order({ limitPrice: 4.35 })], quotes })).requirements[1]!.met).toBe(true);
    expect(checkExercise(exercise, state({ orders: [order({ limitPrice: 4.1 })], quotes })).requirements[1]!.met).toBe(true);
    const worse = checkExercise(exercise, state({ orders: [order({ limitPrice: 4.4 })], quotes })).requirements[1]!;
    expect(worse).toMatchObject({
      met: false,
      detail: 'Your limit order (limit $4.40 against a mid of $4.35 when placed) is worse than the mid: pay $4.35 or less.',
    });
    // A sell limit is at or better than the mid at or above it.
    const sell = (limitPrice: number) => order({ limitPrice, legs: [{ contract: C, side: 'sell', quantity: 1 }] });
    expect(checkExercise(exercise, state({ orders: [sell(4.36)], quotes })).requirements[1]!.met).toBe(true);
    expect(checkExercise(exercise, state({ orders: [sell(4.3)], quotes })).requirements[1]!.met).toBe(false);
  });

  it('keeps a judgment made while the order rested once its quotes are replaced', () => {
    const quotes = new Map([[C, quote(C, 4.5, 4.6, '2026-11-25T23:00:00.000Z')]]);
    const filledLater = order({ limitPrice: 4.35, status: 'filled', filledAt: '2026-11-26T14:00:00.000Z' });
    const r = checkExercise(exercise, state({ orders: [filledLater], quotes, judgedOrders: new Set(['01ORDER']) })).requirements[1]!;
    expect(r).toEqual({
      description: exercise.requirements[1]!.description,
      met: true,
      detail: 'Your limit order at $4.35 was judged at or better than the mid when placed.',
      orderId: '01ORDER',
    });
  });

  it('does not judge a resting order against a quote newer than the order', () => {
    const quotes = new Map([[C, quote(C, 4.3, 4.4, '2026-11-25T23:00:00.000Z')]]);
    const r = checkExercise(exercise, state({ orders: [order({ limitPrice: 4.35 })], quotes })).requirements[1]!;
    expect(r).toMatchObject({ met: false, detail: expect.stringContaining('have since been replaced by a newer session') });
  });

  it('judges a spread order by its net price against the net mid', () => {
    const C2 = 'SPY261218C00590000';
    const quotes = new Map([
      [C, quote(C, 4.3, 4.4)],
      [C2, quote(C2, 1.1, 1.2)],
    ]);
    const legs = [
      { contract: C, side: 'buy' as const, quantity: 1 },
      { contract: C2, side: 'sell' as const, quantity: 1 },
    ];
    // Net mid 4.35 − 1.15 = 3.20 debit.
    expect(checkExercise(exercise, state({ orders: [order({ legs, limitPrice: 3.2 })], quotes })).requirements[1]!.met).toBe(true);
    expect(checkExercise(exercise, state({ orders: [order({ legs, limitPrice: 3.3 })], quotes })).requirements[1]!.met).toBe(false);
  });

  it('wants a limit order: market, canceled or other-underlying orders do not count', () => {
    const quotes = new Map([[C, quote(C, 4.3, 4.4)]]);
    expect(checkExercise(exercise, state({ orders: [order({ type: 'market', limitPrice: null })], quotes })).requirements[1]).toMatchObject({
      met: false,
      detail: 'None of your orders is a limit order.',
    });
    expect(checkExercise(exercise, state({ orders: [order({ status: 'canceled' })], quotes })).requirements[1]).toMatchObject({
      met: false,
      detail: 'You have placed no order on SPY yet.',
    });
  });

  it("counts neither an order nor a journal entry of the learner's agent token: the course judges the learner's own work", () => {
    const quotes = new Map([[C, quote(C, 4.3, 4.4)]]);
    const mine = checkExercise(exercise, state({ orders: [order({})], quotes })).requirements[1]!;
    expect(mine.met).toBe(true);
    expect(checkExercise(exercise, state({ orders: [order({ agent: 'my-bot' })], quotes })).requirements[1]).toMatchObject({
      met: false,
      detail: 'You have placed no order on SPY yet.',
    });
    // A position the agent's order opened does not meet the position requirement either.
    expect(checkExercise(exercise, state({ positions: [position(C, { agent: 'my-bot' })] })).requirements[0]).toMatchObject({
      met: false,
      detail: 'You hold no option positions of your own (one your agent token opened does not count). Open a Long Call or Long Put to meet this.',
    });
    expect(checkExercise(exercise, state({ positions: [position(C, {})] })).requirements[0]!.met).toBe(true);
    const withJournal = {
      ...exercise,
      requirements: [{ type: 'journal' as const, description: 'Write it down', criteria: { mustHave: ['setup' as const, 'exitPlan' as const] } }],
    };
    const journalBy = (byAgent: boolean) => checkExercise(withJournal, { ...state({}), journalEntries: [{ setup: true, exitPlan: true, byAgent }] });
    expect(journalBy(true).passed).toBe(false);
    expect(journalBy(false).passed).toBe(true);
  });

  it("checks a journal requirement against the learner's journal entries", () => {
    const withJournal = {
      ...exercise,
      requirements: [{ type: 'journal' as const, description: 'Write it down', criteria: { mustHave: ['setup' as const, 'exitPlan' as const] } }],
    };
    expect(checkExercise(withJournal, state({})).requirements[0]).toEqual({
      description: 'Write it down',
      met: false,
      detail:
        'Write a journal entry with a setup (a setup tag or a thesis) and a planned exit (a profit target, a stop or a time exit): open the journal and reflect on your trade.',
    });
    expect(checkExercise(withJournal, { ...state({}), journalEntries: [{ setup: true, exitPlan: false }] }).requirements[0]).toMatchObject({
      met: false,
      detail: 'None of your journal entries has a setup (a setup tag or a thesis) and a planned exit (a profit target, a stop or a time exit) yet.',
    });
    expect(
      checkExercise(withJournal, {
        ...state({}),
        journalEntries: [
          { setup: true, exitPlan: false },
          { setup: true, exitPlan: true },
        ],
      }),
    ).toEqual({
      passed: true,
      requirements: [
        {
          description: 'Write it down',
          met: true,
          detail: 'Your journal has an entry with a setup (a setup tag or a thesis) and a planned exit (a profit target, a stop or a time exit).',
        },
      ],
    });
  });
});
