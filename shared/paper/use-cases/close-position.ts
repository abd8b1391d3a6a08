import { domainEvent } from '../../events/domain-events';
import { fail, ok, type Result } from '../../result';
import { cents } from '../../kernel/money';
import { formatUsd } from '../../format/money';
import { accountChanged, badQuantity, idReused, noAccount, tooManyOpenOrders } from '../paper.errors';
import { applyFill } from '../positions';
import { reduceOnlyViolation } from '../reduce-only';
import { isSameOrder } from '../same-order';
import { sessionOf } from '../session';
import { parseOcc } from '../../market/occ';
import { fillTiming, fillTimingNote, queuedFillNote, queuedOrderDue, shortcutFillNote, type FillTiming } from '../market-hours';
import { canRestAnother, countOpenOrder } from '../open-orders';
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

/**
 * Sells (or buys back) shares at the underlying's price: a reduce-only market order of its own kind. It follows the
 * market's hours as every order does (market-hours.ts): while NYSE is closed the sale is queued for the next session
 * and fills at that session's price, unless the learner chose the practice shortcut of the last close, which the
 * order, the activity and the journal then say.
 */
function closeShares(deps: PaperDeps, userId: string, request: OrderRequest): Promise<Result<ClosedPosition>> {
  const timing = fillTiming(deps.clock.now(), request.whenClosed);
  return timing.kind === 'next-session' ? queueShares(deps, userId, request, timing) : fillShares(deps, userId, request, timing);
}

/** A queued share sale whose session has opened fills at that session's price (the settle job's re-check calls this). */
export const fillQueuedShares = (deps: PaperDeps, userId: string, order: Order): Promise<Result<ClosedPosition>> =>
  fillShares(deps, userId, shareRequest(order), { kind: 'now' }, order);

/** Whether an order sells or buys back shares (its one leg is a ticker, not an option contract). */
export const isShareOrder = (order: Pick<Order, 'legs'>): boolean => order.legs.length === 1 && parseOcc(order.legs[0]!.contract) === null;

const shareRequest = (order: Order): OrderRequest => ({
  clientOrderId: order.clientOrderId,
  type: 'market',
  timeInForce: 'day',
  legs: order.legs,
  reduceOnly: true,
  ...(order.agent ? { agent: order.agent } : {}),
});

function replayedShares(deps: PaperDeps, userId: string, request: OrderRequest) {
  return async (): Promise<Result<ClosedPosition> | null> => {
    const order = await deps.repo.getOrderByClientId(userId, request.clientOrderId);
    if (!order) return null;
    return isSameOrder(order, request) ? ok({ order, checks: [] }) : idReused();
  };
}

/** The market is closed: the sale waits, as an open order of the next session that can be canceled until it fills. */
function queueShares(
  deps: PaperDeps,
  userId: string,
  request: OrderRequest,
  timing: Extract<FillTiming, { kind: 'next-session' }>,
): Promise<Result<ClosedPosition>> {
  const replayed = replayedShares(deps, userId, request);
  return retryOnConflict(
    async () => {
      const { account, positions } = await deps.repo.getAccountAndPositions(userId);
      if (!account) return noAccount();
      const violation = reduceOnlyViolation(positions, request.legs);
      if (violation) return (await replayed()) ?? violation;
      if (!canRestAnother(account)) return (await replayed()) ?? tooManyOpenOrders();
      const now = deps.clock.now();
      const current = positions.find((x) => x.symbol === request.legs[0]!.contract)!;
      const order: Order = { ...shareOrderBase(deps, request, account.run, current, now.toISOString(), timing.session), queued: true };
      const result = await deps.repo.commit(userId, {
        account: {
          expectedVersion: account.version,
          next: { ...account, openOrders: countOpenOrder(account, order.session, 1), version: account.version + 1 },
        },
        order: { next: order, expected: 'new' },
        ...(request.agentCount ? { agentCount: request.agentCount } : {}),
      });
      if (result === 'ok') return ok({ order, checks: [], note: fillTimingNote(timing, 'market', now) });
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

/**
 * The sale itself, at the underlying's price: now while the market is open, at the last close by the practice
 * shortcut, or, for a queued sale (`existing`), once a price from its own session has come.
 */
function fillShares(deps: PaperDeps, userId: string, request: OrderRequest, timing: FillTiming, existing?: Order): Promise<Result<ClosedPosition>> {
  const leg = request.legs[0]!;
  const symbol = leg.contract;
  const replayed = existing ? async () => null : replayedShares(deps, userId, request);
  return retryOnConflict(
    async () => {
      const { account, positions } = await deps.repo.getAccountAndPositions(userId);
      if (!account) return noAccount();
      // A queued sale is checked again when it fills: the position may have changed while it waited.
      const violation = reduceOnlyViolation(positions, request.legs);
      if (violation) return (await replayed()) ?? violation;
      const current = positions.find((x) => x.symbol === symbol)!;
      const quote = (await deps.quotes.underlyingQuotes([symbol])).get(symbol);
      const now = deps.clock.now();
      if (existing && !queuedOrderDue(existing.session, now, quote ? [quote] : [])) return ok({ order: existing, checks: [] });
      if (!quote) return fail('unprocessable', `No price for ${symbol} right now.`);
      const { price } = quote;
      const at = now.toISOString();
      const session = sessionOf(now);
      const outcome = applyFill(current, { symbol, side: leg.side, quantity: leg.quantity, price, at, date: session, kind: 'stock' });
      const cashDelta = cents((leg.side === 'sell' ? 1 : -1) * price * leg.quantity);
      const fillNote = existing ? queuedFillNote(quote.asOf) : timing.kind === 'last-close' ? shortcutFillNote(quote.asOf) : null;
      const base = existing ?? shareOrderBase(deps, request, account.run, current, at, session);
      const order: Order = filledShareOrder(base, { at, asOf: quote.asOf, price, cashDelta, realizedPnl: outcome.realizedPnl, fillNote });
      const note = timing.kind === 'now' ? undefined : fillTimingNote(timing, 'market', now);
      const sold = `${leg.side === 'sell' ? 'Sold' : 'Bought'} ${leg.quantity} ${symbol} shares at ${formatUsd(price)}.`;
      const result = await deps.repo.commit(userId, {
        account: {
          expectedVersion: account.version,
          next: {
            ...(await withSessionStart(deps, account, positions)),
            cash: cents(account.cash + cashDelta),
            realizedPnl: cents(account.realizedPnl + outcome.realizedPnl),
            ...(existing ? { openOrders: countOpenOrder(account, existing.session, -1) } : {}),
            version: account.version + 1,
          },
        },
        order: { next: order, expected: existing ? 'open' : 'new' },
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
            text: byAgent(`${fillNote ? `${fillNote}. ` : ''}${sold}`, order.agent),
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
        // An agent's sale counts towards its minute when it is placed; a queued one that fills later is not counted again.
        ...(request.agentCount && !existing ? { agentCount: request.agentCount } : {}),
      });
      if (result === 'ok') return ok({ order, checks: [], ...(note ? { note } : {}) });
      if (result === 'limited') return agentMinuteFull(request.agentCount!);
      if (result === 'duplicate') {
        if (existing) return ok({ order: (await deps.repo.getOrder(userId, existing.orderId)) ?? existing, checks: [] });
        const replay = await replayed();
        if (replay) return replay;
      }
      return RETRY;
    },
    () => accountChanged('while the shares were being sold'),
    deps.backoff,
  );
}

/** A share sale as an open order of a session, before it fills. */
function shareOrderBase(deps: PaperDeps, request: OrderRequest, run: number, underlying: Position, at: string, session: string): Order {
  return {
    orderId: deps.ids.newId(),
    clientOrderId: request.clientOrderId,
    type: 'market',
    limitPrice: null,
    timeInForce: 'day',
    legs: [request.legs[0]!],
    strategy: null,
    status: 'open',
    createdAt: at,
    session,
    filledAt: null,
    canceledAt: null,
    expiredAt: null,
    fills: [],
    netPrice: null,
    totalCost: null,
    commission: 0,
    held: 0,
    underlyings: [underlying.underlying],
    run,
    reason: null,
    reduceOnly: true,
    ...(request.agent ? { agent: request.agent } : {}),
  };
}

function filledShareOrder(
  base: Order,
  fill: { at: string; asOf: string; price: number; cashDelta: number; realizedPnl: number; fillNote: string | null },
): Order {
  const leg = base.legs[0]!;
  return {
    ...base,
    status: 'filled',
    queued: false,
    filledAt: fill.at,
    fillNote: fill.fillNote,
    fills: [
      {
        contract: leg.contract,
        side: leg.side,
        quantity: leg.quantity,
        price: fill.price,
        commission: 0,
        effect: 'close',
        realizedPnl: fill.realizedPnl,
        quote: { contract: leg.contract, bid: fill.price, ask: fill.price, last: fill.price, mark: fill.price, asOf: fill.asOf, underlyingPrice: fill.price },
      },
    ],
    netPrice: fill.price,
    totalCost: cents(-fill.cashDelta),
  };
}
