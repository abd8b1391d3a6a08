import { parseOcc } from '../../market/occ';
import type { Order, Quote } from '../../trading/order';
import { ok, type Result } from '../../result';
import { applyOrder, tradesToRead, type OrderFillInput } from '../book';
import { entryAnalytics, recogniseStrategy } from '../entry-analytics';
import { changeBook } from './change-book';
import type { JournalDeps } from './deps';

/** OrderFilled: the order's fills open a trade and/or close legs of the trades holding their contracts. */
export async function recordOrderFill(deps: JournalDeps, userId: string, orderId: string, receipt?: unknown): Promise<Result<{ changed: number }>> {
  const order = await deps.paper.getOrder(userId, orderId);
  if (!order || order.status !== 'filled' || !order.filledAt) return ok({ changed: 0 });
  const filledAt = order.filledAt;
  const fills: OrderFillInput[] = order.fills.map((f) => ({
    contract: f.contract,
    side: f.side,
    quantity: f.quantity,
    price: f.price,
    commission: f.commission,
    effect: f.effect,
    iv: f.quote.impliedVolatility ?? null,
    isOption: parseOcc(f.contract) !== null,
  }));
  const quotes = new Map<string, Quote>(order.fills.map((f) => [f.contract, f.quote]));
  return changeBook(deps, userId, receipt, async (book) => {
    const stored = await deps.repo.getTrades(userId, [...tradesToRead(book, fills), order.orderId]);
    if (stored.has(order.orderId)) return null; // already recorded
    const trades = new Map([...stored].map(([id, s]) => [id, s.trade]));
    return {
      stored,
      change: applyOrder(book, trades, {
        orderId: order.orderId,
        run: order.run,
        filledAt,
        fills,
        describe: (legs) => describeOrder(order, legs, filledAt, quotes),
      }),
    };
  });
}

function describeOrder(order: Order, legs: Parameters<typeof recogniseStrategy>[0], filledAt: string, quotes: ReadonlyMap<string, Quote>) {
  return {
    strategy: order.strategy ?? recogniseStrategy(legs),
    strategySource: order.strategy ? ('builder' as const) : ('recognised' as const),
    entry: entryAnalytics(legs, { filledAt, quotes }),
    // The practice shortcut (or a fill queued while the market was closed) says so on the trade too.
    ...(order.fillNote ? { fillNote: order.fillNote } : {}),
    // An order an agent token placed: the trade says so ("placed by agent 'NAME'").
    ...(order.agent ? { agent: order.agent } : {}),
  };
}
