import { orderCost } from '../paper/order-cost';
import { ok, type Result } from '../result';
import type { Order, OrderRequest } from '../trading/order';
import type { OrderVenue } from '../trading/order-venue.port';
import type { AccountSummary } from '../trading/trading.api';
import type { BrokerOrderRecord } from './broker.port';
import { alpacaAccountId } from './account-id';
import type { BrokerEnvironment } from './credentials-form';
import { cancelOrder } from './use-cases/cancel-order';
import type { BrokerDeps } from './use-cases/deps';
import { placeOrder } from './use-cases/place-order';

const STATUS: Record<string, Order['status']> = {
  filled: 'filled',
  canceled: 'canceled',
  expired: 'expired',
  rejected: 'canceled',
  replaced: 'canceled',
  done_for_day: 'expired',
};

/** An Alpaca order in the paper order's shape, for the screens that show either. */
export function asOrder(record: BrokerOrderRecord, request?: OrderRequest): Order {
  const legs = record.legs.length
    ? record.legs.map((l) => ({ contract: l.symbol, side: l.side === 'sell' ? ('sell' as const) : ('buy' as const), quantity: l.ratio_qty * record.quantity }))
    : [{ contract: record.symbol, side: record.side === 'sell' ? ('sell' as const) : ('buy' as const), quantity: record.quantity }];
  const net =
    record.filled_avg_price === null
      ? null
      : record.legs.length
        ? record.filled_avg_price
        : record.side === 'sell'
          ? -record.filled_avg_price
          : record.filled_avg_price;
  return {
    orderId: record.alpaca_order_id,
    clientOrderId: request?.clientOrderId ?? record.client_order_id.replace(/^oa-/, ''),
    type: record.order_type === 'limit' ? 'limit' : 'market',
    limitPrice: record.limit_price,
    timeInForce: 'day',
    legs,
    strategy: record.strategy,
    status: STATUS[record.status] ?? 'open',
    createdAt: record.submitted_at ?? '',
    session: (record.submitted_at ?? '').slice(0, 10),
    filledAt: record.filled_at,
    canceledAt: record.cancelled_at,
    expiredAt: null,
    fills: [],
    netPrice: net,
    totalCost: net === null ? null : orderCost([{ side: 'buy', quantity: record.filled_qty, price: net }], 0).totalCost,
    commission: 0,
    held: 0,
    underlyings: [...new Set(legs.map((l) => l.contract.match(/^[A-Z.]+/)?.[0] ?? ''))].filter(Boolean),
    run: 1,
    reason: record.status === 'rejected' ? 'Rejected by Alpaca' : null,
  };
}

/**
 * The learner's Alpaca account as an order venue (shared/trading/order-venue.port.ts): POST /api/orders with its
 * account id goes through the same use case as a paper order and is decided by the broker's use cases (the paper account's
 * compliance on the broker's figures, then one Alpaca order). Listed in the account selector once its keys are
 * validated. Only the live environment is LIVE (its banner and the live confirmation); Alpaca's paper environment is
 * Alpaca's own virtual money, shown under the PAPER banner that names Alpaca.
 */
export function alpacaVenue(environment: BrokerEnvironment, deps: BrokerDeps, standIn: boolean): OrderVenue {
  const { repo } = deps;
  const accountId = alpacaAccountId(environment);
  return {
    accountId,
    async summary(userId): Promise<AccountSummary | null> {
      const link = await repo.link(userId, environment);
      if (!link || !link.is_active || !link.last_validated_at) return null;
      const name = environment === 'live' ? 'Alpaca Live' : 'Alpaca Paper';
      return {
        id: accountId,
        name,
        displayName: name,
        description: standIn ? 'Local Alpaca stand-in (not Alpaca itself)' : `Alpaca ${environment} account ${link.account?.account_number ?? ''}`.trim(),
        // Alpaca's paper environment is virtual money: the PAPER banner and no live confirmation; only live is LIVE.
        mode: environment === 'live' ? 'live' : 'paper',
        broker: standIn ? 'Alpaca (local stand-in)' : 'Alpaca',
        balance: link.account?.equity ?? 0,
        currency: 'USD',
        isConnected: true,
      };
    },
    async placeOrder(userId, request) {
      const placed = await placeOrder(deps, userId, environment, request);
      return placed.ok ? ok({ order: asOrder(placed.value.order, request), checks: placed.value.checks }) : placed;
    },
    async cancelOrder(userId, orderId): Promise<Result<Order>> {
      const res = await cancelOrder(deps, userId, environment, orderId);
      return res.ok ? ok(asOrder(res.value.order)) : res;
    },
    async listOrders(userId, status) {
      // What the last sync stored (POST /api/broker/{environment}/sync): a read never calls Alpaca or writes.
      const orders = (await repo.syncedOrders(userId, environment)).orders.map((o) => asOrder(o));
      return ok(status ? orders.filter((o) => o.status === status) : orders);
    },
  };
}
