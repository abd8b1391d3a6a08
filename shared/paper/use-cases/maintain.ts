import { domainEvent } from '../../events/domain-events';
import { isExpired } from '../../market/expiry-status';
import type { PositionChange } from '../engine';
import { settleExpiries } from '../expiration';
import { cents } from '../money';
import { sessionOf } from '../session';
import type { Order } from '../types';
import { endOpenOrder } from './cancel-order';
import { settlementOf, warn, type PaperDeps } from './deps';
import { withSessionStart } from './market-state';
import { decideOrder } from './place-order';

/**
 * The account's due work, done by the settle job (after the close, and whenever new quotes arrive) and never by a
 * read: day orders of an earlier session expire, resting limits that became marketable fill, expired options settle.
 */
export interface MaintenanceDone {
  ordersExpired: number;
  ordersFilled: number;
  optionsSettled: number;
}

export async function maintainAccount(deps: PaperDeps, userId: string): Promise<MaintenanceDone> {
  const done: MaintenanceDone = { ordersExpired: 0, ordersFilled: 0, optionsSettled: 0 };
  const session = sessionOf(deps.clock.now());
  for (const order of await deps.repo.listOrders(userId, { status: 'open' })) {
    // A day order lives until its session's close: once the current session is a later one, it has expired.
    if (order.session < session) {
      const ended = await endOpenOrder(deps, userId, order, 'expired', 'A day order that did not fill expires at the close.');
      if (ended.ok) done.ordersExpired++;
      continue;
    }
    const result = await recheckRestingOrder(deps, userId, order);
    if (!result.ok) warn(deps)(`open order ${order.orderId} could not be re-checked: ${result.error.message}`);
    else if (result.value.order.status === 'filled') done.ordersFilled++;
  }
  done.optionsSettled = await settleDueExpiries(deps, userId);
  return done;
}

/** A resting limit decided again against the latest quotes: it fills if it became marketable, else keeps resting. */
function recheckRestingOrder(deps: PaperDeps, userId: string, order: Order) {
  return decideOrder(
    deps,
    userId,
    {
      clientOrderId: order.clientOrderId,
      type: 'limit',
      limitPrice: order.limitPrice ?? undefined,
      timeInForce: 'day',
      legs: order.legs,
      strategy: order.strategy ?? undefined,
    },
    order,
  );
}

/**
 * Settles options that have expired (spec part 3 §9) at their underlying's close on the expiry date: assignments
 * first, then exercises checked against what they left, as a broker does.
 */
async function settleDueExpiries(deps: PaperDeps, userId: string): Promise<number> {
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
      events: results.map((r) =>
        domainEvent(
          'OptionExpired',
          {
            userId,
            contract: r.symbol,
            quantity: Math.abs(r.changes[0]!.before!.quantity),
            outcome: r.outcome === 'auto_closed' ? 'cash_settled' : r.outcome,
            at,
          },
          deps.ids.newId(),
        ),
      ),
    });
    if (result === 'ok') return results.length;
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
