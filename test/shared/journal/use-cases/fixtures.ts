import { EntryInput } from '@shared/journal/journal.api';
import type { JournalDeps } from '@shared/journal/use-cases/deps';
import type { Order } from '@shared/trading/order';
import { fixedClock } from '@shared/ports/clock.port';
import { memoryJournal } from '../../../support/memory-journal-repo';

/** A bull put spread on SPY filled on paper, and the order that closes it; a journal over the memory repository. */
export const USER = 'u1';
export const SHORT = 'SPY261218P00580000';
export const LONG = 'SPY261218P00570000';
export const quote = (contract: string) => ({
  contract,
  bid: 1,
  ask: 1.1,
  last: 1,
  mark: 1.05,
  asOf: '2026-11-18T21:00:00Z',
  underlyingPrice: 600,
  impliedVolatility: 0.2,
});
export const order: Order = {
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
export const closing: Order = {
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

export function setup() {
  const mem = memoryJournal();
  let n = 0;
  const deps: JournalDeps = {
    repo: mem.repo,
    paper: { getOrder: async (_u, id) => [order, closing].find((o) => o.orderId === id) ?? null, getAccount: async () => null },
    clock: fixedClock('2026-11-25T20:00:00.000Z'),
    ids: { newId: () => `01KENTRY${String(++n).padStart(18, '0')}` },
  };
  return { mem, deps };
}

export const reflection = (over: Record<string, unknown> = {}) =>
  EntryInput.parse({ kind: 'trade', tradeId: order.orderId, setupTags: ['high IV sell'], lesson: 'Take profits at half the max profit', ...over });
