import { domainEvent } from '../../events/domain-events';
import { fail, ok, type Result } from '../../result';
import { cents, formatUsd } from '../money';
import { accountChanged, badQuantity, noAccount } from '../paper.errors';
import { applyFill } from '../positions';
import { sessionOf } from '../session';
import type { Position } from '../types';
import type { PaperDeps } from './deps';
import { withSessionStart } from './market-state';
import { decideOrder, type PlacedOrder } from './place-order';
import { retryOnConflict, RETRY } from './retry';

export interface ClosedPosition {
  /** The closing order; null for shares, which close without an order at the underlying's price. */
  order: PlacedOrder['order'] | null;
  checks: PlacedOrder['checks'];
}

/** Closes all or part of a position at the market: an option by a closing order, shares at the underlying's price. */
export async function closePosition(
  deps: PaperDeps,
  userId: string,
  symbol: string,
  opts: { quantity?: number; clientOrderId?: string },
): Promise<Result<ClosedPosition>> {
  const positions = await deps.repo.getPositions(userId);
  const p = positions.find((x) => x.symbol === symbol.toUpperCase());
  if (!p) return fail('not_found', `You hold no ${symbol.toUpperCase()} position.`);
  const quantity = opts.quantity ?? Math.abs(p.quantity);
  if (!Number.isInteger(quantity) || quantity <= 0 || quantity > Math.abs(p.quantity)) return badQuantity(Math.abs(p.quantity));
  if (p.kind === 'stock') return closeShares(deps, userId, p, quantity);
  return decideOrder(deps, userId, {
    clientOrderId: opts.clientOrderId ?? `close-${p.symbol}-${p.version}-${quantity}`,
    type: 'market',
    timeInForce: 'day',
    legs: [{ contract: p.symbol, side: p.quantity > 0 ? 'sell' : 'buy', quantity }],
  });
}

function closeShares(deps: PaperDeps, userId: string, p: Position, quantity: number): Promise<Result<ClosedPosition>> {
  return retryOnConflict(
    async () => {
      const account = await deps.repo.getAccount(userId);
      if (!account) return noAccount();
      const price = (await deps.quotes.underlyingPrices([p.symbol])).get(p.symbol);
      if (price === undefined) return fail('unprocessable', `No price for ${p.symbol} right now.`);
      const positions = await deps.repo.getPositions(userId);
      const current = positions.find((x) => x.symbol === p.symbol) ?? null;
      if (!current) return fail('not_found', `You hold no ${p.symbol} shares.`);
      const now = deps.clock.now();
      const at = now.toISOString();
      const side = current.quantity > 0 ? 'sell' : 'buy';
      const outcome = applyFill(current, { symbol: p.symbol, side, quantity, price, at, date: sessionOf(now), kind: 'stock' });
      const cashDelta = cents((side === 'sell' ? 1 : -1) * price * quantity);
      const result = await deps.repo.commit(userId, {
        account: {
          expectedVersion: account.version,
          next: {
            ...(await withSessionStart(deps, account, positions)),
            cash: cents(account.cash + cashDelta),
            realizedPnl: cents(account.realizedPnl + outcome.realizedPnl),
            version: account.version + 1,
          },
        },
        positions: [{ symbol: p.symbol, before: current, after: outcome.position }],
        activity: [
          {
            id: deps.ids.newId(),
            at,
            kind: 'fill',
            symbol: p.symbol,
            cashDelta,
            realizedPnl: outcome.realizedPnl,
            text: `${side === 'sell' ? 'Sold' : 'Bought'} ${quantity} ${p.symbol} shares at ${formatUsd(price)}.`,
          },
        ],
        events: outcome.position
          ? []
          : [domainEvent('PositionClosed', { userId, contract: p.symbol, quantity, realizedPnl: outcome.realizedPnl, closedAt: at }, deps.ids.newId())],
      });
      if (result === 'ok') return ok({ order: null, checks: [] });
      return RETRY;
    },
    () => accountChanged('while the shares were being sold'),
  );
}
