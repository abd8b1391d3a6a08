import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatExpiry, formatNewYorkTime } from '@shared/format/time';
import { formatLevel } from '@shared/format/number';
import { plural } from '@shared/format/words';
import { useCancelPredictionOrder, useResetDemoAccount, type DemoAccount, type PredictionOrder, type Settlement } from '@web/api/prediction-account';
import type { Resolution } from '@web/api/prediction-markets';
import { Modal } from '@web/components/trading/modal';
import { Button } from '@web/components/ui/button';
import { pnlTone } from '@web/components/ui/pnl-tone';
import { ScrollRegion } from '@web/components/ui/scroll-region';
import { formatCents, formatCentsPnl, formatPriceCents, sideLabel } from '../lib/format';

const enc = encodeURIComponent;
const pnlClass = (cents: number | null) => (cents === null ? 'text-slate-700' : pnlTone(cents / 100));
const TH = 'px-3 py-2 font-medium';
const TD = 'px-3 py-2';

/** A market's state in words: trading, waiting for the close, resolved with its close, or void. */
export function resolutionInWords(r: Resolution): string {
  switch (r.status) {
    case 'open':
      return 'Trading';
    case 'awaiting-close':
      return 'Closed: waiting for the official close';
    case 'resolved':
      return `Resolved ${sideLabel(r.outcome)} at ${formatLevel(r.close)} (close of ${formatExpiry(r.closeDate)})`;
    case 'void':
      return `Void: ${r.reason}`;
  }
}

/** The demo balance at the top of the page: what can be spent, what resting bids hold, and the reset. */
export function BalanceSummary({ account }: { account: DemoAccount }) {
  const [confirming, setConfirming] = useState(false);
  const reset = useResetDemoAccount();
  const close = () => {
    setConfirming(false);
    reset.reset();
  };
  return (
    <section aria-labelledby="demo-balance-h" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="demo-balance-h" className="text-lg font-semibold text-slate-900">
          Your demo balance
        </h2>
        <button
          type="button"
          onClick={() => setConfirming(true)}
          className="rounded-lg px-3 py-2 text-sm font-semibold text-red-800 ring-1 ring-red-200 hover:bg-red-50"
        >
          Reset demo balance…
        </button>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <div className="rounded-xl bg-slate-50 p-3">
          <dt className="text-xs text-slate-600">Available (play money)</dt>
          <dd className="text-2xl font-bold tabular-nums text-slate-900" data-testid="demo-balance">
            {formatCents(account.balance)}
          </dd>
        </div>
        <div className="rounded-xl bg-slate-50 p-3">
          <dt className="text-xs text-slate-600">Held for resting bids</dt>
          <dd className="text-lg font-semibold tabular-nums text-slate-900">{formatCents(account.held)}</dd>
        </div>
        <div className="col-span-2 rounded-xl bg-slate-50 p-3 sm:col-span-1">
          <dt className="text-xs text-slate-600">Started with</dt>
          <dd className="text-lg font-semibold tabular-nums text-slate-900">{formatCents(account.startingBalance)}</dd>
          <dd className="text-xs text-slate-600">{account.resetAt ? `reset ${formatNewYorkTime(account.resetAt)}` : 'no deposits: reset to start again'}</dd>
        </div>
      </dl>
      {confirming && (
        <Modal
          title="Reset the demo balance?"
          onClose={close}
          locked={reset.isPending}
          footer={
            <>
              <Button variant="secondary" onClick={close} disabled={reset.isPending}>
                Keep playing
              </Button>
              <Button variant="danger" disabled={reset.isPending} onClick={() => reset.mutate(undefined, { onSuccess: () => setConfirming(false) })}>
                {reset.isPending ? 'Resetting…' : `Reset to ${formatCents(account.startingBalance)}`}
              </Button>
            </>
          }
        >
          <p className="text-sm text-slate-700">
            The balance starts again at {formatCents(account.startingBalance)} of play money. Your resting bids are canceled and your demo positions are
            cleared. Your paper account is not touched.
          </p>
          {reset.isError && (
            <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {reset.error.message}
            </p>
          )}
        </Modal>
      )}
    </section>
  );
}

function MarketLink({ id, text }: { id: string; text: string }) {
  return (
    <Link to={`/app/prediction-markets/${enc(id)}`} className="font-medium text-brand-800 hover:underline">
      {text}
    </Link>
  );
}

/** The learner's positions, open orders and settlements. */
export function AccountTables({ account }: { account: DemoAccount }) {
  return (
    <>
      <section aria-labelledby="positions-h" className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        <h2 id="positions-h" className="border-b border-slate-100 px-5 py-3 text-lg font-semibold text-slate-900">
          Your positions
        </h2>
        {account.positions.length === 0 ? (
          <p className="px-5 py-4 text-sm text-slate-700">No positions yet. Open a market below and buy YES or NO.</p>
        ) : (
          <ScrollRegion label="Positions table">
            <table className="w-full min-w-[44rem] text-sm">
              <thead>
                <tr className="text-left text-slate-600">
                  <th className={TH}>Market</th>
                  <th className={TH}>Side</th>
                  <th className={`${TH} text-right`}>Contracts</th>
                  <th className={`${TH} text-right`}>Avg price</th>
                  <th className={`${TH} text-right`}>Cost</th>
                  <th className={`${TH} text-right`}>Value at the mid</th>
                  <th className={`${TH} text-right`}>P&amp;L</th>
                  <th className={TH}>Status</th>
                </tr>
              </thead>
              <tbody>
                {account.positions.map((p) => (
                  <tr key={`${p.marketId}-${p.side}`} className="border-t border-slate-100" data-testid="prediction-position">
                    <td className={TD}>
                      <MarketLink id={p.marketId} text={p.question} />
                    </td>
                    <td className={`${TD} font-semibold`}>{sideLabel(p.side)}</td>
                    <td className={`${TD} text-right tabular-nums`}>{p.count}</td>
                    <td className={`${TD} text-right tabular-nums`}>{formatPriceCents(p.avgPrice)}</td>
                    <td className={`${TD} text-right tabular-nums`}>{formatCents(p.cost)}</td>
                    <td className={`${TD} text-right tabular-nums`}>{p.value === null ? '—' : formatCents(p.value)}</td>
                    <td className={`${TD} text-right font-semibold tabular-nums ${pnlClass(p.pnl)}`}>{p.pnl === null ? '—' : formatCentsPnl(p.pnl)}</td>
                    <td className={`${TD} text-slate-700`}>{resolutionInWords(p.resolution)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>

      <OpenOrders orders={account.openOrders} />
      <Settlements settlements={account.settlements} />
    </>
  );
}

const orderInWords = (o: PredictionOrder) =>
  `${o.action === 'buy' ? 'Buy' : 'Sell'} ${plural(o.count, `${sideLabel(o.side)} contract`)}${o.limitPrice === null ? '' : ` at ${formatPriceCents(o.limitPrice)}`}`;

function OpenOrders({ orders }: { orders: PredictionOrder[] }) {
  const cancel = useCancelPredictionOrder();
  return (
    <section aria-labelledby="open-orders-h" className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <h2 id="open-orders-h" className="border-b border-slate-100 px-5 py-3 text-lg font-semibold text-slate-900">
        Open orders
      </h2>
      {cancel.isError && (
        <p role="alert" className="mx-5 mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {cancel.error.message}
        </p>
      )}
      {orders.length === 0 ? (
        <p className="px-5 py-4 text-sm text-slate-700">
          No resting bids. A limit bid below the ask rests here until it fills, you cancel it, or the market closes.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {orders.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3 text-sm" data-testid="prediction-open-order">
              <div>
                <p className="font-medium text-slate-900">{orderInWords(o)}</p>
                <p className="text-slate-700">
                  <MarketLink id={o.marketId} text={o.question} /> · {o.filledCount} of {o.count} filled · placed {formatNewYorkTime(o.createdAt)}
                </p>
              </div>
              <Button
                variant="secondary"
                disabled={cancel.isPending}
                onClick={() => cancel.mutate(o.id)}
                aria-label={`Cancel order: ${orderInWords(o)}, ${o.question}`}
              >
                Cancel
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const outcomeInWords = (s: Settlement) => (s.outcome === 'void' ? 'Void (cost refunded)' : `${sideLabel(s.outcome)} won`);

function Settlements({ settlements }: { settlements: Settlement[] }) {
  return (
    <section aria-labelledby="settlements-h" className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <h2 id="settlements-h" className="border-b border-slate-100 px-5 py-3 text-lg font-semibold text-slate-900">
        Settlement history
      </h2>
      {settlements.length === 0 ? (
        <p className="px-5 py-4 text-sm text-slate-700">
          Nothing settled yet. A market settles once the underlying&apos;s official close of its date is in the market data: YES pays $1.00 a contract, NO
          nothing.
        </p>
      ) : (
        <ScrollRegion label="Settlements table">
          <table className="w-full min-w-[44rem] text-sm">
            <thead>
              <tr className="text-left text-slate-600">
                <th className={TH}>Market</th>
                <th className={TH}>Your side</th>
                <th className={`${TH} text-right`}>Contracts</th>
                <th className={TH}>Outcome</th>
                <th className={TH}>Close</th>
                <th className={`${TH} text-right`}>Paid</th>
                <th className={`${TH} text-right`}>P&amp;L</th>
                <th className={TH}>Settled</th>
              </tr>
            </thead>
            <tbody>
              {settlements.map((s) => (
                <tr key={`${s.marketId}-${s.side}-${s.settledAt}`} className="border-t border-slate-100" data-testid="prediction-settlement">
                  <td className={TD}>
                    <MarketLink id={s.marketId} text={s.question} />
                  </td>
                  <td className={`${TD} font-semibold`}>{sideLabel(s.side)}</td>
                  <td className={`${TD} text-right tabular-nums`}>{s.count}</td>
                  <td className={TD}>{outcomeInWords(s)}</td>
                  <td className={`${TD} tabular-nums`}>
                    {s.close === null ? '—' : `${formatLevel(s.close)}${s.closeDate ? ` on ${formatExpiry(s.closeDate)}` : ''}`}
                  </td>
                  <td className={`${TD} text-right tabular-nums`}>{formatCents(s.payout)}</td>
                  <td className={`${TD} text-right font-semibold tabular-nums ${pnlClass(s.pnl)}`}>{formatCentsPnl(s.pnl)}</td>
                  <td className={`${TD} text-slate-700`}>{formatNewYorkTime(s.settledAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
