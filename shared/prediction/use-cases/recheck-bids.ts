import { RETRY, retryUntilDecided } from '../../backoff';
import { fillResting } from '../demo-account';
import type { RestingRef } from '../demo-account.port';
import type { ExpiryKey } from '../markets';
import { bookOf, type ExpirySnapshot } from '../market-snapshots.port';
import type { TradingDeps } from './deps';

/**
 * After a new making, every resting bid meets its market's new book: the asks at or below its limit fill
 * (demo-account.ts fillResting), each in one conditional transaction with the balance guarded by the order still
 * resting, so a second run over the same making, even one at the same moment, fills nothing more. With `expiries`,
 * only the bids in those expiries' markets (the ones a making just stored). Answers how many bids took contracts.
 */
export async function recheckBids(
  deps: TradingDeps,
  opts: { expiries?: readonly ExpiryKey[]; onError?: (ref: RestingRef, err: unknown) => void } = {},
): Promise<number> {
  const now = deps.clock.now();
  const only = opts.expiries && new Set(opts.expiries.map((e) => `${e.underlying}#${e.expiration}`));
  const snapshots = new Map<string, Promise<ExpirySnapshot | null>>();
  const snapshotOf = (underlying: string, expiration: string) => {
    const key = `${underlying}#${expiration}`;
    if (!snapshots.has(key)) snapshots.set(key, deps.markets.get(underlying, expiration));
    return snapshots.get(key)!;
  };
  let filled = 0;
  for (const ref of await deps.repo.allResting()) {
    if (new Date(ref.closesAt).getTime() <= now.getTime()) continue;
    if (only && !only.has(`${ref.underlying}#${ref.expiration}`)) continue;
    try {
      if (await recheckOne(deps, ref, snapshotOf)) filled++;
    } catch (err) {
      opts.onError?.(ref, err);
    }
  }
  return filled;
}

function recheckOne(deps: TradingDeps, ref: RestingRef, snapshotOf: (u: string, e: string) => Promise<ExpirySnapshot | null>): Promise<boolean> {
  return retryUntilDecided<boolean>(
    async () => {
      const order = await deps.repo.getOrder(ref.userId, ref.orderId);
      if (order?.status !== 'resting') return false;
      const snapshot = await snapshotOf(order.underlying, order.expiration);
      const stored = snapshot?.markets.find((m) => m.market.id === order.marketId);
      if (!snapshot || !stored || snapshot.resolution) return false;
      const { account, positions } = await deps.repo.load(ref.userId);
      if (!account) return false;
      const position = positions.find((p) => p.marketId === order.marketId && p.side === order.side) ?? null;
      const decision = fillResting(account, position, order, {
        market: stored.market,
        book: bookOf(snapshot, stored),
        madeAt: snapshot.madeAt,
        now: deps.clock.now(),
      });
      if (!decision) return false;
      const result = await deps.repo.commit(ref.userId, {
        account: { expectedVersion: account.version, next: decision.account },
        order: { next: decision.order, expected: 'resting' },
        ...(decision.position ? { positions: [decision.position] } : {}),
        volume: { marketId: order.marketId, count: decision.traded },
      });
      return result === 'ok' ? true : RETRY;
    },
    () => {
      throw new Error(`The resting bid ${ref.orderId} could not be re-checked: its account kept changing.`);
    },
    deps.backoff,
  );
}
