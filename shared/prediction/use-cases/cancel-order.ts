import { RETRY, retryUntilDecided } from '../../backoff';
import { fail, ok, type Result } from '../../result';
import { endResting, type DemoOrder } from '../demo-account';
import { accountChanged, noSuchOrder, type TradingDeps } from './deps';

export const notResting = (status: string) => fail('conflict', `This order is ${status}; only a resting bid can be canceled.`);

/** Cancels a resting limit bid of the learner's: the cents it held return to the balance. Another learner's id is no such order. */
export async function cancelOrder(deps: TradingDeps, userId: string, orderId: string): Promise<Result<DemoOrder>> {
  return retryUntilDecided<Result<DemoOrder>>(
    async () => {
      const order = await deps.repo.getOrder(userId, orderId);
      if (!order) return noSuchOrder();
      if (order.status !== 'resting') return notResting(order.status);
      const { account } = await deps.repo.load(userId);
      if (!account) return noSuchOrder();
      const next = endResting(account, order, 'canceled', deps.clock.now().toISOString());
      const result = await deps.repo.commit(userId, {
        account: { expectedVersion: account.version, next: next.account },
        order: { next: next.order, expected: 'resting' },
      });
      return result === 'ok' ? ok(next.order) : RETRY;
    },
    accountChanged,
    deps.backoff,
  );
}
