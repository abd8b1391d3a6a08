import { environmentOfAccount } from '@shared/broker/account-id';
import { useBrokerSync } from '@web/api/broker';
import { useSelectedAccount } from '@web/api/selected-account';
import { LiveOrdersList, StandInNote } from './live-account';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { agentNameInWords } from '@shared/agent/token';
import { formatUsd } from '@shared/format/money';
import { formatNewYorkTime } from '@shared/format/time';
import { useCancelOrder, useOrders, type Order, type OrderFilter } from '@web/api/paper-account';
import { contractLabel } from '@web/components/trading/contract-label';
import { Spinner } from '@web/components/ui/spinner';
import { usePageMeta } from '@web/lib/page-meta';

const TABS: { id: OrderFilter; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'open', label: 'Open' },
  { id: 'filled', label: 'Filled' },
  { id: 'canceled', label: 'Canceled' },
  { id: 'expired', label: 'Expired' },
];
const STATUS_STYLE: Record<Order['status'], string> = {
  open: 'bg-sky-100 text-sky-900',
  filled: 'bg-emerald-100 text-emerald-900',
  canceled: 'bg-slate-200 text-slate-800',
  expired: 'bg-amber-100 text-amber-900',
};

/** /app/orders: paper orders by status; an open one can be canceled. */
export default function OrdersPage() {
  const { selected } = useSelectedAccount();
  const environment = environmentOfAccount(selected?.id);
  useBrokerSync(environment);
  if (selected && environment)
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-bold text-slate-900">Orders · {selected.name}</h1>
        <StandInNote environment={environment} />
        <LiveOrdersList environment={environment} />
      </div>
    );
  return <PaperOrdersPage />;
}

function PaperOrdersPage() {
  usePageMeta({ title: 'Orders', description: 'Your paper orders: open, filled, canceled and expired.', path: '/app/orders', noindex: true });
  const [tab, setTab] = useState<OrderFilter>('all');
  const orders = useOrders(tab);
  const cancel = useCancelOrder();
  return (
    <div className="space-y-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Orders</h1>
        <Link to="/app/portfolio" className="text-sm font-semibold text-brand-800 hover:underline">
          Portfolio →
        </Link>
      </header>
      <div role="tablist" aria-label="Order status" className="flex flex-wrap gap-2">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            onClick={() => setTab(t.id)}
            className={`rounded-full px-3 py-1.5 text-sm font-semibold ring-1 ${tab === t.id ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      {cancel.isError && (
        <p role="alert" className="text-sm text-red-800">
          {cancel.error.message}
        </p>
      )}
      <section role="tabpanel" className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        {orders.isPending ? (
          <Spinner />
        ) : orders.isError ? (
          <p role="alert" className="p-5 text-red-800">
            {orders.error.message}
          </p>
        ) : orders.data.orders.length === 0 ? (
          <p className="p-5 text-slate-700">No {tab === 'all' ? '' : `${tab} `}orders yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {orders.data.orders.map((o) => (
              <li key={o.orderId} className="flex flex-col gap-2 px-5 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="order-row">
                <div>
                  <p className="font-semibold text-slate-900">
                    {o.strategy && <span>{o.strategy}: </span>}
                    {o.legs.map((l) => `${l.side === 'buy' ? 'Buy' : 'Sell'} ${l.quantity} ${contractLabel(l.contract)}`).join(' · ')}
                  </p>
                  <p className="mt-0.5 text-xs text-slate-600">
                    {formatNewYorkTime(o.createdAt)} ·{' '}
                    {o.type === 'market'
                      ? 'Market'
                      : `Limit ${formatUsd(Math.abs(o.limitPrice ?? 0))}${o.legs.length > 1 ? ((o.limitPrice ?? 0) >= 0 ? ' debit' : ' credit') : ''}`}{' '}
                    · day
                    {o.run > 0 && ` · run ${o.run}`}
                    {o.reason && ` · ${o.reason}`}
                  </p>
                  {o.agent && (
                    <p className="mt-0.5 text-xs italic text-slate-600" data-testid="order-agent">
                      {agentNameInWords(o.agent)}
                    </p>
                  )}
                </div>
                <div className="flex items-center gap-3">
                  {o.status === 'filled' && o.totalCost !== null && (
                    <span className="text-sm tabular-nums text-slate-800">
                      {o.legs.length > 1
                        ? `net ${formatUsd(Math.abs(o.netPrice ?? 0))} ${(o.netPrice ?? 0) >= 0 ? 'debit' : 'credit'}`
                        : `at ${formatUsd(o.fills[0]?.price ?? 0)}`}{' '}
                      · {o.totalCost >= 0 ? 'paid' : 'received'} {formatUsd(Math.abs(o.totalCost))}
                    </span>
                  )}
                  <span className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${STATUS_STYLE[o.status]}`}>{o.status}</span>
                  {o.status === 'open' && (
                    <button
                      type="button"
                      disabled={cancel.isPending}
                      onClick={() => cancel.mutate(o.orderId)}
                      className="rounded-lg px-3 py-1.5 text-xs font-semibold text-red-800 ring-1 ring-red-200 hover:bg-red-50 disabled:opacity-50"
                    >
                      Cancel
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
