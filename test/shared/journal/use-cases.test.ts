import { describe, expect, it } from 'vitest';
import { ENTRY_LIMITS, hasWrittenPlan, JOURNAL_TEXTS } from '@shared/journal/entries';
import { EntryInput } from '@shared/journal/journal.api';
import {
  createEntry,
  deleteEntry,
  journalStats,
  recordLiveFill,
  recordOrderFill,
  recordReset,
  recordSettlement,
  type JournalDeps,
} from '@shared/journal/use-cases';
import type { Order } from '@shared/paper/types';
import { fixedClock } from '@shared/ports/clock.port';
import { memoryJournal } from '../../support/memory-journal-repo';

const USER = 'u1';
const SHORT = 'SPY261218P00580000';
const LONG = 'SPY261218P00570000';
const quote = (contract: string) => ({
  contract,
  bid: 1,
  ask: 1.1,
  last: 1,
  mark: 1.05,
  asOf: '2026-11-18T21:00:00Z',
  underlyingPrice: 600,
  impliedVolatility: 0.2,
});
const order: Order = {
  orderId: '01KTRADE000000000000000001',
  clientOrderId: 'c1',
  type: 'market',
  limitPrice: null,
  timeInForce: 'day',
  legs: [
    { contract: SHORT, side: 'sell', quantity: 1 },
    { contract: LONG, side: 'buy', quantity: 1 },
  ],
  strategy: null,
  status: 'filled',
  createdAt: '2026-11-18T15:00:00.000Z',
  session: '2026-11-18',
  filledAt: '2026-11-18T15:00:00.000Z',
  canceledAt: null,
  expiredAt: null,
  fills: [
    { contract: SHORT, side: 'sell', quantity: 1, price: 3.1, commission: 0.65, effect: 'open', realizedPnl: 0, quote: quote(SHORT) },
    { contract: LONG, side: 'buy', quantity: 1, price: 1.6, commission: 0.65, effect: 'open', realizedPnl: 0, quote: quote(LONG) },
  ],
  netPrice: -1.5,
  totalCost: -148.7,
  commission: 1.3,
  held: 0,
  underlyings: ['SPY'],
  run: 1,
  reason: null,
};

/** The spread closed the next day: the short put bought back at 2, the long sold at 1.25. */
const closing: Order = {
  ...order,
  orderId: '01KTRADE000000000000000002',
  clientOrderId: 'c2',
  legs: [
    { contract: SHORT, side: 'buy', quantity: 1 },
    { contract: LONG, side: 'sell', quantity: 1 },
  ],
  createdAt: '2026-11-19T15:00:00.000Z',
  session: '2026-11-19',
  filledAt: '2026-11-19T15:00:00.000Z',
  fills: [
    { contract: SHORT, side: 'buy', quantity: 1, price: 2, commission: 0.65, effect: 'close', realizedPnl: 109.35, quote: quote(SHORT) },
    { contract: LONG, side: 'sell', quantity: 1, price: 1.25, commission: 0.65, effect: 'close', realizedPnl: -35.65, quote: quote(LONG) },
  ],
};

function setup() {
  const mem = memoryJournal();
  let n = 0;
  const deps: JournalDeps = {
    repo: mem.repo,
    learning: mem.learning,
    paper: { getOrder: async (_u, id) => [order, closing].find((o) => o.orderId === id) ?? null, getAccount: async () => null },
    clock: fixedClock('2026-11-25T20:00:00.000Z'),
    ids: { newId: () => `01KENTRY${String(++n).padStart(18, '0')}` },
  };
  return { mem, deps };
}

const reflection = (over: Record<string, unknown> = {}) =>
  EntryInput.parse({ kind: 'trade', tradeId: order.orderId, setupTags: ['high IV sell'], lesson: 'Take profits at half the max profit', ...over });

describe('journal use cases against a repository with the real conditions', () => {
  it('makes one trade of an order delivered twice at once, recognising the strategy from its legs', async () => {
    const { mem, deps } = setup();
    const results = await Promise.all([recordOrderFill(deps, USER, order.orderId), recordOrderFill(deps, USER, order.orderId)]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect([...mem.trades.values()].map((t) => [t.trade.id, t.trade.strategy, t.trade.strategySource])).toEqual([
      [order.orderId, 'Bull Put Spread', 'recognised'],
    ]);
  });

  it('lets one of two entries written at once on the same trade through; the other is told to edit it', async () => {
    const { deps } = setup();
    await recordOrderFill(deps, USER, order.orderId);
    const [a, b] = await Promise.all([createEntry(deps, USER, reflection()), createEntry(deps, USER, reflection())]);
    const failed = [a, b].filter((r) => !r.ok);
    expect([a, b].filter((r) => r.ok)).toHaveLength(1);
    expect(failed.map((r) => !r.ok && r.error)).toEqual([{ code: 'conflict', message: JOURNAL_TEXTS.tradeHasEntry }]);
  });

  it('awards 25 XP once per trade even after a delete and a new entry', async () => {
    const { mem, deps } = setup();
    await recordOrderFill(deps, USER, order.orderId);
    const first = await createEntry(deps, USER, reflection());
    expect(first.ok && first.value.xpAwarded).toBe(25);
    expect((await deleteEntry(deps, USER, first.ok ? first.value.entry.id : '')).ok).toBe(true);
    const again = await createEntry(deps, USER, reflection());
    expect(again.ok && again.value.xpAwarded).toBe(0);
    expect(mem.progress.get(USER)!.progress).toMatchObject({ experience: 25, journalEntries: 1 });
  });

  it(`refuses an entry beyond the ${ENTRY_LIMITS.entries.toLocaleString('en-US')} with a clear message and saves nothing`, async () => {
    const { mem, deps } = setup();
    mem.books.set(USER, { version: 7, open: {}, pending: [], entries: ENTRY_LIMITS.entries, awarded: 12, ledgerChunks: 0, lastChunkRows: 0 });
    const r = await createEntry(deps, USER, EntryInput.parse({ kind: 'note', lesson: 'One more thing I learned today' }));
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'conflict',
        message: 'You have reached the journal’s limit of 5,000 entries. Delete entries you no longer need to add new ones.'.replace('’', "'"),
      },
    });
    expect(mem.entries.size).toBe(0);
    expect(mem.books.get(USER)!.version).toBe(7);
  });

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
