import { fail, type Result } from '../../result';
import { accountChanged, noAccount } from '../paper.errors';
import { type StrategyGroup } from '../types';
import { MAX_ORDER_LEGS, type AgentOrderCount, type OrderRequest, type WhenClosed } from '../../trading/order';
import type { PaperDeps } from './deps';
import { decideOrder, type PlacedOrder } from './place-order';
import { retryOnConflict, RETRY } from './retry';

/**
 * Closes a strategy as one order (issue 24): every leg of the group, whole, in one reduce-only order of several legs,
 * at the market or at a net limit (positive to pay, negative to receive, per unit of the legs' ratio), so it costs
 * one set of commissions and counts as one day trade.
 */
export async function closeStrategy(
  deps: PaperDeps,
  userId: string,
  groupId: string,
  opts: { clientOrderId: string; limitPrice?: number; whenClosed?: WhenClosed; agent?: string; agentCount?: AgentOrderCount },
): Promise<Result<PlacedOrder>> {
  const legs = (await deps.repo.getPositions(userId)).filter((p) => p.group?.id === groupId);
  if (!legs.length) {
    const replay = await deps.repo.getOrderByClientId(userId, opts.clientOrderId);
    return replay ? { ok: true, value: { order: replay, checks: [] } } : fail('not_found', 'This strategy is already closed');
  }
  if (legs.length > MAX_ORDER_LEGS) {
    return fail('unprocessable', `This strategy has ${legs.length} legs and an order takes at most ${MAX_ORDER_LEGS}: close it leg by leg, shorts first.`);
  }
  const request: OrderRequest = {
    clientOrderId: opts.clientOrderId,
    type: opts.limitPrice === undefined ? 'market' : 'limit',
    ...(opts.limitPrice === undefined ? {} : { limitPrice: opts.limitPrice }),
    timeInForce: 'day',
    legs: legs.map((p) => ({ contract: p.symbol, side: p.quantity > 0 ? 'sell' : 'buy', quantity: Math.abs(p.quantity) })),
    strategy: legs[0]!.group!.name,
    reduceOnly: true,
    ...(opts.whenClosed ? { whenClosed: opts.whenClosed } : {}),
    ...(opts.agent ? { agent: opts.agent } : {}),
    ...(opts.agent && opts.agentCount ? { agentCount: opts.agentCount } : {}),
  };
  return decideOrder(deps, userId, request);
}

/** Moves a position into a group (an existing one, or a new one with a name), or out of any. */
export function regroupPosition(
  deps: PaperDeps,
  userId: string,
  symbol: string,
  to: { groupId: string | null; name?: string },
): Promise<Result<StrategyGroup | null>> {
  return retryOnConflict(
    async () => {
      const { account, positions } = await deps.repo.getAccountAndPositions(userId);
      if (!account) return noAccount();
      const p = positions.find((x) => x.symbol === symbol.toUpperCase());
      if (!p) return fail('not_found', `You hold no ${symbol.toUpperCase()} position.`);
      let group: StrategyGroup | null = null;
      if (to.groupId) {
        const existing = positions.find((x) => x.group?.id === to.groupId)?.group;
        if (!existing && !to.name) return fail('not_found', 'No such strategy among your positions.');
        group = { id: to.groupId, name: to.name ?? existing!.name };
      }
      const result = await deps.repo.commit(userId, {
        account: { expectedVersion: account.version, next: { ...account, version: account.version + 1 } },
        positions: [{ symbol: p.symbol, before: p, after: { ...p, group } }],
      });
      return result === 'ok' ? { ok: true, value: group } : RETRY;
    },
    () => accountChanged('while the position was being moved'),
    deps.backoff,
  );
}
