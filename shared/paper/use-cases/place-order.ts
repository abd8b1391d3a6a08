import type { ComplianceCheck } from '../../compliance/checks';
import { parseOcc } from '../../market/occ';
import { fail, ok, type Result } from '../../result';
import { byAgent, describe } from '../describe';
import { evaluateOrder, type Decision } from '../engine';
import { cents } from '../../kernel/money';
import { formatUsd } from '../../format/money';
import { countOpenOrder, canRestAnother } from '../open-orders';
import { fillTiming, fillTimingNote, queuedFillNote, queuedOrderDue, shortcutFillNote, type FillTiming } from '../market-hours';
import { accountChanged, idReused, noAccount, tooManyOpenOrders } from '../paper.errors';
import { reduceOnlyViolation } from '../reduce-only';
import { groupOfOrder, withAgent, withGroups } from '../strategy-groups';
import { isSameOrder } from '../same-order';
import { orderEvents } from '../paper.events';
import type { AccountChange } from '../paper.port';
import { pruneDayTrades, sessionOf } from '../session';
import type { Activity, PaperAccount } from '../types';
import type { Order, OrderRequest } from '../../trading/order';
import { agentMinuteFull } from '../../trading/agent-orders';
import { complianceEntries, logChecks } from './compliance-log';
import type { PaperDeps } from './deps';
import { loadState, withSessionStart } from './market-state';
import { retryOnConflict, RETRY } from './retry';

export interface PlacedOrder {
  order: Order;
  checks: ComplianceCheck[];
  /** What the closed market did to it: queued for the next session, or filled by the practice shortcut. */
  note?: string;
}

/** Places an order on the paper account: a retry with the same client order id returns the first order. */
export const placeOrder = (deps: PaperDeps, userId: string, request: OrderRequest): Promise<Result<PlacedOrder>> => decideOrder(deps, userId, request);

/**
 * Decides and books an order (spec part 3 §3–§9): the pre-trade checks, then a fill at the quotes or a resting
 * limit, written with its events in one transaction conditional on the account's version and the client order id.
 * While the market is closed a new order is queued for the next session (market-hours.ts), unless the learner chose
 * to fill at the last close. `existing` is a resting order being re-checked against new quotes; a queued one is
 * decided only once its session's quotes have come, and fills (or rests) then.
 */
export function decideOrder(deps: PaperDeps, userId: string, request: OrderRequest, existing?: Order): Promise<Result<PlacedOrder>> {
  const { repo, clock } = deps;
  // A retried request must return the first order even when the account has moved on since, so any answer other
  // than a fresh fill first looks for it; on the happy path the transaction's client-order-id guard does that job
  // without a read. An id reused for a different order is refused rather than answered with the old order.
  const replayed = async (): Promise<Result<PlacedOrder> | null> => {
    if (existing) return null;
    const order = await repo.getOrderByClientId(userId, request.clientOrderId);
    if (!order) return null;
    return isSameOrder(order, request) ? ok({ order, checks: [] }) : idReused();
  };
  return retryOnConflict(
    async () => {
      const { account, positions } = await repo.getAccountAndPositions(userId);
      if (!account) return (await replayed()) ?? noAccount();
      // A queued close is checked again when it fills: the position may have changed while it waited.
      if (request.reduceOnly && (!existing || existing.queued)) {
        const violation = reduceOnlyViolation(positions, request.legs);
        if (violation) return (await replayed()) ?? violation;
      }
      // A resting order's own hold is not counted against itself.
      const basis = existing ? { ...account, heldForOrders: Math.max(0, account.heldForOrders - existing.held) } : account;
      const state = await loadState(
        deps,
        basis,
        request.legs.map((l) => l.contract),
        positions,
      );
      // A queued order waits until its session has opened and the quotes are that session's.
      if (
        existing?.queued &&
        !queuedOrderDue(
          existing.session,
          state.now,
          request.legs.map((l) => state.quotes.get(l.contract.toUpperCase())).filter((q) => !!q),
        )
      ) {
        return ok({ order: existing, checks: [] });
      }
      const timing: FillTiming = existing ? { kind: 'now' } : fillTiming(state.now, request.whenClosed);
      const evaluation = evaluateOrder(state, request, { queue: timing.kind === 'next-session' });
      if (!evaluation.canProceed) {
        const replay = await replayed();
        if (replay) return replay;
      }
      if (!existing && (evaluation.invalid || !evaluation.canProceed || !evaluation.decision)) logChecks(deps, userId, evaluation.checks);
      if (evaluation.invalid) return fail('bad_request', evaluation.checks.map((c) => c.message).join(' '), { checks: evaluation.checks });
      if (!evaluation.canProceed || !evaluation.decision) {
        const blocking = evaluation.checks.find((c) => c.severity === 'error');
        return fail('unprocessable', blocking?.message ?? 'The order was blocked by a compliance check.', { checks: evaluation.checks });
      }
      const decision = evaluation.decision;
      if (existing && decision.kind === 'rest') {
        if (!existing.queued) return ok({ order: existing, checks: evaluation.checks });
        // Its session's quotes came and it did not fill: from now on it rests like any limit of the session.
        return (await unqueue(deps, userId, account, existing)) ?? RETRY;
      }
      if (decision.kind === 'rest' && !canRestAnother(account)) {
        return (await replayed()) ?? tooManyOpenOrders();
      }

      const now = clock.now();
      const at = now.toISOString();
      const today = sessionOf(now);
      const started = await withSessionStart(deps, account, state.positions, state);
      const base: Order = existing ?? newOrder(deps, request, account, at, today);
      const note = timing.kind === 'now' ? undefined : fillTimingNote(timing, request.type, now);

      let change: AccountChange;
      let order: Order;
      if (decision.kind === 'fill') {
        const asOf = decision.fills[0]!.quote.asOf;
        order = {
          ...base,
          status: 'filled',
          queued: false,
          fillNote: timing.kind === 'last-close' ? shortcutFillNote(asOf) : base.queued ? queuedFillNote(asOf) : (base.fillNote ?? null),
          filledAt: at,
          fills: decision.fills,
          netPrice: decision.netPrice,
          totalCost: decision.totalCost,
          commission: decision.commission,
          held: 0,
        };
        const next: PaperAccount = {
          ...started,
          cash: cents(account.cash + decision.cashDelta),
          realizedPnl: cents(account.realizedPnl + decision.realizedPnl),
          feesPaid: cents((account.feesPaid ?? 0) + decision.commission),
          heldForOrders: cents(Math.max(0, account.heldForOrders - (existing?.held ?? 0))),
          ...(existing ? { openOrders: countOpenOrder(account, existing.session, -1) } : {}),
          dayTrades: decision.dayTrade ? pruneDayTrades([...account.dayTrades, today], today) : account.dayTrades,
          version: account.version + 1,
        };
        change = {
          account: { expectedVersion: account.version, next },
          order: { next: order, expected: existing ? 'open' : 'new' },
          positions: withAgent(withGroups(decision.changes, groupOfOrder(order)), order.agent),
          activity: [fillActivity(deps, order, decision, at)],
          counters: { paperTrades: 1, ...(order.legs.length > 1 || order.strategy ? { strategiesBuilt: 1 } : {}) },
          ...(existing ? {} : { compliance: complianceEntries(evaluation.checks, now) }),
          events: orderEvents(deps.ids, userId, order, decision, at, { placed: !existing }),
        };
      } else {
        // Queued for the next session (the market is closed), or a shortcut limit that did not fill at the last close.
        order = { ...base, held: decision.hold, ...(timing.kind === 'now' ? {} : { queued: true }) };
        change = {
          account: {
            expectedVersion: account.version,
            next: {
              ...started,
              heldForOrders: cents(account.heldForOrders + decision.hold),
              openOrders: countOpenOrder(account, order.session, 1),
              version: account.version + 1,
            },
          },
          order: { next: order, expected: 'new' },
          compliance: complianceEntries(evaluation.checks, now),
          events: orderEvents(deps.ids, userId, order, decision, at, { placed: true }),
        };
      }
      // An agent token's new order counts towards its minute in the same transaction (a re-check of a resting one does not).
      const result = await repo.commit(userId, request.agentCount && !existing ? { ...change, agentCount: request.agentCount } : change);
      if (result === 'ok') return ok({ order, checks: evaluation.checks, ...(note ? { note } : {}) });
      if (result === 'limited') return agentMinuteFull(request.agentCount!);
      if (result === 'duplicate') {
        if (existing) return ok({ order: (await repo.getOrder(userId, existing.orderId)) ?? existing, checks: [] });
        const replay = await replayed();
        if (replay) return replay;
      }
      // 'conflict' (the account moved): decide again from fresh state.
      return RETRY;
    },
    () => accountChanged('while the order was being placed'),
    deps.backoff,
  );
}

/** A queued order whose session's quotes came without a fill becomes an ordinary resting order (one conditional write). */
async function unqueue(deps: PaperDeps, userId: string, account: PaperAccount, order: Order): Promise<Result<PlacedOrder> | null> {
  const next: Order = { ...order, queued: false };
  const result = await deps.repo.commit(userId, {
    account: { expectedVersion: account.version, next: { ...account, version: account.version + 1 } },
    order: { next, expected: 'open' },
  });
  if (result === 'ok') return ok({ order: next, checks: [] });
  if (result === 'duplicate') return ok({ order: (await deps.repo.getOrder(userId, order.orderId)) ?? order, checks: [] });
  return null;
}

function newOrder(deps: PaperDeps, request: OrderRequest, account: PaperAccount, at: string, session: string): Order {
  return {
    orderId: deps.ids.newId(),
    clientOrderId: request.clientOrderId,
    type: request.type,
    limitPrice: request.type === 'limit' ? request.limitPrice! : null,
    timeInForce: 'day',
    legs: request.legs.map((l) => ({ ...l, contract: l.contract.toUpperCase() })),
    strategy: request.strategy ?? null,
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
    underlyings: [...new Set(request.legs.map((l) => parseOcc(l.contract)?.underlying ?? ''))].filter(Boolean),
    run: account.run,
    reason: null,
    ...(request.reduceOnly ? { reduceOnly: true } : {}),
    ...(request.agent ? { agent: request.agent } : {}),
  };
}

function fillActivity(deps: PaperDeps, order: Order, decision: Extract<Decision, { kind: 'fill' }>, at: string): Activity {
  const parts = decision.fills.map((f) => `${f.side === 'buy' ? 'Bought' : 'Sold'} ${f.quantity} ${describe(f.contract)} at ${formatUsd(f.price)}`);
  const money = decision.totalCost >= 0 ? `paid ${formatUsd(decision.totalCost)}` : `received ${formatUsd(-decision.totalCost)}`;
  return {
    id: deps.ids.newId(),
    at,
    kind: 'fill',
    orderId: order.orderId,
    cashDelta: decision.cashDelta,
    // Closing legs' P&L before commission; the commission is a fee of its own, so an opening trade shows no realized loss.
    realizedPnl: cents(decision.realizedPnl + decision.commission),
    fee: decision.commission,
    text: byAgent(
      `${order.fillNote ? `${order.fillNote}. ` : ''}${order.strategy ? `${order.strategy}: ` : ''}${parts.join('; ')} (${money}, commission ${formatUsd(decision.commission)}).`,
      order.agent,
    ),
    ...(order.agent ? { agent: order.agent } : {}),
  };
}
