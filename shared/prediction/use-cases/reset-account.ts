import { RETRY, retryUntilDecided } from '../../backoff';
import { ok, type Result } from '../../result';
import { endResting, freshAccount, resetOf } from '../demo-account';
import { accountView, type DemoAccountView } from '../read-model/account-view';
import { accountChanged, type TradingDeps } from './deps';

/**
 * Starts the demo account again at $1,000: resting bids are canceled (their holds go with the old balance), positions
 * are cleared, orders and settlements stay as history, and the reset is recorded (`resetAt`, `resets`). One
 * transaction conditional on the account's version.
 */
export async function resetAccount(deps: TradingDeps, userId: string): Promise<Result<DemoAccountView>> {
  const done = await retryUntilDecided<Result<true>>(
    async () => {
      const [{ account, positions }, resting] = await Promise.all([deps.repo.load(userId), deps.repo.restingOrders(userId)]);
      const at = deps.clock.now().toISOString();
      const current = account ?? freshAccount(userId, at);
      const result = await deps.repo.reset(userId, {
        expectedVersion: current.version,
        next: resetOf(current, at),
        cancel: resting.map((o) => endResting(current, o, 'canceled', at).order),
        clear: positions,
      });
      return result === 'ok' ? ok(true) : RETRY;
    },
    accountChanged,
    deps.backoff,
  );
  return done.ok ? ok(await accountView(deps, userId)) : done;
}
