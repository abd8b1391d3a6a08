import { formatNumber } from '@shared/format/number';
import { useId, useMemo, useState } from 'react';
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
import { useContractQuote } from '@web/api/market';
import type { AccountSummary, OrderRequest } from '@web/api/paper-account';
import { ChecksList } from '@web/components/trading/checks-list';
import { TradeConfirmationDialog } from '@web/components/trading/trade-confirmation-dialog';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { contractLabel } from '@web/components/trading/contract-label';
import { SegmentedControl } from '@web/components/ui/segmented-control';
import { orderCost } from '@shared/paper/order-cost';
import { useOrderFlow } from '../hooks/use-order-flow';

/**
 * The trading screens for a connected Alpaca account (issue 21), chosen in the account selector: its figures,
 * positions (close, exercise) and orders (cancel), synced from Alpaca when the screen opens and every 30 s while it is
 * visible (useBrokerSync), read as the last sync stored them; and the
 * ticket, which places through POST /api/orders with the account's id after the live confirmation.
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
            ['Options level', `${a.trading_level} · ${levelName(a.trading_level)}`],
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

const SIDES = [
  { value: 'buy', label: 'Buy' },
  { value: 'sell', label: 'Sell' },
] as const;
const ORDER_TYPES = [
  { value: 'market', label: 'Market' },
  { value: 'limit', label: 'Limit' },
] as const;
const segment = (on: boolean) => `rounded-lg px-4 py-2 text-sm font-semibold ring-1 ${on ? 'bg-brand-700 text-white ring-brand-700' : 'ring-slate-300'}`;

/** The trade ticket for a connected Alpaca account: the same order body as paper, the live confirmation, then Alpaca. */
export function LiveTicket({ contract, initialSide, account }: { contract: string; initialSide: 'buy' | 'sell'; account: AccountSummary }) {
  const environment = account.id === 'alpaca-live' ? 'live' : 'paper';
  const [side, setSide] = useState(initialSide);
  const [quantity, setQuantity] = useState('1');
  const [type, setType] = useState<'market' | 'limit'>('market');
  const [limit, setLimit] = useState('');
  const refresh = useBrokerAction(async () => undefined);
  const flow = useOrderFlow<OrderRequest>({
    toRequest: (draft, clientOrderId) => ({ ...draft, clientOrderId }),
    onPlaced: () => refresh.mutate(undefined),
  });
  const ids = { qty: useId(), limit: useId() };
  const quote = useContractQuote(contract).data?.quote;
  const qty = Number(quantity);
  // The price shown before confirming: the limit, or the market's side (buy at the ask, sell at the bid); Alpaca fills it.
  const estimate = type === 'limit' ? Number(limit) || 0 : ((side === 'buy' ? quote?.ask : quote?.bid) ?? quote?.mark ?? 0);
  const request = useMemo(
    (): OrderRequest => ({
      clientOrderId: '',
      type,
      timeInForce: 'day',
      legs: [{ contract, side, quantity: qty }],
      ...(type === 'limit' ? { limitPrice: Number(limit) } : {}),
      accountId: account.id,
    }),
    [type, contract, side, qty, limit, account.id],
  );
  const placed = flow.result?.placed.order;
  const done = placed ? `Order sent to Alpaca: ${placed.status}${placed.netPrice !== null ? ` at ${formatUsd(Math.abs(placed.netPrice))}` : ''}.` : null;
  const { checks, error } = flow;
  return (
    <section className="mx-auto max-w-xl space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h1 className="text-xl font-bold">Trade {contractLabel(contract)}</h1>
      <p className="text-sm text-slate-700">
        On <strong>{account.name}</strong>: the order goes to Alpaca after the same checks as a paper order.
      </p>
      <StandInNote environment={environment} />
      {done ? (
        <div role="status" className="space-y-2">
          <p className="font-semibold text-emerald-800">{done}</p>
          <ChecksList checks={checks} />
          <Link to="/app/portfolio" className="font-semibold text-brand-800 underline">
            See it in the portfolio
          </Link>
        </div>
      ) : (
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            flow.review(request, `live-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`);
          }}
        >
          <SegmentedControl label="Side" className="flex gap-2" options={SIDES} value={side} onSelect={setSide} itemClassName={segment} />
          <label htmlFor={ids.qty} className="block text-sm font-semibold">
            Contracts
          </label>
          <input
            id={ids.qty}
            inputMode="numeric"
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            className="block w-32 rounded-lg px-3 py-2 ring-1 ring-slate-300"
          />
          <SegmentedControl label="Order type" className="flex gap-2" options={ORDER_TYPES} value={type} onSelect={setType} itemClassName={segment} />
          {type === 'limit' && (
            <>
              <label htmlFor={ids.limit} className="block text-sm font-semibold">
                Limit price per share
              </label>
              <input
                id={ids.limit}
                inputMode="decimal"
                value={limit}
                onChange={(e) => setLimit(e.target.value)}
                className="block w-32 rounded-lg px-3 py-2 ring-1 ring-slate-300"
              />
            </>
          )}
          <Button type="submit">Review order</Button>
          {error && !flow.confirming && (
            <p role="alert" className="text-sm font-semibold text-red-800">
              {error}
            </p>
          )}
          {checks.length > 0 && <ChecksList checks={checks} />}
        </form>
      )}
      {flow.confirming && (
        <TradeConfirmationDialog
          trade={{
            action: side === 'buy' ? 'BUY' : 'SELL',
            quantity: qty,
            symbol: contractLabel(contract),
            orderType: type === 'market' ? 'Market (day)' : 'Limit (day)',
            price: estimate,
            totalCost: orderCost([{ side, quantity: qty, price: estimate }], 0).totalCost,
            currency: 'USD',
          }}
          account={{ name: account.name, mode: account.mode }}
          loading={flow.busy}
          error={error}
          onCancel={flow.cancel}
          onConfirm={flow.confirm}
        />
      )}
    </section>
  );
}

function ErrorPanel({ message }: { message: string }) {
  return (
    <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
      {message}
    </p>
  );
}
