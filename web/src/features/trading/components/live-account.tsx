import { formatNumber } from '@shared/format/number';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { BrokerEnvironment } from '@shared/broker/credentials-form';
import { levelName } from '@shared/compliance/levels';
import { formatUsd } from '@shared/format/money';
import {
  cancelBrokerOrder,
  closeBrokerPosition,
  exerciseBrokerPosition,
  useBrokerAccount,
  useBrokerAction,
  useBrokerOrders,
  useBrokerPositions,
  useBrokerSync,
  type BrokerOrder,
} from '@web/api/broker';
import type { AccountSummary } from '@web/api/paper-account';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { contractLabel } from '@web/components/trading/contract-label';

/**
 * The trading screens for a connected Alpaca account (issue 21), chosen in the account selector: its figures,
 * positions (close, exercise) and orders (cancel), synced from Alpaca when the screen opens and every 30 s while it is
 * visible (useBrokerSync), read as the last sync stored them. The ticket is the one trade ticket (./ticket.tsx), which
 * places through POST /api/orders with the account's id after the live confirmation.
 */
export function StandInNote({ environment }: { environment: BrokerEnvironment }) {
  const account = useBrokerAccount(environment);
  if (!account.data?.standIn) return null;
  return (
    <p role="note" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200">
      This account is answered by the <strong>local Alpaca stand-in</strong> ({account.data.host}) that runs with the product on this machine, not by Alpaca.
    </p>
  );
}

export function LivePortfolio({ environment, account }: { environment: BrokerEnvironment; account: AccountSummary }) {
  useBrokerSync(environment);
  const figures = useBrokerAccount(environment);
  const positions = useBrokerPositions(environment);
  const close = useBrokerAction(closeBrokerPosition);
  const exercise = useBrokerAction(exerciseBrokerPosition);
  const [error, setError] = useState<string | null>(null);
  const onError = (e: unknown) => setError(e instanceof ApiError ? e.message : 'Something went wrong. Please try again.');
  if (figures.isPending) return <Spinner />;
  if (figures.isError) return <ErrorPanel message={figures.error.message} />;
  const a = figures.data.account;
  if (!a) return <Spinner />;
  return (
    <div className="min-w-0 space-y-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Portfolio · {account.name}</h1>
        <Link to="/app/orders" className="text-sm font-semibold text-brand-800 hover:underline">
          Orders →
        </Link>
      </header>
      <StandInNote environment={environment} />
      <dl className="grid grid-cols-[repeat(2,minmax(0,1fr))] gap-3 sm:grid-cols-4">
        {(
          [
            ['Equity', formatUsd(a.equity)],
            ['Cash', formatUsd(a.cash)],
            ['Buying power', formatUsd(a.buying_power)],
            ['Options buying power', formatUsd(a.options_buying_power)],
            ['Options trading level', `${a.trading_level} · ${levelName(a.trading_level)}`],
            ['Account', a.account_number],
            ['Day trades', a.day_trade_count === null ? 'not reported by Alpaca' : String(a.day_trade_count)],
            ['Synced', new Date(a.last_synced_at).toLocaleTimeString()],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="min-w-0 rounded-xl bg-white p-3 ring-1 ring-slate-200">
            <dt className="text-xs text-slate-700">{label}</dt>
            <dd className="break-words font-semibold tabular-nums text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {error && (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
      <section aria-labelledby="live-positions" className="min-w-0 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
        <h2 id="live-positions" className="font-bold text-slate-900">
          Positions
        </h2>
        {positions.isPending ? (
          <Spinner />
        ) : positions.isError ? (
          <ErrorPanel message={positions.error.message} />
        ) : positions.data.positions.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">No positions yet. Open the options chain and click a price to trade.</p>
        ) : (
          <div className="relative mt-2 overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left text-xs text-slate-700">
                  <th className="py-1 pr-3">Position</th>
                  <th className="py-1 pr-3 text-right">Qty</th>
                  <th className="py-1 pr-3 text-right">Avg price</th>
                  <th className="py-1 pr-3 text-right">Market value</th>
                  <th className="py-1 pr-3 text-right">Unrealized P&L</th>
                  <th className="py-1" />
                </tr>
              </thead>
              <tbody>
                {positions.data.positions.map((p) => (
                  <tr key={p.symbol} className="border-t border-slate-100">
                    <td className="py-1.5 pr-3">{p.contract_type ? contractLabel(p.symbol) : `${p.symbol} shares`}</td>
                    <td className="py-1.5 pr-3 text-right tabular-nums">{formatNumber(p.quantity, { digits: 4, minDigits: 0 })}</td>
                    <td className="py-1.5 pr-3 text-right tabular-nums">{formatUsd(p.avg_entry_price)}</td>
                    <td className="py-1.5 pr-3 text-right tabular-nums">{p.market_value === null ? '—' : formatUsd(p.market_value)}</td>
                    <td className="py-1.5 pr-3 text-right tabular-nums">{p.unrealized_pl === null ? '—' : formatUsd(p.unrealized_pl)}</td>
                    <td className="py-1.5 text-right">
                      <span className="inline-flex gap-2">
                        <Button
                          variant="secondary"
                          className="!px-2 !py-1"
                          disabled={close.isPending}
                          onClick={() => close.mutate({ environment, symbol: p.symbol }, { onError })}
                        >
                          Close<span className="sr-only"> {p.symbol}</span>
                        </Button>
                        {p.contract_type && p.quantity > 0 && (
                          <Button
                            variant="ghost"
                            className="!px-2 !py-1"
                            disabled={exercise.isPending}
                            onClick={() => exercise.mutate({ environment, symbol: p.symbol }, { onError })}
                          >
                            Exercise<span className="sr-only"> {p.symbol}</span>
                          </Button>
                        )}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <LiveOrdersList environment={environment} limit={10} />
    </div>
  );
}

const OPEN = ['new', 'accepted', 'pending_new', 'partially_filled', 'accepted_for_bidding', 'held'];

export function LiveOrdersList({ environment, limit }: { environment: BrokerEnvironment; limit?: number }) {
  const orders = useBrokerOrders(environment);
  const cancel = useBrokerAction(cancelBrokerOrder);
  const [error, setError] = useState<string | null>(null);
  const list = (orders.data?.orders ?? []).slice(0, limit);
  return (
    <section aria-labelledby="live-orders" className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id="live-orders" className="font-bold text-slate-900">
        Orders
      </h2>
      {error && (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
      {orders.isPending ? (
        <Spinner />
      ) : orders.isError ? (
        <ErrorPanel message={orders.error.message} />
      ) : list.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">No orders yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {list.map((o) => (
            <li key={o.alpaca_order_id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span>
                <strong>{describeOrder(o)}</strong>
                <span className="block text-xs text-slate-700">
                  {o.order_type} · {o.status}
                  {o.filled_avg_price !== null ? ` · filled at ${formatUsd(o.filled_avg_price)}` : ''}
                  {o.submitted_at ? ` · ${new Date(o.submitted_at).toLocaleString()}` : ''}
                </span>
              </span>
              {OPEN.includes(o.status) && (
                <Button
                  variant="secondary"
                  className="!px-2 !py-1"
                  disabled={cancel.isPending}
                  onClick={() =>
                    cancel.mutate({ environment, id: o.alpaca_order_id }, { onError: (e) => setError(e instanceof ApiError ? e.message : 'Could not cancel.') })
                  }
                >
                  Cancel<span className="sr-only"> order</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function describeOrder(o: BrokerOrder): string {
  if (o.legs.length) return `${o.strategy ?? 'Multi-leg'}: ${o.legs.map((l) => `${l.side} ${l.ratio_qty * o.quantity} ${contractLabel(l.symbol)}`).join(', ')}`;
  return `${o.side === 'sell' ? 'Sell' : 'Buy'} ${o.quantity} ${contractLabel(o.symbol)}`;
}

function ErrorPanel({ message }: { message: string }) {
  return (
    <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
      {message}
    </p>
  );
}
