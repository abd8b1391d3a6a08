import { RETRY, retryUntilDecided } from '../../backoff';
import { fail, ok, type Result } from '../../result';
import { decideOrder, freshAccount, isSameOrder, type DemoOrder, type DemoOrderRequest } from '../demo-account';
import { bookOf } from '../market-snapshots.port';
import { accountChanged, findMarket, type TradingDeps } from './deps';

/** The order booked, and whether it was booked by an earlier request with the same client id (answered, not written again). */
export interface PlacedDemoOrder {
  order: DemoOrder;
  replayed: boolean;
}

export const idReused = () => fail('conflict', 'This clientOrderId was already used for a different order.', { field: 'clientOrderId' });

/**
 * Places a demo order: decided against the book of the market's latest making (demo-account.ts) and written in one
 * transaction conditional on the account's version and the client id, so two orders racing for the same balance can
 * never both be paid, and a retried request answers the first order without writing anything. A learner's first
 * order creates the account with its $1,000.
 */
export async function placeOrder(deps: TradingDeps, userId: string, request: DemoOrderRequest): Promise<Result<PlacedDemoOrder>> {
  const replayed = async (): Promise<Result<PlacedDemoOrder> | null> => {
    const order = await deps.repo.getOrderByClientId(userId, request.clientOrderId);
    if (!order) return null;
    return isSameOrder(order, request) ? ok({ order, replayed: true }) : idReused();
  };
  const found = await findMarket(deps, request.marketId);
  if (!found.ok) return (await replayed()) ?? found;
  const { snapshot, stored } = found.value;
  const book = bookOf(snapshot, stored);
  return retryUntilDecided<Result<PlacedDemoOrder>>(
    async () => {
      const { account, positions } = await deps.repo.load(userId);
      const now = deps.clock.now();
      const current = account ?? freshAccount(userId, now.toISOString());
      const position = positions.find((p) => p.marketId === request.marketId && p.side === request.side) ?? null;
      const resting = request.type === 'limit' && request.action === 'buy' ? (await deps.repo.restingOrders(userId)).length : 0;
      const decision = decideOrder(current, position, resting, request, {
        market: stored.market,
        book,
        madeAt: snapshot.madeAt,
        resolved: snapshot.resolution !== null,
        now,
        orderId: deps.ids.newId(),
      });
      if (!decision.ok) return (await replayed()) ?? decision;
      const { value } = decision;
      const result = await deps.repo.commit(userId, {
        account: { expectedVersion: current.version, next: value.account },
        order: { next: value.order, expected: 'new' },
        ...(value.position ? { positions: [value.position] } : {}),
        ...(value.traded ? { volume: { marketId: stored.market.id, count: value.traded } } : {}),
      });
      if (result === 'ok') return ok({ order: value.order, replayed: false });
      if (result === 'duplicate') return (await replayed()) ?? RETRY;
      return RETRY;
    },
    accountChanged,
    deps.backoff,
  );
}
