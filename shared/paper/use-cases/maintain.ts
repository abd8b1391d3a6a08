import { domainEvent, type DomainEvent } from '../../events/domain-events';
import { isExpired } from '../../market/expiry-status';
import type { PositionChange } from '../engine';
import { settleExpiries, type SettlementResult } from '../expiration';
import { cents } from '../../kernel/money';
import { staleOpenOrders } from '../open-orders';
import { sessionOpensAt } from '../market-hours';
import { sessionOf } from '../session';
import type { Order } from '../../trading/order';
import { endOpenOrder } from './cancel-order';
import { settlementOf, warn, type PaperDeps } from './deps';
import { withSessionStart } from './market-state';
import { fillQueuedShares, isShareOrder } from './close-position';
import { decideOrder } from './place-order';

/**
 * The account's due work, done by the settle job (after the close, and whenever new quotes arrive) and never by a
 * read: expired options settle, day orders of an earlier session expire, resting limits that became marketable
 * fill. Three steps, so the job can do every account's settlements before anyone's re-checks (issue 16).
 */
export interface MaintenanceDone {
  ordersExpired: number;
  ordersFilled: number;
  optionsSettled: number;
}

/** Everything due on one account, in order: settlements, expiries of day orders, re-checks of resting limits. */
export async function maintainAccount(deps: PaperDeps, userId: string): Promise<MaintenanceDone> {
  const optionsSettled = await settleDueExpiries(deps, userId);
  const ordersExpired = await expireDayOrders(deps, userId);
  let ordersFilled = 0;
  for (const order of await restingOrders(deps, userId)) if (await recheckRestingOrder(deps, userId, order)) ordersFilled++;
  return { ordersExpired, ordersFilled, optionsSettled };
}

/** Open orders of the current session, oldest first: the ones a re-check may fill (a queued one once its session has opened). */
export async function restingOrders(deps: PaperDeps, userId: string): Promise<Order[]> {
  const now = deps.clock.now();
  const session = sessionOf(now);
  return (await deps.repo.listOrders(userId, { status: 'open' }))
    .filter((o) => o.session >= session && (!o.queued || now >= sessionOpensAt(o.session)))
    .reverse();
}

/**
 * Day orders whose session has closed expire, releasing what they held. An order queued for that session is first
 * decided at the session's quotes (with end-of-day data they come after its close), so it fills once at them if it
 * can, and expires only if it cannot.
 */
export async function expireDayOrders(deps: PaperDeps, userId: string): Promise<number> {
  const account = await deps.repo.getAccount(userId);
  const session = sessionOf(deps.clock.now());
  // The account counts its resting orders by session; only an account counted before that existed is listed blind.
  if (!account || (account.openOrders && !staleOpenOrders(account, session).length)) return 0;
  let expired = 0;
  for (const order of await deps.repo.listOrders(userId, { status: 'open' })) {
    if (order.session >= session) continue;
    if (order.queued && (await recheckRestingOrder(deps, userId, order))) continue;
    const ended = await endOpenOrder(deps, userId, order, 'expired', 'A day order that did not fill expires at the close.');
    if (ended.ok) expired++;
  }
  return expired;
}

/**
 * A resting order decided again against the latest quotes: a limit fills if it became marketable, else keeps resting;
 * a market order queued while the market was closed fills at its session's first quotes.
 */
export async function recheckRestingOrder(deps: PaperDeps, userId: string, order: Order): Promise<boolean> {
  // A queued sale of shares has no option quotes to be decided against: it fills at the underlying's session price.
  const result = isShareOrder(order)
    ? await fillQueuedShares(deps, userId, order)
    : await decideOrder(
        deps,
        userId,
        {
          clientOrderId: order.clientOrderId,
          type: order.type,
          limitPrice: order.limitPrice ?? undefined,
          timeInForce: 'day',
          legs: order.legs,
          strategy: order.strategy ?? undefined,
          ...(order.reduceOnly ? { reduceOnly: true } : {}),
        },
        order,
      );
  if (!result.ok) warn(deps)(`open order ${order.orderId} could not be re-checked: ${result.error.message}`);
  return result.ok && result.value.order.status === 'filled';
}

/**
 * Settles options that have expired (spec part 3 §9) at their underlying's close on the expiry date: assignments
 * first, then exercises checked against what they left, as a broker does; a forced sale if an assignment left cash
 * below zero.
 */
export async function settleDueExpiries(deps: PaperDeps, userId: string): Promise<number> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const account = await deps.repo.getAccount(userId);
    if (!account) return 0;
    const positions = await deps.repo.getPositions(userId);
    const now = deps.clock.now();
    const due = positions.filter((p) => p.kind === 'option' && isExpired(p.expiration!, now));
    if (!due.length) return 0;
    const underlyings = [...new Set(due.map((p) => `${p.underlying}|${p.expiration}`))];
    const closes = new Map<string, number>();
    for (const key of underlyings) {
      const [u, d] = key.split('|') as [string, string];
      const close = await deps.quotes.closeOn(u, d);
      if (close !== undefined) closes.set(key, close);
    }
    const at = now.toISOString();
    const date = sessionOf(now);
    const { results, unpriced } = settleExpiries(
      positions,
      (p) => due.includes(p),
      (u) => {
        const p = due.find((x) => x.underlying === u);
        return p ? closes.get(`${u}|${p.expiration}`) : undefined;
      },
      { cash: account.cash, at, date, settlementOf: settlementOf(deps) },
    );
    if (unpriced.length) warn(deps)(`no settlement price yet for ${unpriced.join(', ')}`);
    if (!results.length) return 0;
    const cashDelta = results.reduce((s, r) => s + r.cashDelta, 0);
    const realized = results.reduce((s, r) => s + r.realizedPnl, 0);
    const started = await withSessionStart(deps, account, positions);
    const result = await deps.repo.commit(userId, {
      account: {
        expectedVersion: account.version,
        next: { ...started, cash: cents(account.cash + cashDelta), realizedPnl: cents(account.realizedPnl + realized), version: account.version + 1 },
      },
      positions: collapse(results.flatMap((r) => r.changes)),
      activity: results.map((r) => ({ ...r.activity, id: deps.ids.newId(), at })),
      events: results.flatMap((r) => settlementEvents(deps, userId, r, at)),
    });
    if (result === 'ok') return results.filter((r) => r.outcome !== 'forced_sale').length;
    if (deps.backoff) await deps.backoff(attempt + 1);
  }
  return 0;
}

/** Several settlements may move the same share position: keep the first before and the last after. */
function collapse(changes: readonly PositionChange[]): PositionChange[] {
  const out = new Map<string, PositionChange>();
  for (const c of changes) {
    const prev = out.get(c.symbol);
    out.set(c.symbol, prev ? { symbol: c.symbol, before: prev.before, after: c.after } : c);
  }
  return [...out.values()];
}

/** OptionExpired for each option settled; a forced sale that empties a share position reports PositionClosed. */
function settlementEvents(deps: PaperDeps, userId: string, r: SettlementResult & { symbol: string }, at: string): DomainEvent[] {
  const before = r.changes[0]!.before!;
  if (r.outcome === 'forced_sale') {
    return r.changes[0]!.after
      ? []
      : [domainEvent('PositionClosed', { userId, contract: r.symbol, quantity: before.quantity, realizedPnl: r.realizedPnl, closedAt: at }, deps.ids.newId())];
  }
  return [
    domainEvent(
      'OptionExpired',
      {
        userId,
        contract: r.symbol,
        quantity: Math.abs(before.quantity),
        outcome: r.outcome === 'auto_closed' ? 'cash_settled' : r.outcome,
        ...(r.optionValue !== undefined ? { value: Math.round(r.optionValue * 10_000) / 10_000 } : {}),
        at,
      },
      deps.ids.newId(),
    ),
  ];
}
