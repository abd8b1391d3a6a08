import { useId } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES } from '@shared/compliance/checks';
import { formatUsd } from '@shared/format/money';
import { formatCount, formatNumber, formatPercent } from '@shared/format/number';
import { formatNewYorkTime } from '@shared/format/time';
import type { AccountSummary } from '@web/api/paper-account';
import { AccountSetupForm } from '@web/components/trading/account-setup-form';
import { ChecksList } from '@web/components/trading/checks-list';
import { contractLabel } from '@web/components/trading/contract-label';
import { RaiseLevel } from '@web/components/trading/raise-level';
import { TradeConfirmationDialog, type TradeDetails } from '@web/components/trading/trade-confirmation-dialog';
import { SegmentedControl } from '@web/components/ui/segmented-control';
import { Spinner } from '@web/components/ui/spinner';
import { resultText, useTicket, type Ticket as TicketState } from '../hooks/use-ticket';
import { FILL_MODEL_LABELS } from '../lib/estimate';
import { MarketHoursNote, orderTypeWithHours } from '@web/components/trading/market-hours-note';
import { StandInNote } from './live-account';
import { OrderSummary } from './order-summary';

const SIDES = [
  { value: 'buy', label: 'Buy' },
  { value: 'sell', label: 'Sell' },
] as const;

/**
 * The trade ticket for one contract, on the account chosen in the account selector: the paper account, or a connected
 * Alpaca account (paper or live environment). The quote, the form, the pre-trade summary and checks, the confirmation
 * (the live one, with its acknowledgement, for a live account) and the result are the same; what differs (the account's
 * name, the venue's words, the paper account's fill model, dry run and setup) follows from the account.
 */
export function Ticket({ contract, initialSide, account }: { contract: string; initialSide: 'buy' | 'sell'; account: AccountSummary | null | undefined }) {
  const t = useTicket({ contract, initialSide, account });
  const { venue, quote, portfolio, flow, form } = t;
  const occ = t.occ!;
  const ids = { qty: useId(), limit: useId() };

  if (t.loading) return <Spinner />;
  if (t.failure !== null) return <ErrorPanel message={t.failure} />;
  const chainLink = `/app/optionschain?ticker=${occ.underlying}&expiry=${occ.expiration}`;
  const label = contractLabel(contract);
  const placed = flow.result?.placed ?? null;

  if (placed) {
    return (
      <section className="mx-auto max-w-xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200" aria-live="polite">
        <h1 className="text-xl font-bold text-slate-900">{placed.order.status === 'filled' ? 'Order filled' : 'Order placed'}</h1>
        <p className="mt-2 text-slate-700" data-testid="order-result">
          {resultText(venue, placed, { side: form.side, qty: form.qty, label, limitPrice: form.limitPrice })}
        </p>
        {venue.kind === 'alpaca' && (
          <div className="mt-3">
            <ChecksList checks={t.checks} />
          </div>
        )}
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

  const q = quote.data?.quote;
  const s = t.summary;
  const trade: TradeDetails = {
    action: form.side === 'buy' ? 'BUY' : 'SELL',
    quantity: form.validQty ? form.qty : 0,
    symbol: label,
    orderType:
      venue.kind === 'paper'
        ? orderTypeWithHours(form.type === 'market' ? 'Market (day)' : `Limit ${formatUsd(form.limitPrice)} (day)`, form.whenClosed)
        : form.type === 'market'
          ? 'Market (day)'
          : `Limit ${formatUsd(form.limitPrice)} (day)`,
    price: s.estimate ?? 0,
    ...(s.mid === null ? {} : { midPrice: s.mid }),
    commission: s.commission,
    totalCost: s.total ?? 0,
    currency: 'USD',
  };
  const confirmAccount =
    venue.kind === 'alpaca' ? { name: venue.account.name, mode: venue.account.mode } : { name: portfolio.data?.account.name ?? 'Paper Trading', mode: 'paper' };

  return (
    <div className="mx-auto grid max-w-5xl gap-6 lg:grid-cols-[1fr_1.1fr]">
      <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="quote-h">
        <Link to={chainLink} className="text-sm font-semibold text-brand-800 hover:underline">
          ← Back to the {occ.underlying} chain
        </Link>
        <h1 id="quote-h" className="mt-2 text-2xl font-bold text-slate-900">
          {label}
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
        {t.held && (
          <p className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
            You hold {t.held.quantity > 0 ? `${t.held.quantity} long` : `${-t.held.quantity} short`} at an average {formatUsd(t.held.avgPrice)}.{' '}
            {t.held.quantity > 0 ? 'Selling' : 'Buying'} closes it.
          </p>
        )}
      </section>

      <section className="space-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="order-h">
        <h2 id="order-h" className="text-lg font-bold text-slate-900">
          {venue.kind === 'alpaca' ? `${venue.account.name} order` : 'Paper order'}
        </h2>
        {venue.kind === 'alpaca' && (
          <>
            <p className="text-sm text-slate-700">
              On <strong>{venue.account.name}</strong>: the order goes to Alpaca after the same checks as a paper order.
            </p>
            <StandInNote environment={venue.environment} />
          </>
        )}
        {t.needsPaperAccount ? <AccountSetupForm onDone={() => void portfolio.refetch()} /> : <TicketForm ticket={t} ids={ids} />}
      </section>

      {flow.confirming && (
        <TradeConfirmationDialog
          trade={trade}
          account={confirmAccount}
          loading={flow.busy}
          error={flow.error}
          onCancel={flow.cancel}
          onConfirm={flow.confirm}
        />
      )}
    </div>
  );
}

function TicketForm({ ticket: t, ids }: { ticket: TicketState; ids: { qty: string; limit: string } }) {
  const { form, venue, settings } = t;
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        t.review();
      }}
    >
      <SegmentedControl
        label="Side"
        className="grid grid-cols-2 gap-2"
        options={SIDES}
        value={form.side}
        onSelect={form.setSide}
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
            value={form.quantity}
            onChange={(e) => form.setQuantity(e.target.value)}
            className="w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        </div>
        <fieldset>
          <legend className="mb-1 block text-sm font-medium text-slate-800">Order type</legend>
          <div className="flex gap-3 pt-2 text-sm">
            <label className="flex items-center gap-1.5">
              <input type="radio" name="order-type" checked={form.type === 'market'} onChange={() => form.setType('market')} className="accent-brand-700" />{' '}
              Market
            </label>
            <label className="flex items-center gap-1.5">
              <input type="radio" name="order-type" checked={form.type === 'limit'} onChange={() => form.setType('limit')} className="accent-brand-700" /> Limit
            </label>
          </div>
        </fieldset>
      </div>
      {form.type === 'limit' && (
        <div>
          <label htmlFor={ids.limit} className="mb-1 block text-sm font-medium text-slate-800">
            Limit price per share ({form.side === 'buy' ? 'the most you pay' : 'the least you accept'})
          </label>
          <input
            id={ids.limit}
            type="number"
            inputMode="decimal"
            min={0.01}
            step={0.01}
            value={form.limitText}
            onChange={(e) => form.setLimit(e.target.value)}
            className="w-full rounded-lg border border-slate-300 px-3 py-2"
          />
          <p className="mt-1 text-xs text-slate-600">A limit that cannot fill now rests until the quotes reach it or the market closes (day order).</p>
        </div>
      )}
      {(!form.validQty || form.badLimit) && (
        <div role="alert" className="space-y-0.5 text-sm text-red-800">
          {!Number.isInteger(form.qty) && <p>Options orders must have whole number quantities</p>}
          {!(form.qty > 0) && <p>Order quantity must be greater than zero</p>}
          {form.badLimit && <p>{MESSAGES.limitPositive}</p>}
        </div>
      )}
      <OrderSummary summary={t.summary} buyingPowerLabel={venue.kind === 'alpaca' ? 'Options buying power' : 'Buying power'} />
      {settings && (
        <p className="text-xs text-slate-600">Fill model: {FILL_MODEL_LABELS[settings.fillModel]}. Change it in the portfolio&apos;s account settings.</p>
      )}
      {venue.kind === 'paper' && <MarketHoursNote type={form.type} whenClosed={form.whenClosed} onChange={form.setWhenClosed} />}
      <ChecksList checks={t.checks} />
      {venue.kind === 'paper' && <RaiseLevel checks={t.checks} />}
      <button
        type="submit"
        disabled={!t.canReview}
        className="w-full rounded-lg bg-brand-700 px-4 py-3 text-sm font-bold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
      >
        Review order
      </button>
    </form>
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
