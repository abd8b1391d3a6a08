import { formatUsd } from '@shared/format/money';
import { describeOrder } from '@shared/paper/describe';
import type { Order } from '@web/api/paper-account';
import { EmptyState, Tile } from '../tile';
import type { QueryLike } from '@web/components/query-state';

type Query<T> = QueryLike<T>;

/** Resting (open, unfilled limit) day orders: GET /api/orders?status=open. */
export function OrdersTile({ orders, hasAccount }: { orders: Query<{ orders: Order[] }>; hasAccount: boolean }) {
  const open = orders.data?.orders ?? [];
  return (
    <Tile id="orders" title="Resting orders" to="/app/orders" linkLabel="Orders" query={orders}>
      {!hasAccount ? (
        <EmptyState
          text="Limit orders that have not filled yet wait here until they fill or the session closes."
          action="Open your paper account"
          to="/app/portfolio"
        />
      ) : open.length === 0 ? (
        <p className="text-sm text-slate-700">No resting orders. A limit order that is not marketable waits here until it fills or its session closes.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {open.slice(0, 5).map((o) => (
            <li key={o.orderId} className="py-2 text-sm text-slate-800" data-testid="dashboard-order">
              {describeOrder(o)}
              {o.held > 0 && <span className="block text-xs text-slate-600">Holds {formatUsd(o.held)} of buying power until it ends</span>}
            </li>
          ))}
          {open.length > 5 && <li className="py-2 text-xs text-slate-600">and {open.length - 5} more</li>}
        </ul>
      )}
    </Tile>
  );
}
