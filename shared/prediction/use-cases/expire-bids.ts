import { RETRY, retryUntilDecided } from '../../backoff';
import { endResting } from '../demo-account';
import type { RestingRef } from '../demo-account.port';
import type { TradingDeps } from './deps';

/**
 * Resting bids end at their market's close: what is left unfilled expires and its held cents return to the balance.
 * Each in its own conditional transaction, so running twice expires each once. Answers how many expired.
 */
export async function expireBids(deps: TradingDeps, opts: { onError?: (ref: RestingRef, err: unknown) => void } = {}): Promise<number> {
  const now = deps.clock.now();
  let expired = 0;
  for (const ref of await deps.repo.allResting()) {
    if (new Date(ref.closesAt).getTime() > now.getTime()) continue;
    try {
      if (await expireOne(deps, ref)) expired++;
    } catch (err) {
      opts.onError?.(ref, err);
    }
  }
  return expired;
}

function expireOne(deps: TradingDeps, ref: RestingRef): Promise<boolean> {
  return retryUntilDecided<boolean>(
    async () => {
      const order = await deps.repo.getOrder(ref.userId, ref.orderId);
      if (order?.status !== 'resting') return false;
      const { account } = await deps.repo.load(ref.userId);
      if (!account) return false;
      const next = endResting(account, order, 'expired', deps.clock.now().toISOString());
      const result = await deps.repo.commit(ref.userId, {
        account: { expectedVersion: account.version, next: next.account },
        order: { next: next.order, expected: 'resting' },
      });
      return result === 'ok' ? true : RETRY;
    },
    () => {
      throw new Error(`The resting bid ${ref.orderId} could not be expired: its account kept changing.`);
    },
    deps.backoff,
  );
}
