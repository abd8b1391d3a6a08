import { domainEvent } from '../../events/domain-events';
import { fail, ok, type Result } from '../../result';
import { cents } from '../../kernel/money';
import { formatUsd } from '../../format/money';
import { accountChanged, badQuantity, idReused, noAccount } from '../paper.errors';
import { applyFill } from '../positions';
import { reduceOnlyViolation } from '../reduce-only';
import { isSameOrder } from '../same-order';
import { sessionOf } from '../session';
import { byAgent } from '../describe';
import { agentOf } from '../paper.events';
import type { Position } from '../types';
import type { AgentOrderCount, Order, OrderRequest, WhenClosed } from '../../trading/order';
import { agentMinuteFull } from '../../trading/agent-orders';
import type { PaperDeps } from './deps';
import { withSessionStart } from './market-state';
import { decideOrder, type PlacedOrder } from './place-order';
import { retryOnConflict, RETRY } from './retry';

export type ClosedPosition = PlacedOrder;

/**
 * Closes all or part of a position at the market (spec part 3 §3): an option by a reduce-only closing order, shares
 * by a sale at the underlying's price, booked as an order too. Either is idempotent by its client order id; without
 * one, every request is a new close (issue 16: a default id that repeated would replay an old close).
 */
export async function closePosition(
  deps: PaperDeps,
  userId: string,
  symbol: string,
  opts: { quantity?: number; clientOrderId?: string; whenClosed?: WhenClosed; agent?: string; agentCount?: AgentOrderCount },
): Promise<Result<ClosedPosition>> {
  const positions = await deps.repo.getPositions(userId);
  const p = positions.find((x) => x.symbol === symbol.toUpperCase());
  const clientOrderId = opts.clientOrderId ?? `close-${deps.ids.newId()}`;
  if (!p) {
    // A retry of a close that emptied the position answers with that close.
    const replay = opts.clientOrderId ? await deps.repo.getOrderByClientId(userId, opts.clientOrderId) : null;
    return replay ? ok({ order: replay, checks: [] }) : fail('not_found', `You hold no ${symbol.toUpperCase()} position.`);
  }
  const quantity = opts.quantity ?? Math.abs(p.quantity);
  if (!Number.isInteger(quantity) || quantity <= 0 || quantity > Math.abs(p.quantity)) return badQuantity(Math.abs(p.quantity));
  const request: OrderRequest = {
    clientOrderId,
    type: 'market',
    timeInForce: 'day',
    legs: [{ contract: p.symbol, side: p.quantity > 0 ? 'sell' : 'buy', quantity }],
    reduceOnly: true,
    ...(opts.whenClosed ? { whenClosed: opts.whenClosed } : {}),
    ...(opts.agent ? { agent: opts.agent } : {}),
    ...(opts.agent && opts.agentCount ? { agentCount: opts.agentCount } : {}),
  };
  if (p.kind === 'stock') return closeShares(deps, userId, request);
  return decideOrder(deps, userId, request);
}

/** Sells (or buys back) shares at the underlying's price: a reduce-only market order of its own kind. */
function closeShares(deps: PaperDeps, userId: string, request: OrderRequest): Promise<Result<ClosedPosition>> {
  const leg = request.legs[0]!;
  const symbol = leg.contract;
  const replayed = async (): Promise<Result<ClosedPosition> | null> => {
    const order = await deps.repo.getOrderByClientId(userId, request.clientOrderId);
    if (!order) return null;
    return isSameOrder(order, request) ? ok({ order, checks: [] }) : idReused();
  };
  return retryOnConflict(
    async () => {
      const { account, positions } = await deps.repo.getAccountAndPositions(userId);
      if (!account) return noAccount();
      const violation = reduceOnlyViolation(positions, request.legs);
      if (violation) return (await replayed()) ?? violation;
      const current = positions.find((x) => x.symbol === symbol)!;
      const price = (await deps.quotes.underlyingPrices([symbol])).get(symbol);
      if (price === undefined) return fail('unprocessable', `No price for ${symbol} right now.`);
      const now = deps.clock.now();
      const at = now.toISOString();
      const session = sessionOf(now);
      const outcome = applyFill(current, { symbol, side: leg.side, quantity: leg.quantity, price, at, date: session, kind: 'stock' });
      const cashDelta = cents((leg.side === 'sell' ? 1 : -1) * price * leg.quantity);
      const order: Order = shareOrder(deps, request, account.run, { at, session, price, cashDelta, realizedPnl: outcome.realizedPnl, underlying: current });
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
        order: { next: order, expected: 'new' },
        positions: [{ symbol, before: current, after: outcome.position }],
        activity: [
          {
            id: deps.ids.newId(),
            at,
            kind: 'fill',
            symbol,
            orderId: order.orderId,
            cashDelta,
            realizedPnl: outcome.realizedPnl,
            text: byAgent(`${leg.side === 'sell' ? 'Sold' : 'Bought'} ${leg.quantity} ${symbol} shares at ${formatUsd(price)}.`, order.agent),
            ...agentOf(order),
          },
        ],
        events: [
          domainEvent(
            'OrderFilled',
            {
              userId,
              orderId: order.orderId,
              clientOrderId: order.clientOrderId,
              strategy: null,
              legs: [{ contract: symbol, side: leg.side, quantity: leg.quantity, price }],
              netAmount: -cashDelta,
              filledAt: at,
              ...agentOf(order),
            },
            deps.ids.newId(),
          ),
          ...(outcome.position
            ? []
            : [
                domainEvent(
                  'PositionClosed',
                  { userId, contract: symbol, quantity: leg.quantity, realizedPnl: outcome.realizedPnl, closedAt: at, ...agentOf(order) },
                  deps.ids.newId(),
                ),
              ]),
        ],
        ...(request.agentCount ? { agentCount: request.agentCount } : {}),
      });
      if (result === 'ok') return ok({ order, checks: [] });
      if (result === 'limited') return agentMinuteFull(request.agentCount!);
      if (result === 'duplicate') {
        const replay = await replayed();
        if (replay) return replay;
      }
      return RETRY;
    },
    () => accountChanged('while the shares were being sold'),
    deps.backoff,
  );
}

function shareOrder(
  deps: PaperDeps,
  request: OrderRequest,
  run: number,
  fill: { at: string; session: string; price: number; cashDelta: number; realizedPnl: number; underlying: Position },
): Order {
  const leg = request.legs[0]!;
  return {
    orderId: deps.ids.newId(),
    clientOrderId: request.clientOrderId,
    type: 'market',
    limitPrice: null,
    timeInForce: 'day',
    legs: [leg],
    strategy: null,
    status: 'filled',
    createdAt: fill.at,
    session: fill.session,
    filledAt: fill.at,
    canceledAt: null,
    expiredAt: null,
    fills: [
      {
        contract: leg.contract,
        side: leg.side,
        quantity: leg.quantity,
        price: fill.price,
        commission: 0,
        effect: 'close',
        realizedPnl: fill.realizedPnl,
        quote: { contract: leg.contract, bid: fill.price, ask: fill.price, last: fill.price, mark: fill.price, asOf: fill.at, underlyingPrice: fill.price },
      },
    ],
    netPrice: fill.price,
    totalCost: cents(-fill.cashDelta),
    commission: 0,
    held: 0,
    underlyings: [fill.underlying.underlying],
    run,
    reason: null,
    ...(request.agent ? { agent: request.agent } : {}),
  };
}
