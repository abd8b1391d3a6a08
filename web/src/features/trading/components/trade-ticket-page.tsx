import { formatCount, formatNumber, formatPercent } from '@shared/format/number';
import { environmentOfAccount } from '@shared/broker/account-id';
import { useSelectedAccount } from '@web/api/selected-account';
import { LiveTicket } from './live-account';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatUsd } from '@shared/format/money';
import { formatNewYorkTime } from '@shared/format/time';
import { parseOcc } from '@shared/market/occ';
import { fillPrice } from '@shared/paper/fills';
import { orderCost } from '@shared/paper/order-cost';
import { DEFAULT_SETTINGS } from '@shared/paper/types';
import { useContractQuote } from '@web/api/market';
import { preTrade, usePortfolio, type ComplianceCheck, type OrderRequest } from '@web/api/paper-account';
import { useOrderFlow } from '../hooks/use-order-flow';
import { DEFAULT_WHEN_CLOSED, MarketHoursNote, orderTypeWithHours, type WhenClosed } from '@web/components/trading/market-hours-note';
import { AccountSetupForm } from '@web/components/trading/account-setup-form';
import { MESSAGES } from '@shared/compliance/checks';
import { ChecksList } from '@web/components/trading/checks-list';
import { RaiseLevel } from '@web/components/trading/raise-level';
import { contractLabel } from '@web/components/trading/contract-label';
import { TradeConfirmationDialog, type TradeDetails } from '@web/components/trading/trade-confirmation-dialog';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { usePageMeta } from '@web/lib/page-meta';
import { FILL_MODEL_LABELS } from '../lib/estimate';
import { SegmentedControl } from '@web/components/ui/segmented-control';

/** /app/trade?contract=…&side=buy|sell: a paper order for one contract, opened from the chain's bid or ask. */
export default function TradeTicketPage() {
  const [params] = useSearchParams();
  const contract = (params.get('contract') ?? '').toUpperCase();
  const occ = parseOcc(contract);
  const { selected } = useSelectedAccount();
  usePageMeta({
    title: occ ? `Trade ${contractLabel(contract)}` : 'Trade ticket',
    description: 'Place a paper trade on an option with virtual money.',
    path: '/app/trade',
    noindex: true,
  });

  if (!occ) {
    return (
      <section className="mx-auto max-w-xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-xl font-bold">Trade ticket</h1>
        <p className="mt-2 text-slate-700">Pick a contract first: open the options chain and click a bid (to sell) or an ask (to buy).</p>
        <Link to="/app/optionschain" className="mt-4 inline-block font-semibold text-brand-800 underline">
          Open the options chain
        </Link>
      </section>
    );
  }
  const initialSide = params.get('side') === 'sell' ? 'sell' : 'buy';
  if (selected && environmentOfAccount(selected.id)) return <LiveTicket contract={contract} initialSide={initialSide} account={selected} />;
  return <Ticket contract={contract} initialSide={initialSide} />;
}

const SIDES = [
  { value: 'buy', label: 'Buy' },
  { value: 'sell', label: 'Sell' },
] as const;

function Ticket({ contract, initialSide }: { contract: string; initialSide: 'buy' | 'sell' }) {
  const occ = parseOcc(contract)!;
  const quote = useContractQuote(contract);
  const portfolio = usePortfolio();
  const [side, setSide] = useState(initialSide);
  const [quantity, setQuantity] = useState('1');
  const [type, setType] = useState<'market' | 'limit'>('market');
  const [limit, setLimit] = useState('');
  const [whenClosed, setWhenClosed] = useState<WhenClosed>(DEFAULT_WHEN_CLOSED);
  // Review, confirm, submit, result: the one order flow (a paper order here: no account id).
  const flow = useOrderFlow<OrderRequest>({ toRequest: (draft, clientOrderId) => ({ ...draft, clientOrderId }) });
  const { checks, setChecks, error } = flow;
  const done = flow.result?.placed.order ?? null;
  const ids = { qty: useId(), limit: useId() };

  const q = quote.data?.quote;
  const settings = portfolio.data?.account.settings;
  const qty = Number(quantity);
  const validQty = Number.isInteger(qty) && qty > 0;
  // Until the learner types a limit, it starts at the price they clicked (the ask to buy, the bid to sell).
  const limitText = limit !== '' ? limit : String((side === 'buy' ? q?.ask : q?.bid) ?? q?.mark ?? '');
  const limitPrice = Number(limitText);
  const estimate = q && settings ? (type === 'limit' && limitPrice > 0 ? limitPrice : fillPrice(q, side, settings)) : null;
  const cost = validQty
    ? orderCost([{ side, price: estimate ?? 0, quantity: qty }], settings?.commissionPerContract ?? DEFAULT_SETTINGS.commissionPerContract)
    : null;
  const commission = cost?.commission ?? 0;
  const total = estimate !== null && cost ? cost.totalCost : null;
  const position = portfolio.data?.positions.find((p) => p.symbol === contract);

  const request = useMemo(
    () => ({ type, timeInForce: 'day', whenClosed, legs: [{ contract, side, quantity: qty }], ...(type === 'limit' ? { limitPrice } : {}) }),
    [type, contract, side, qty, limitPrice, whenClosed],
  );

  const badLimit = type === 'limit' && limitText !== '' && !(limitPrice > 0);
  // The same checks the order will meet, run as the learner edits (the server has the last word).
  const checkable = !!portfolio.data && validQty && (type === 'market' || limitPrice > 0);
  useEffect(() => {
    if (!checkable) return;
    let live = true;
    const t = setTimeout(() => {
      preTrade({ clientOrderId: 'preview', ...request })
        .then((r) => {
          if (live) setChecks(r.checks);
        })
        .catch((e: unknown) => {
          if (!live) return;
          const checks = e instanceof ApiError ? (e.body as { checks?: unknown } | null)?.checks : undefined;
          // A request the server refuses outright (a quantity past 10,000) has no checks: its message is the check (issue 24).
          setChecks(Array.isArray(checks) ? (checks as ComplianceCheck[]) : [refusal(e)]);
        });
    }, 300);
    return () => {
      live = false;
      clearTimeout(t);
    };
    // The level the account has is part of the checks: raising it (RaiseLevel) runs them again.
  }, [request, checkable, settings?.optionsLevel, setChecks]);

  if (quote.isPending || portfolio.isPending) return <Spinner />;
  if (quote.isError) return <ErrorPanel message={quote.error.message} />;
  if (portfolio.isError) return <ErrorPanel message={portfolio.error.message} />;
  const chainLink = `/app/optionschain?ticker=${occ.underlying}&expiry=${occ.expiration}`;

  if (done) {
    return (
      <section className="mx-auto max-w-xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200" aria-live="polite">
        <h1 className="text-xl font-bold text-slate-900">{done.status === 'filled' ? 'Order filled' : 'Order placed'}</h1>
        <p className="mt-2 text-slate-700" data-testid="order-result">
          {done.status === 'filled'
            ? `${done.fillNote ? `${done.fillNote}: ` : ''}${side === 'buy' ? 'Bought' : 'Sold'} ${qty} ${contractLabel(contract)} at ${formatUsd(done.fills[0]!.price)} (${done.totalCost! >= 0 ? 'paid' : 'received'} ${formatUsd(Math.abs(done.totalCost!))} including ${formatUsd(done.commission)} commission).`
            : done.queued
              ? `${flow.result?.placed.note ?? 'The market is closed: this order is queued for the next session.'} ${formatUsd(done.held)} of buying power is held for it.`
              : `Your limit order rests until the price reaches ${formatUsd(limitPrice)} or the market closes. ${formatUsd(done.held)} of buying power is held for it.`}
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to="/app/portfolio" className="rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800">
            View portfolio
          </Link>
          <Link to="/app/orders" className="rounded-lg px-4 py-2.5 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50">
            View orders
          </Link>
          <Link to={chainLink} className="rounded-lg px-4 py-2.5 text-sm font-semibold text-brand-800 hover:underline">
            Back to the chain
          </Link>
        </div>
      </section>
    );
  }

  const trade: TradeDetails = {
    action: side === 'buy' ? 'BUY' : 'SELL',
    quantity: validQty ? qty : 0,
    symbol: contractLabel(contract),
    orderType: orderTypeWithHours(type === 'market' ? 'Market (day)' : `Limit ${formatUsd(limitPrice)} (day)`, whenClosed),
    price: estimate ?? 0,
    ...(q?.mark == null ? {} : { midPrice: q.mark }),
    commission,
    totalCost: total ?? 0,
    currency: 'USD',
  };
  const shownChecks = checkable ? checks : [];
  const blocked = shownChecks.some((c) => c.severity === 'error');

  return (
    <div className="mx-auto grid max-w-5xl gap-6 lg:grid-cols-[1fr_1.1fr]">
      <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="quote-h">
        <Link to={chainLink} className="text-sm font-semibold text-brand-800 hover:underline">
          ← Back to the {occ.underlying} chain
        </Link>
        <h1 id="quote-h" className="mt-2 text-2xl font-bold text-slate-900">
          {contractLabel(contract)}
        </h1>
        <p className="text-sm text-slate-600">{contract}</p>
        {q && quote.data && (
          <>
            <dl className="mt-4 grid grid-cols-3 gap-3 text-sm">
              <Stat label="Bid" value={q.bid === null ? '-' : formatUsd(q.bid)} />
              <Stat label="Ask" value={q.ask === null ? '-' : formatUsd(q.ask)} />
              <Stat label="Last" value={q.last === null ? '-' : formatUsd(q.last)} />
              <Stat label={`${occ.underlying} price`} value={formatUsd(quote.data.underlying.price)} />
              <Stat label="IV" value={q.implied_volatility === null ? '-' : formatPercent(q.implied_volatility, 1)} />
              <Stat label="Delta" value={q.delta === null ? '-' : formatNumber(q.delta, { digits: 3 })} />
              <Stat label="Theta / day" value={q.theta === null ? '-' : formatNumber(q.theta, { digits: 3 })} />
              <Stat label="Open interest" value={q.open_interest === null ? '-' : formatCount(q.open_interest)} />
              <Stat label="Days to expiry" value={String(quote.data.daysToExpiry)} />
            </dl>
            <p className="mt-3 text-xs text-slate-600">
              Quote as of {formatNewYorkTime(quote.data.underlying.asOf)}
              {quote.data.source === 'demo' ? ' · Demo data from the simulated market' : ''}
            </p>
          </>
        )}
        {position && (
          <p className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
            You hold {position.quantity > 0 ? `${position.quantity} long` : `${-position.quantity} short`} at an average {formatUsd(position.avgPrice)}.{' '}
            {position.quantity > 0 ? 'Selling' : 'Buying'} closes it.
          </p>
        )}
      </section>

      <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="order-h">
        <h2 id="order-h" className="text-lg font-bold text-slate-900">
          Paper order
        </h2>
        {!portfolio.data ? (
          <div className="mt-3">
            <AccountSetupForm onDone={() => void portfolio.refetch()} />
          </div>
        ) : (
          <form
            className="mt-3 space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              flow.review({ clientOrderId: '', ...request });
            }}
          >
            <SegmentedControl
              label="Side"
              className="grid grid-cols-2 gap-2"
              options={SIDES}
              value={side}
              onSelect={(s) => {
                setSide(s);
                setLimit('');
              }}
              itemClassName={(on, s) =>
                `rounded-lg px-3 py-2.5 text-sm font-bold ring-1 ${on ? (s === 'buy' ? 'bg-emerald-700 text-white ring-emerald-700' : 'bg-red-700 text-white ring-red-700') : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'}`
              }
            />
            <div className="grid grid-cols-2 gap-3">
              <div>
                <label htmlFor={ids.qty} className="mb-1 block text-sm font-medium text-slate-800">
                  Contracts
                </label>
                <input
                  id={ids.qty}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  value={quantity}
                  onChange={(e) => setQuantity(e.target.value)}
                  className="w-full rounded-lg border border-slate-300 px-3 py-2"
                />
              </div>
              <fieldset>
                <legend className="mb-1 block text-sm font-medium text-slate-800">Order type</legend>
                <div className="flex gap-3 pt-2 text-sm">
                  <label className="flex items-center gap-1.5">
                    <input type="radio" name="order-type" checked={type === 'market'} onChange={() => setType('market')} className="accent-brand-700" /> Market
                  </label>
                  <label className="flex items-center gap-1.5">
                    <input type="radio" name="order-type" checked={type === 'limit'} onChange={() => setType('limit')} className="accent-brand-700" /> Limit
                  </label>
                </div>
              </fieldset>
            </div>
            {type === 'limit' && (
              <div>
                <label htmlFor={ids.limit} className="mb-1 block text-sm font-medium text-slate-800">
                  Limit price per share ({side === 'buy' ? 'the most you pay' : 'the least you accept'})
                </label>
                <input
                  id={ids.limit}
                  type="number"
                  inputMode="decimal"
                  min={0.01}
                  step={0.01}
                  value={limitText}
                  onChange={(e) => setLimit(e.target.value)}
                  className="w-full rounded-lg border border-slate-300 px-3 py-2"
                />
                <p className="mt-1 text-xs text-slate-600">A limit that cannot fill now rests until the quotes reach it or the market closes (day order).</p>
              </div>
            )}
            {(!validQty || badLimit) && (
              <div role="alert" className="space-y-0.5 text-sm text-red-800">
                {!Number.isInteger(qty) && <p>Options orders must have whole number quantities</p>}
                {!(qty > 0) && <p>Order quantity must be greater than zero</p>}
                {badLimit && <p>{MESSAGES.limitPositive}</p>}
              </div>
            )}
            <dl className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm">
              <Row label="At the mid" value={q?.mark == null ? '-' : `${formatUsd(q.mark)} a share`} />
              <Row label={type === 'market' ? 'Now, as a market order fills' : 'Limit'} value={estimate === null ? '-' : `${formatUsd(estimate)} a share`} />
              <Row label="Commission" value={formatUsd(commission)} />
              <Row
                label={total !== null && total < 0 ? 'Estimated credit' : 'Estimated cost'}
                value={total === null ? '-' : formatUsd(Math.abs(total))}
                strong
              />
              <Row label="Buying power" value={formatUsd(portfolio.data.account.buyingPower)} />
            </dl>
            {settings && (
              <p className="text-xs text-slate-600">Fill model: {FILL_MODEL_LABELS[settings.fillModel]}. Change it in the portfolio&apos;s account settings.</p>
            )}
            <MarketHoursNote type={type} whenClosed={whenClosed} onChange={setWhenClosed} />
            <ChecksList checks={shownChecks} />
            <RaiseLevel checks={shownChecks} />
            <button
              type="submit"
              disabled={!validQty || blocked || (type === 'limit' && !(limitPrice > 0))}
              className="w-full rounded-lg bg-brand-700 px-4 py-3 text-sm font-bold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
            >
              Review order
            </button>
          </form>
        )}
      </section>

      {flow.confirming && portfolio.data && (
        <TradeConfirmationDialog
          trade={trade}
          account={{ name: portfolio.data.account.name, mode: 'paper' }}
          loading={flow.busy}
          error={error}
          onCancel={flow.cancel}
          onConfirm={flow.confirm}
        />
      )}
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="font-semibold tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-slate-700">{label}</dt>
      <dd className={`tabular-nums ${strong ? 'font-bold text-slate-900' : 'text-slate-900'}`}>{value}</dd>
    </div>
  );
}

function ErrorPanel({ message }: { message: string }) {
  return (
    <div role="alert" className="mx-auto max-w-xl rounded-xl bg-red-50 p-6 text-red-900 ring-1 ring-red-200">
      <h1 className="font-semibold">This contract cannot be traded right now</h1>
      <p className="mt-1 text-sm">{message}</p>
      <Link to="/app/optionschain" className="mt-3 inline-block text-sm font-semibold underline">
        Open the options chain
      </Link>
    </div>
  );
}

/** A refusal without checks (a 400 for the request itself), shown as the check that blocks the order. */
function refusal(e: unknown): ComplianceCheck {
  const message = e instanceof Error ? e.message : 'The order cannot be checked right now.';
  return { passed: false, type: 'order_validation', severity: 'error', message };
}
